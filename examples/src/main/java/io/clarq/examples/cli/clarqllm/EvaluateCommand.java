package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.llm.LlmClient;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.eval.clarqllm.evaluate.EvaluationReport;
import io.clarq.eval.clarqllm.evaluate.JudgeNoise;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import io.clarq.eval.clarqllm.evaluate.RecordedRuns;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import io.clarq.eval.report.RunReport;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.PromptOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code clarq evaluate}: scores a published ClarQ-LLM results file or a clarq JSONL transcript with the reference
 * metrics. Without {@code --verdicts} or {@code --judge} no judge is asked: dialogues the verbatim stages cannot
 * decide are listed as unjudged (left out of success, never counted as failures). With {@code --judge SPEC} a model
 * answers what the verdicts do not, and every new verdict is appended to {@code --judge-verdicts}.
 */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description = {
      "Scores recorded ClarQ-LLM dialogues: success, AQD, AQL as the reference evaluator computes them.",
      "Reads a published results file (transcripts/*.json) or a clarq JSONL transcript; tells them apart itself.",
      "Without --verdicts or --judge no judge is asked: dialogues the verbatim check cannot decide are reported as"
          + " unjudged.",
      "With --judge SPEC a model answers what --verdicts does not hold; new verdicts go to --judge-verdicts.",
      "--judge offline asks the strict text judge instead (no model). --report DIR writes DIR/report.html."
    })
public final class EvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks: the folder holding English/ and Chinese/, or one language's folder, or"
          + " 'demo' for the demo tasks shipped in the jar (a `clarq demo` run, a study of the demo tasks)."
          + " Default: clarq-llm/tasks in the data directory (clarq data fetch clarq-llm).")
  Path tasks;

  @Option(names = "--transcripts", required = true, paramLabel = "FILE",
      description = "The dialogues: a published results file (JSON) or a clarq transcript (JSONL); a published run"
          + " may be named alone (provider.Chat.En) when clarq-llm is fetched.")
  Path transcripts;

  @Option(names = "--verdicts", paramLabel = "FILE",
      description = "Replay the judge's verdicts from this file (e.g. clarq-llm/judge-verdicts.jsonl); read only."
          + " Default for a published run in the data directory: the paper's GPT-4o verdicts, when `clarq data fetch"
          + " clarq-llm-reference` has derived them.")
  Path verdicts;

  @Option(names = "--no-judge",
      description = "Ask no judge at all: report every dialogue the verbatim check cannot decide as unjudged.")
  boolean noJudge;

  @Option(names = "--json", description = "Print one JSON object instead of the table.")
  boolean json;

  @Option(names = "--judge", paramLabel = "SPEC",
      description = "Who decides what the verbatim check and --verdicts cannot: 'offline' (the strict text judge, no"
          + " model), or a model: openai:MODEL, or an OpenAI-compatible base URL (or use --base-url and --model).")
  String judgeSpec;

  @Option(names = "--report", paramLabel = "DIR",
      description = "Also write the self-contained HTML report to DIR/report.html.")
  Path reportDir;

  @Option(names = "--judge-verdicts", paramLabel = "FILE", defaultValue = "clarq-out/judge-verdicts.jsonl",
      description = "The verdict cache --judge reads first and appends every new verdict to (created if missing; "
          + "default: ${DEFAULT-VALUE}). Unparsed replies are reported, never cached.")
  Path judgeVerdicts;

  @Option(names = "--judge-json-mode",
      description = "Ask the judge model for JSON output (response_format json_object), if the server has it; "
          + "always on with the reference prompt pack, whose judge is asked in JSON mode.")
  boolean judgeJsonMode;

  @Option(names = "--trials", paramLabel = "K", defaultValue = "1",
      description = "With --judge SPEC: judge the same dialogues K times more, trial t with seed 8848 + t - 1 and no"
          + " verdict cache in front of the model (a cache would replay one verdict every trial), and print after the"
          + " figures how many dialogues' verdicts flip between trials: the judge's share of a run's noise. Default:"
          + " 1 (no noise table).")
  int trials;

  @Option(names = "--batch",
      description = "With --judge openai:MODEL or anthropic:MODEL: send every pending judge request as one batch"
          + " through the provider's batch API (half price, answered within 24 hours) and poll it; its id and state"
          + " are kept in judge-batch.json beside --judge-verdicts, so a killed command polls the same batch when run"
          + " again and never sends it twice. Entries that expire or fail go into the next batch; after 3 failures"
          + " the evaluation fails with the provider's reason.")
  boolean batch;

  @CommandLine.Mixin public LlmOptions llm;

  @CommandLine.Mixin PromptOptions prompts;

  @Override
  public Integer call() throws Exception {
    tasks = DataDefaults.orFetched(spec, tasks, "--tasks", "clarq-llm", "tasks");
    transcripts = DataDefaults.publishedRun(spec, transcripts, "--transcripts");
    if (verdicts == null && !noJudge) {
      verdicts = DataDefaults.referenceVerdicts(spec, java.util.List.of(transcripts)).orElse(null);
      if (verdicts != null) {
        DataDefaults.announceVerdicts(spec, verdicts);
      }
    }
    checkArguments();
    RecordedRun run = RecordedRuns.load(transcripts, tasks);
    if (run.dialogues().isEmpty()) {
      throw new IllegalArgumentException("no finished dialogue to score in " + transcripts
          + (run.notes().isEmpty() ? "" : " (" + String.join("; ", run.notes()) + ")"));
    }
    EvaluationReport report;
    boolean offline = judgeSpec != null && judgeSpec.trim().equals("offline");
    if (judgeSpec != null && !offline) {
      report = judgeWithModel(run);
    } else {
      Judge base = offline ? new OfflineJudge() : Judge.none();
      if (verdicts == null) {
        report = new EvaluationReport(run, ClarqEvaluation.score(run, base), OptionalInt.empty(), base.name());
      } else {
        try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(verdicts, base)) {
          ClarqSummary summary = ClarqEvaluation.score(run, judge);
          report = new EvaluationReport(run, summary, OptionalInt.of(judge.hits()), judge.name());
        }
      }
    }
    if (reportDir != null) {
      Path page = reportDir.resolve(RunReport.FILE);
      RunReport.write(report.reportInput(), page);
      spec.commandLine().getErr().println("report: " + page);
      spec.commandLine().getErr().flush();
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(report.jsonText());
    } else {
      out.print(report.table());
    }
    if (noise != null) {
      PrintWriter to = json ? spec.commandLine().getErr() : out;   // stdout holds one JSON object
      to.print(json ? "" : "\n");
      to.print(noise.table());
      to.flush();
    }
    out.flush();
    return 0;
  }

  private LlmJudge judge(LlmClient client) {
    return modelJudge(spec.commandLine(), llm, prompts, tasks, judgeSpec, judgeJsonMode, client);
  }

  /**
   * The LLM judge {@code judgeSpec} names through the prompt pack (announced on stderr): the reference pack's judge is
   * asked in JSON mode, as the paper's is, and any pack's with {@code jsonMode}.
   */
  static LlmJudge modelJudge(CommandLine cl, LlmOptions llm, PromptOptions prompts, Path tasks, String judgeSpec,
      boolean jsonMode, LlmClient client) {
    io.clarq.core.prompt.PromptPack pack = prompts.pack(cl, java.util.Optional.of(tasks));
    PromptOptions.announce(pack, cl.getErr());
    boolean json = jsonMode || pack.behaviour() == io.clarq.core.prompt.PackBehaviour.REFERENCE;
    LlmClient bound = client.withModel(llm.spec(cl, "--judge", judgeSpec).model());
    return LlmJudge.builder(bound.withCapabilities(bound.capabilities().withJsonMode(json))).prompts(pack).build();
  }

  /** "llm MODEL with prompt pack ID", and the pack's label: the reference pack only when unmodified. */
  static String modelJudgeName(String model, LlmJudge judge) {
    io.clarq.core.prompt.PromptPack pack = judge.prompts();
    return "llm " + model + " with prompt pack " + pack.id() + pack.label().map(l -> " (" + l + ")").orElse("");
  }

  /** Where a batch judge keeps its state: beside the verdict cache. */
  static Path batchState(Path judgeVerdicts) {
    return judgeVerdicts.toAbsolutePath().resolveSibling("judge-batch.json");
  }

  // as judgeWithModel, the model's requests sent in batches: passes until every answer is in
  private EvaluationReport judgeInBatches(RecordedRun run) throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    java.util.function.Consumer<String> progress = line -> {
      err.println("judge " + judgeSpec + ": " + line);
      err.flush();
    };
    io.clarq.core.llm.batch.BatchClient client = llm.batchClient(spec.commandLine(), "--judge", judgeSpec,
        batchState(judgeVerdicts), progress);
    io.clarq.eval.clarqllm.evaluate.BatchJudging.Waiting waiting = io.clarq.eval.clarqllm.evaluate.BatchJudging.waitingAsUnanswered(
        named(judge(client)));
    try (client;
        VerdictCacheJudge asked = VerdictCacheJudge.open(judgeVerdicts, waiting);
        VerdictCacheJudge recorded = verdicts == null ? VerdictCacheJudge.of(java.util.List.of(), asked)
            : VerdictCacheJudge.readOnly(verdicts, asked)) {
      ClarqSummary summary = io.clarq.eval.clarqllm.evaluate.BatchJudging.passes(client, waiting,
          () -> ClarqEvaluation.score(run, recorded));
      if (trials > 1) {
        err.println("judge " + judgeSpec + ": judging the same dialogues in " + trials + " trials");
        err.flush();
        io.clarq.eval.clarqllm.evaluate.BatchJudging.Waiting plain = io.clarq.eval.clarqllm.evaluate.BatchJudging.waitingAsUnanswered(
            Judge.named("llm " + llm.spec(spec.commandLine(), "--judge", judgeSpec).model(), judge(client)));
        noise = io.clarq.eval.clarqllm.evaluate.BatchJudging.passes(client, plain, () -> JudgeNoise.measure(run, plain,
            trials));
      }
      err.println("judge " + judgeSpec + ": " + llm.usageSummary() + "; " + asked.appended()
          + " new verdicts appended to " + judgeVerdicts);
      err.println("judge " + judgeSpec + ": " + io.clarq.eval.clarqllm.evaluate.BatchJudging.summary(client, llm.prices()));
      err.flush();
      return new EvaluationReport(run, summary, OptionalInt.of(recorded.hits() + asked.hits()), recorded.name(),
          io.clarq.eval.clarqllm.evaluate.BatchJudging.BATCH);
    }
  }

  // recorded verdicts first (read only), then the judge's own verdict cache, then the model
  private EvaluationReport judgeWithModel(RecordedRun run) throws Exception {
    if (batch) {
      return judgeInBatches(run);
    }
    try (LlmClient client = llm.client(spec.commandLine(), "--judge", judgeSpec);
        VerdictCacheJudge asked = VerdictCacheJudge.open(judgeVerdicts, named(judge(client)));
        VerdictCacheJudge recorded = verdicts == null ? VerdictCacheJudge.of(java.util.List.of(), asked)
            : VerdictCacheJudge.readOnly(verdicts, asked)) {
      ClarqSummary summary = ClarqEvaluation.score(run, recorded);
      PrintWriter err = spec.commandLine().getErr();
      if (trials > 1) {
        err.println("judge " + judgeSpec + ": judging the same dialogues in " + trials + " trials");
        err.flush();
        noise = JudgeNoise.measure(run, Judge.named("llm " + llm.spec(spec.commandLine(), "--judge", judgeSpec)
            .model(), judge(client)), trials);
      }
      err.println("judge " + judgeSpec + ": " + llm.usageSummary() + "; " + asked.appended()
          + " new verdicts appended to " + judgeVerdicts);
      err.flush();
      return new EvaluationReport(run, summary, OptionalInt.of(recorded.hits() + asked.hits()), recorded.name());
    }
  }

  private Judge named(LlmJudge judge) {
    return Judge.named(modelJudgeName(llm.spec(spec.commandLine(), "--judge", judgeSpec).model(), judge), judge);
  }

  /** The judge noise, when --trials asked for it. */
  private JudgeNoise noise;

  private void checkArguments() {
    CommandLine cl = spec.commandLine();
    if (trials < 1 || trials > 100) {
      throw new CommandLine.ParameterException(cl, "--trials " + trials + ": must be 1-100");
    }
    llm.refuseFixedSeed(cl, trials);
    if (trials > 1 && (judgeSpec == null || judgeSpec.trim().equals("offline"))) {
      throw new CommandLine.ParameterException(cl, "--trials " + trials + " measures a model judge's noise: give"
          + " --judge SPEC (the offline judge and recorded verdicts never change between trials)");
    }
    if ((judgeSpec == null || judgeSpec.trim().equals("offline")) && llm.anyGiven()) {
      throw new CommandLine.ParameterException(cl, "--base-url, --model and the other model options go with "
          + "--judge SPEC");
    }
    if (batch && (judgeSpec == null || judgeSpec.trim().equals("offline"))) {
      throw new CommandLine.ParameterException(cl, "--batch sends a model judge's requests through its provider's"
          + " batch API: give --judge openai:MODEL or anthropic:MODEL");
    }
    if (noJudge && judgeSpec != null) {
      throw new CommandLine.ParameterException(cl, "--no-judge and --judge exclude each other");
    }
    if (noJudge && verdicts != null) {
      throw new CommandLine.ParameterException(cl, "--no-judge and --verdicts exclude each other: --no-judge asks"
          + " no judge, not even the verdict cache");
    }
    if (!tasks.toString().equals(io.clarq.eval.clarqllm.evaluate.RecordedRuns.DEMO_TASKS) || java.nio.file.Files.exists(tasks)) {
      InputPaths.requireDirectory(cl, "--tasks", tasks);
    }
    InputPaths.requireFile(cl, "--transcripts", transcripts);
    if (verdicts != null) {
      InputPaths.requireFile(cl, "--verdicts", verdicts);
    }
  }
}
