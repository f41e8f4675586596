package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.console.ConsoleSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.prompt.PromptPack;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.ForecastCache;
import io.clarq.eval.clarqllm.ForecastTable;
import io.clarq.eval.clarqllm.RecordedInputs;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.eval.clarqllm.RunForecasts;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.Shard;
import io.clarq.examples.cli.AgentSpecs;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.PromptOptions;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clarq run}: plays the ClarQ-LLM benchmark between a seeker and a provider, writes transcripts, results and
 * a summary, and resumes an interrupted run in the same output directory.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    header = "Runs the ClarQ-LLM benchmark: your seeker against a provider; resumable.",
    description = {
      "Runs the ClarQ-LLM benchmark: a seeker asks a provider about each task; transcripts.jsonl, results.json,",
      "summary.md and report.html go to --out. Rerun the same command to resume: finished dialogues are kept, failed",
      "ones retried.",
      "Progress is printed to stderr."
    })
public final class RunCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final RunRoles roles = new RunRoles(this);

  @Mixin public LlmOptions llm;

  @Mixin PromptOptions prompts;

  @Option(names = "--seeker", paramLabel = "SPEC",
      description = "The seeker: [comp:|chat:]MODEL-SPEC for the paper's baseline LLM seeker in Completion (default)"
          + " or Chat mode, e.g. chat:openai:gpt-4o; 'rule' for the demo's rule-based seeker (no model: a dry "
          + "rehearsal, e.g. of a sharded run on a cluster); 'console' to play it yourself; or SCHEME:ARGS for a "
          + "seeker of your own that a jar on the class path provides (a SeekerAgentProvider; see "
          + "examples/plugin-seeker). Give --seeker or --agent.")
  String seekerSpec;

  @Option(names = "--agent", paramLabel = "SPEC", description = AgentSpecs.DESCRIPTION
      + " It plays the seeker.")
  String agentSpec;

  @Option(names = "--provider", required = true, paramLabel = "SPEC",
      description = "The provider: a model spec (openai:gpt-4o, or a base URL) for the LLM provider agent, or "
          + "'offline' for the provider that needs no model (clarq-retrieval's offline provider).")
  String providerSpec;

  @Option(names = "--multi-info", description = "The multi-info provider: several answerable lines in one reply.")
  boolean multiInfo;

  @Option(names = "--lang", paramLabel = "en|zh|both", defaultValue = "en",
      description = "Languages to run (default: ${DEFAULT-VALUE}).")
  String lang;

  @Option(names = "--split", paramLabel = "test|dev", defaultValue = "test",
      description = "Task split (default: ${DEFAULT-VALUE}, the 260 tasks per language of the benchmark).")
  String split;

  @Option(names = "--select", paramLabel = "LIST", defaultValue = "",
      description = "Only these tasks: types (3), type ranges (3-5) or tasks (3.2), comma-separated.")
  String select;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks: the folder holding English/ and Chinese/, or one language's folder."
          + " Default: clarq-llm/tasks in the data directory (clarq data fetch clarq-llm).")
  Path tasks;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The output directory.")
  Path out;

  @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4",
      description = "Dialogues in flight (default: ${DEFAULT-VALUE}; 1 with the console seeker).")
  int concurrency;

  /** The old name of {@code --concurrency}, taken exactly like it (same checks); not both. */
  @Option(names = "--threads", hidden = true, paramLabel = "N")
  Integer oldThreads;

  @Option(names = "--max-seeker-turns", paramLabel = "N", defaultValue = "12",
      description = "Seeker utterances before the dialogue is cut (default: ${DEFAULT-VALUE}, the reference's).")
  int maxSeekerTurns;

  @Option(names = "--lenient-end", description = "End on any 'goodbye'/'bye' in any case, not only the reference's"
      + " case-sensitive 'Goodbye'.")
  boolean lenientEnd;

  @CommandLine.Mixin ShardOptions sharding;

  @Option(names = "--trials", paramLabel = "K", defaultValue = "1",
      description = "Play every selected task K times (default: ${DEFAULT-VALUE}). Trial 1 is the reference protocol"
          + " (seed 8848); trial t sends seed 8848 + t - 1. The headline figures stay trial 1's; results.json,"
          + " summary.md and report.html add success per trial, pass^k and pass@k for k = 1..K, the share of tasks"
          + " whose verdict flips and the spread across trials. Shards, resume and merge take trials like tasks.")
  int trials;

  @Option(names = "--verdicts", paramLabel = "FILE", description = "Judge leftover gold lines by replaying this "
      + "verdict file (e.g. clarq-llm/judge-verdicts.jsonl) first; without it or --judge they are reported unjudged.")
  Path verdicts;

  @Option(names = "--judge", paramLabel = "offline|none|SPEC",
      description = "Who decides gold lines the verbatim check (and --verdicts) cannot: 'offline', the strict text"
          + " judge that needs no model; 'none' (reported unjudged, with the success range); or a model SPEC "
          + "(openai:gpt-4o, a base URL) judging live through the prompt pack, its verdicts appended to "
          + "judge-verdicts.jsonl in --out and reused on resume. Default: offline with --provider offline, else none.")
  String judgeSpec;

  @Option(names = "--judge-batch",
      description = "With --judge openai:MODEL or anthropic:MODEL: the judge asks through the provider's batch API"
          + " (half price, answered within 24 hours) while play stays synchronous. The dialogues are scored after"
          + " play, all pending judge requests in one batch per pass, with the bodies the synchronous judge sends;"
          + " the batch's id and state are kept in judge-batch.json in --out, so a killed run polls the same batch"
          + " when run again and never sends it twice. results.json records judge_mode batch; the forecast prices"
          + " the judge at batch prices.")
  boolean judgeBatch;
  @Option(names = "--batch", description = "Play turn-synchronously through the providers' batch APIs (openai: the"
      + " Batch API, anthropic: Message Batches; half price, answered within 24 hours): each pass plays every"
      + " dialogue until it needs an answer not in yet, then one batch per model goes out with the next call of every"
      + " waiting dialogue, and the next pass takes them further. The batches' ids and answers are kept in"
      + " batch-*.json in --out, so a killed run polls the same batch when started again and never sends it twice."
      + " Request bodies are those of synchronous play; an entry failing in 3 batches fails its dialogue.")
  boolean batch;

  @Option(names = "--dry-run", description = "Call no model and write nothing: print the dialogues and, per role"
      + " (seeker, provider, judge), the expected model calls, input and output tokens as a low-high range, with"
      + " their cost when --prices is given. The range comes from the published runs' seeker turns (see"
      + " --forecast-data) and the reference traces' calls per turn (shipped with clarq), or, on a resume, from the"
      + " dialogues already finished in --out, after the run's own settings check: a resume the run would refuse is"
      + " refused, with its reason. A real run writes the same forecast into results.json beside the actual figures.")
  boolean dryRun;

  @Option(names = "--forecast-data", paramLabel = "DIR", description = "The clarq-llm data folder holding"
      + " transcripts/ (the published runs, from clarq data fetch clarq-llm), for the forecast. Default: the nearest"
      + " folder above --tasks that holds it.")
  Path forecastData;

  /** The state file of a judge asking through a batch API, in the output directory. */
  static final String JUDGE_BATCH_STATE = "judge-batch.json";

  /** The verdict file a live judge appends to, in the output directory. */
  static final String JUDGE_VERDICTS = "judge-verdicts.jsonl";

  /** How a seeker spec names an asking agent given with {@code --agent}. */
  static final String AGENT = "agent:";

  /** What the last {@code --dry-run} of this command forecast, for a caller that sums several ({@code clarq suite}). */
  private RunForecast dryRunForecast;

  @Override
  public Integer call() throws Exception {
    concurrency = OldOptionNames.resolve(spec, "--concurrency", concurrency, "--threads", oldThreads);
    CommandLine cl = spec.commandLine();
    tasks = DataDefaults.orFetched(spec, tasks, "--tasks", "clarq-llm", "tasks");
    if ((seekerSpec == null) == (agentSpec == null)) {
      throw new CommandLine.ParameterException(cl, "give one of --seeker SPEC and --agent SPEC");
    }
    if (seekerSpec != null && seekerSpec.startsWith(AGENT)) {
      agentSpec = seekerSpec.substring(AGENT.length());   // --seeker agent:SPEC is --agent SPEC
    }
    if (agentSpec != null) {
      AgentSpecs.check(cl, "--agent", agentSpec);
      seekerSpec = AGENT + agentSpec;   // recorded as the seeker's spec in the run's settings
    }
    checkArguments(cl);
    List<AutoCloseable> closing = new ArrayList<>();
    try {
      // every option is read before a client is made: a wrong option is named before a missing key is
      EnumSet<Language> languages = languages(cl);
      Split chosenSplit = parse(cl, "--split", split, Split::parse);
      TaskSelection selection = parse(cl, "--select", select, TaskSelection::parse);
      Shard chosenShard = sharding.shard(cl);
      out = ShardOptions.out(cl, "--out", out, chosenShard);
      Optional<RunForecast> forecast = forecast(cl, languages, chosenSplit, selection, chosenShard);
      boolean resumes = Files.exists(out.resolve(RunSettings.FILE)) || Files.exists(out.resolve(
          ClarqEvaluator.TRANSCRIPT));
      if (dryRun && !resumes) {
        dryRunForecast = forecast.orElseThrow();
        cl.getOut().print(ForecastTable.table(forecast.orElseThrow(), llm.prices()));
        cl.getOut().flush();
        return 0;
      }
      if (dryRun) {
        // the resume check needs the agents; a dry run writes nothing, so no response cache file is opened
        llm.cache = null;
        llm.replayOnly = false;
        llm.cacheAll = false;
      }
      PromptPack pack = prompts.pack(cl, Optional.of(tasks));
      SeekerAgent seeker = roles.seeker(cl, closing);
      ProviderAgent provider = roles.provider(cl, closing);
      Optional<io.clarq.core.llm.batch.BatchPasses> batches = roles.batchPasses(cl, closing);
      // the fingerprint names the judge by its description; a live judge would open its verdict file
      Judge judge = dryRun ? Judge.none() : roles.judge(cl, pack, closing);
      PrintWriter err = cl.getErr();
      if (!dryRun && (!seekerSpec.equals("console") || !providerSpec.equals("offline")
          || roles.judgeKind(cl).startsWith("llm:"))) {
        PromptOptions.announce(pack, err);   // only when an LLM agent speaks from the pack
      }
      RunConfig.Builder config = RunConfig.builder();
      roles.modelSettings(cl, seeker).forEach(config::setting);
      // what 'clarq merge' needs to rebuild the judge from the shards alone (not part of the fingerprint)
      config.record(RecordedInputs.RECORDED_JUDGE, roles.judgeKind(cl));
      if (verdicts != null) {
        config.record(RecordedInputs.RECORDED_VERDICTS, verdicts.toAbsolutePath().normalize().toString());
      }
      if (roles.judgeKind(cl).startsWith("llm:")) {
        config.record(RecordedInputs.RECORDED_LIVE_VERDICTS, JUDGE_VERDICTS);
      }
      forecast.ifPresent(config::forecast);
      if (!dryRun && forecast.isPresent() && llm.prices().isPresent()) {
        err.println("clarq run: " + ForecastTable.costLine(forecast.get(), llm.prices().get()));
        err.flush();
      }
      batches.ifPresent(config::batches);
      RunConfig built = config
          .tasks(tasks)
          .prompts(pack)
          .languages(languages)
          .split(chosenSplit)
          .selection(selection)
          .seeker(seeker)
          .provider(provider)
          .judge(judge, RunRoles.judgeDescription(verdicts, roles.judgeKind(cl)))
          .shard(chosenShard)
          .trials(trials)
          .maxSeekerTurns(maxSeekerTurns)
          .endDetection(lenientEnd ? EndDetection.LENIENT : EndDetection.REFERENCE)
          .concurrency(seeker instanceof ConsoleSeeker ? 1 : concurrency)
          .output(out)
          .listener(RunProgressLines.to(err))
          .build();
      if (dryRun) {
        // the same settings check as the run's: a resume the run would refuse is not forecast
        Optional<String> refused = ClarqEvaluator.resumeRefusal(built);
        if (refused.isPresent()) {
          throw new IllegalStateException("--dry-run: the run would be refused, so there is no forecast: "
              + refused.get());
        }
        dryRunForecast = forecast.orElseThrow();
        cl.getOut().print(ForecastTable.table(forecast.orElseThrow(), llm.prices()));
        cl.getOut().flush();
        return 0;
      }
      RunResult result = ClarqEvaluator.run(built);
      PrintWriter stdout = cl.getOut();
      stdout.print(result.summary());
      stdout.println("transcripts: " + result.transcript());
      stdout.println("results:     " + result.results());
      stdout.println("report:      " + result.reportFile());
      if (llm.usage().calls() > 0) {
        stdout.println("model usage: " + llm.usageSummary());
      }
      roles.judgeBatch().ifPresent(b -> {
        stdout.println("judge " + judgeSpec + ": " + io.clarq.eval.clarqllm.evaluate.BatchJudging.summary(b.client(),
            llm.prices()));
        if (b.client().waiting()) {
          err.println("judge " + judgeSpec + ": judge batch still open (" + b.client().stateFile() + "); rerun the"
              + " same command to poll it and score the dialogues left unscored");
        }
      });
      batches.ifPresent(b -> b.summary(llm.prices()).forEach(line -> stdout.println("play " + line)));
      stdout.flush();
      if (!result.failed().isEmpty()) {
        throw new IllegalStateException(result.failed().size() + " dialogue(s) failed (listed in "
            + result.summaryFile() + "); rerun the same command to retry them");
      }
      return 0;
    } finally {
      for (int i = closing.size() - 1; i >= 0; i--) {
        closing.get(i).close();
      }
    }
  }

  /** The forecast the last {@code --dry-run} of this command printed; empty before one (or after a real run). */
  public Optional<RunForecast> dryRunForecast() {
    return Optional.ofNullable(dryRunForecast);
  }

  /**
   * The run's forecast ({@link RunForecasts}): from the dialogues already finished in --out when there are any, else
   * from the published runs and the call statistics shipped with clarq. Empty (with a note on stderr) for a real run
   * whose forecast data are missing; a dry run fails then.
   */
  private Optional<RunForecast> forecast(CommandLine cl, EnumSet<Language> languages, Split chosenSplit,
      TaskSelection selection, Shard chosenShard) {
    RunForecasts.Request request = new RunForecasts.Request(tasks, Optional.ofNullable(forecastData),
        List.copyOf(languages), chosenSplit, selection, trials, chosenShard, out, multiInfo, maxSeekerTurns,
        roles.forecastModels(cl));
    try {
      return RunForecasts.forRun(request, ForecastCache.ofEnvironment(), dryRun,
          why -> cl.getErr().println("clarq run: no forecast (" + why + ")")).map(f -> f.inBatch(roles.batchRoles()));
    } catch (RunForecasts.NoForecastData e) {   // only a dry run gets here
      throw new CommandLine.ParameterException(cl, "--dry-run needs the published runs: " + e.getMessage()
          + "; name their folder with --forecast-data (clarq data fetch clarq-llm)");
    }
  }

  private EnumSet<Language> languages(CommandLine cl) {
    switch (lang.toLowerCase(Locale.ROOT)) {
      case "both":
        return EnumSet.allOf(Language.class);
      default:
        return EnumSet.of(parse(cl, "--lang", lang, Language::parse));
    }
  }

  private void checkArguments(CommandLine cl) {
    InputPaths.requireDirectory(cl, "--tasks", tasks);
    if (verdicts != null) {
      InputPaths.requireFile(cl, "--verdicts", verdicts);
    }
    if (concurrency < 1) {
      throw new CommandLine.ParameterException(cl, "--concurrency " + concurrency + ": must be at least 1");
    }
    if (maxSeekerTurns < 1) {
      throw new CommandLine.ParameterException(cl, "--max-seeker-turns " + maxSeekerTurns + ": must be at least 1");
    }
    if (trials < 1 || trials > 1000) {
      throw new CommandLine.ParameterException(cl, "--trials " + trials + ": must be 1-1000");
    }
    llm.refuseFixedSeed(cl, trials);
    // the seeker, provider and judge specs too, so that their errors come first and once (not inside a forecast note)
    if (!seekerSpec.startsWith(AGENT)) {
      SeekerSpecs.check(cl, "--seeker", seekerSpec);
    }
    roles.forecastModels(cl);
    roles.checkBatch(cl);
    if (!providerSpec.equals("offline")) {
      roles.knownScheme(cl, "--provider", providerSpec);
    }
    if (roles.judgeKind(cl).startsWith("llm:")) {
      roles.knownScheme(cl, "--judge", judgeSpec);
    }
    if (judgeBatch && !roles.judgeKind(cl).startsWith("llm:")) {
      throw new CommandLine.ParameterException(cl, "--judge-batch sends a model judge's requests through a batch API;"
          + " give --judge openai:MODEL or anthropic:MODEL");
    }
    if (judgeBatch && llm.cache != null) {
      throw new CommandLine.ParameterException(cl, "--judge-batch and --llm-cache exclude each other: the batch keeps"
          + " the judge's answers in " + JUDGE_BATCH_STATE + " in --out, and a replayed run must make no live call");
    }
  }

  static <T> T parse(CommandLine cl, String option, String text, java.util.function.Function<String, T> f) {
    try {
      return f.apply(text);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage(), e, null, text);
    }
  }
}
