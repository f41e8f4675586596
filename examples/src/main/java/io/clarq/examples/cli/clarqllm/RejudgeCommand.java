package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.llm.LlmClient;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RecordedInputs;
import io.clarq.eval.clarqllm.evaluate.JudgeNoise;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import io.clarq.eval.clarqllm.evaluate.RecordedRuns;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.PromptOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code clarq rejudge RUN --trials K}: the judge's share of a run's noise. The finished dialogues of a run are judged
 * K times by a model judge (trial t with seed 8848 + t - 1, no verdict cache in front of the model), and a small table
 * says how many dialogues' verdicts flip between trials and the success rate each trial gives. Nothing is written:
 * the run directory and any verdict file stay as they are. {@code clarq evaluate --judge SPEC --trials K} prints the
 * same table after the run's figures.
 */
@Command(
    name = "rejudge",
    mixinStandardHelpOptions = true,
    description = {
      "Judges a finished run's dialogues K times with a model judge and counts the verdicts that flip between"
          + " trials: the judge's share of the run's noise (docs/reports.md).",
      "The judge is the run's own model judge (recorded in its run-config.json) unless --judge names one; trial t"
          + " sends seed 8848 + t - 1 and no verdict cache stands in front of the model. Writes nothing (with"
          + " --batch, the batch's state file)."
    })
public final class RejudgeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN",
      description = "The dialogues: a run directory (clarq run --out), a clarq transcript (JSONL) or a published"
          + " results file; a published run may be named alone (provider.Chat.En) when clarq-llm is fetched.")
  Path run;

  @Option(names = "--trials", paramLabel = "K", defaultValue = "3",
      description = "How many times each dialogue is judged, 2-100. Default: ${DEFAULT-VALUE}.")
  int trials;

  @Option(names = "--judge", paramLabel = "SPEC",
      description = "The model judge: openai:MODEL or an OpenAI-compatible base URL (or use --base-url and --model)."
          + " Default: the model judge the run recorded (a run judged offline, by none or by recorded verdicts needs"
          + " one named: those never change between trials).")
  String judgeSpec;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks. Default: the tasks directory the run recorded, else clarq-llm/tasks in the"
          + " data directory (clarq data fetch clarq-llm).")
  Path tasks;

  @Option(names = "--judge-json-mode",
      description = "Ask the judge model for JSON output (response_format json_object), if the server has it; "
          + "always on with the reference prompt pack, whose judge is asked in JSON mode.")
  boolean judgeJsonMode;

  @Option(names = "--batch",
      description = "Send every trial's judge requests as one batch through the provider's batch API (openai: or"
          + " anthropic:; half price, answered within 24 hours) and poll it; its id and state are kept in"
          + " --batch-state, so a killed command polls the same batch when run again and never sends it twice.")
  boolean batch;

  @Option(names = "--batch-state", paramLabel = "FILE",
      description = "With --batch: the batch's state file. Default: judge-batch.json in RUN when RUN is a run"
          + " directory, else clarq-out/judge-batch.json.")
  Path batchState;

  @CommandLine.Mixin public LlmOptions llm;

  @CommandLine.Mixin PromptOptions prompts;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    if (trials < 2 || trials > 100) {
      throw new CommandLine.ParameterException(cl, "--trials " + trials + ": must be 2-100 (noise needs two trials)");
    }
    llm.refuseFixedSeed(cl, trials);
    run = DataDefaults.publishedRun(spec, run, "RUN");
    if (Files.isDirectory(run) && !Files.exists(run.resolve(ClarqEvaluator.TRANSCRIPT))) {
      throw new CommandLine.ParameterException(cl, "RUN " + run + ": not a run directory (it holds no "
          + ClarqEvaluator.TRANSCRIPT + ", which clarq run writes); give a run directory (clarq run --out), a clarq"
          + " transcript (JSONL) or a published results file");
    }
    Map<String, String> recorded = Files.isDirectory(run)
        ? RunSettings.read(run).map(RunSettings::recorded).orElse(Map.of()) : Map.of();
    Path transcript = Files.isDirectory(run) ? run.resolve(ClarqEvaluator.TRANSCRIPT) : run;
    InputPaths.requireFile(cl, "RUN", transcript);
    if (tasks == null && recorded.containsKey(RecordedInputs.RECORDED_TASKS)) {
      tasks = Path.of(recorded.get(RecordedInputs.RECORDED_TASKS));
    }
    tasks = DataDefaults.orFetched(spec, tasks, "--tasks", "clarq-llm", "tasks");
    InputPaths.requireDirectory(cl, "--tasks", tasks);
    if (judgeSpec == null) {
      judgeSpec = recordedJudge(cl, recorded.get(RecordedInputs.RECORDED_JUDGE));
    }
    RecordedRun dialogues = RecordedRuns.load(transcript, tasks);
    if (dialogues.dialogues().isEmpty()) {
      throw new IllegalArgumentException("no finished dialogue to judge in " + transcript);
    }
    PrintWriter err = cl.getErr();
    if (batch) {
      judgeInBatches(cl, dialogues, transcript);
      return 0;
    }
    try (LlmClient client = llm.client(cl, "--judge", judgeSpec)) {
      Judge judge = Judge.named("llm " + llm.spec(cl, "--judge", judgeSpec).model(),
          EvaluateCommand.modelJudge(cl, llm, prompts, tasks, judgeSpec, judgeJsonMode, client));
      err.println("judge " + judgeSpec + ": judging " + dialogues.dialogues().size() + " dialogues in " + trials
          + " trials" + (dialogues.notScored() == 0 ? "" : "; " + dialogues.notScored() + " line(s) of " + transcript
          + " hold no dialogue to judge (named below)"));
      err.flush();
      JudgeNoise noise = JudgeNoise.measure(dialogues, judge, trials);
      err.println("judge " + judgeSpec + ": " + llm.usageSummary());
      err.flush();
      PrintWriter out = cl.getOut();
      out.print(noise.table());
      // a torn or failed line is named and counted, never dropped in silence
      if (dialogues.notScored() > 0) {
        out.println("not judged: " + dialogues.notScored() + " line(s) of " + transcript + " (" + dialogues.counted()
            + ")");
      }
      dialogues.notes().forEach(n -> out.println("note: " + n));
      out.flush();
    }
    return 0;
  }

  // the trials' requests in batches: passes until every answer is in, the state beside the dialogues
  private void judgeInBatches(CommandLine cl, RecordedRun dialogues, Path transcript) throws Exception {
    PrintWriter err = cl.getErr();
    // never beside a published results file: that folder is the data, not an output
    Path state = batchState != null ? batchState : Files.isDirectory(run) ? run.resolve("judge-batch.json")
        : Path.of("clarq-out", "judge-batch.json");
    try (io.clarq.core.llm.batch.BatchClient client = llm.batchClient(cl, "--judge", judgeSpec, state, line -> {
      err.println("judge " + judgeSpec + ": " + line);
      err.flush();
    })) {
      io.clarq.eval.clarqllm.evaluate.BatchJudging.Waiting judge = io.clarq.eval.clarqllm.evaluate.BatchJudging.waitingAsUnanswered(
          Judge.named("llm "
          + llm.spec(cl, "--judge", judgeSpec).model(), EvaluateCommand.modelJudge(cl, llm, prompts, tasks, judgeSpec,
          judgeJsonMode, client)));
      err.println("judge " + judgeSpec + ": judging " + dialogues.dialogues().size() + " dialogues in " + trials
          + " trials through the batch API");
      err.flush();
      JudgeNoise noise = io.clarq.eval.clarqllm.evaluate.BatchJudging.passes(client, judge,
          () -> JudgeNoise.measure(dialogues, judge, trials));
      err.println("judge " + judgeSpec + ": " + llm.usageSummary());
      err.println("judge " + judgeSpec + ": " + io.clarq.eval.clarqllm.evaluate.BatchJudging.summary(client, llm.prices()));
      err.flush();
      PrintWriter out = cl.getOut();
      out.print(noise.table());
      if (dialogues.notScored() > 0) {
        out.println("not judged: " + dialogues.notScored() + " line(s) of " + transcript + " (" + dialogues.counted()
            + ")");
      }
      dialogues.notes().forEach(n -> out.println("note: " + n));
      out.flush();
    }
  }

  /**
   * The spec of the run's recorded model judge: "llm:openai:gpt-4o" gives openai:gpt-4o, and "llm:openai:m @ URL, URL"
   * gives openai:m with those base URLs (unless --base-url is given). A run judged otherwise, or by a model with body
   * fields of its own, needs --judge.
   */
  private String recordedJudge(CommandLine cl, String recorded) {
    if (recorded != null && recorded.startsWith("llm:") && !recorded.contains(" with ")) {
      String[] at = recorded.substring("llm:".length()).split(" @ ", 2);
      if (at.length == 2 && llm.baseUrls == null) {
        llm.baseUrls = List.of(at[1].split(", "));
      }
      cl.getErr().println("judge: " + recorded.substring("llm:".length()) + ", as the run recorded it");
      return at[0];
    }
    throw new CommandLine.ParameterException(cl, "give --judge SPEC: " + (recorded == null
        ? "the run records no model judge" : recorded.startsWith("llm:")
            ? "the run's judge " + recorded.substring("llm:".length()) + " set body fields; name it with --judge"
            : "the run was judged by " + recorded + ", which gives the same verdict every trial"));
  }
}
