package io.clarq.examples.cli.clarqllm;

import io.clarq.examples.cli.OfflineJudgeChoice;
import io.clarq.examples.cli.AgentSpecs;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.ProgressLine;
import io.clarq.examples.cli.PromptOptions;
import io.clarq.examples.cli.ShardOptions;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.seeker.AskingSeeker;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerAgents;
import io.clarq.core.clarqllm.seeker.console.ConsoleSeeker;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.ForecastCache;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.ForecastTable;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.eval.clarqllm.RunForecasts;
import io.clarq.eval.clarqllm.RunListener;
import io.clarq.eval.clarqllm.RecordedInputs;
import io.clarq.eval.clarqllm.RunProgress;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.clarqllm.TurnUsage;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import io.clarq.retrieval.clarqllm.OfflineProviderSettings;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /** The verdict file a live judge appends to, in the output directory. */
  static final String JUDGE_VERDICTS = "judge-verdicts.jsonl";

  /** How a seeker spec names an asking agent given with {@code --agent}. */
  static final String AGENT = "agent:";

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
      SeekerAgent seeker = seeker(cl, closing);
      ProviderAgent provider = provider(cl, closing);
      // the fingerprint names the judge by its description; a live judge would open its verdict file
      Judge judge = dryRun ? Judge.none() : judge(cl, pack, closing);
      PrintWriter err = cl.getErr();
      if (!dryRun && (!seekerSpec.equals("console") || !providerSpec.equals("offline")
          || judgeKind(cl).startsWith("llm:"))) {
        PromptOptions.announce(pack, err);   // only when an LLM agent speaks from the pack
      }
      RunConfig.Builder config = RunConfig.builder();
      modelSettings(cl, seeker).forEach(config::setting);
      // what 'clarq merge' needs to rebuild the judge from the shards alone (not part of the fingerprint)
      config.record(RecordedInputs.RECORDED_JUDGE, judgeKind(cl));
      if (verdicts != null) {
        config.record(RecordedInputs.RECORDED_VERDICTS, verdicts.toAbsolutePath().normalize().toString());
      }
      if (judgeKind(cl).startsWith("llm:")) {
        config.record(RecordedInputs.RECORDED_LIVE_VERDICTS, JUDGE_VERDICTS);
      }
      forecast.ifPresent(config::forecast);
      RunConfig built = config
          .tasks(tasks)
          .prompts(pack)
          .languages(languages)
          .split(chosenSplit)
          .selection(selection)
          .seeker(seeker)
          .provider(provider)
          .judge(judge, judgeDescription(verdicts, judgeKind(cl)))
          .shard(chosenShard)
          .trials(trials)
          .maxSeekerTurns(maxSeekerTurns)
          .endDetection(lenientEnd ? EndDetection.LENIENT : EndDetection.REFERENCE)
          .concurrency(seeker instanceof ConsoleSeeker ? 1 : concurrency)
          .output(out)
          .listener(progressTo(err))
          .build();
      if (dryRun) {
        // the same settings check as the run's: a resume the run would refuse is not forecast
        Optional<String> refused = ClarqEvaluator.resumeRefusal(built);
        if (refused.isPresent()) {
          throw new IllegalStateException("--dry-run: the run would be refused, so there is no forecast: "
              + refused.get());
        }
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

  /**
   * The run's forecast ({@link RunForecasts}): from the dialogues already finished in --out when there are any, else
   * from the published runs and the call statistics shipped with clarq. Empty (with a note on stderr) for a real run
   * whose forecast data are missing; a dry run fails then.
   */
  private Optional<RunForecast> forecast(CommandLine cl, EnumSet<Language> languages, Split chosenSplit,
      TaskSelection selection, Shard chosenShard) {
    RunForecasts.Request request = new RunForecasts.Request(tasks, Optional.ofNullable(forecastData),
        List.copyOf(languages), chosenSplit, selection, trials, chosenShard, out, multiInfo, maxSeekerTurns,
        forecastModels(cl));
    try {
      return RunForecasts.forRun(request, ForecastCache.ofEnvironment(), dryRun,
          why -> cl.getErr().println("clarq run: no forecast (" + why + ")"));
    } catch (RunForecasts.NoForecastData e) {   // only a dry run gets here
      throw new CommandLine.ParameterException(cl, "--dry-run needs the published runs: " + e.getMessage()
          + "; name their folder with --forecast-data (clarq data fetch clarq-llm)");
    }
  }

  /** The models that play the roles, by name ("" for a role no model plays), without making a client. */
  private RunForecast.Models forecastModels(CommandLine cl) {
    String seekerModel = "";
    if (seekerSpec.startsWith(AGENT)) {
      seekerModel = AgentSpecs.modelSpec(agentSpec).map(m -> modelName(llm.spec(cl, "--agent", m), m)).orElse("");
    } else if (!seekerSpec.equals("rule") && !seekerSpec.equals("console") && !providedSeeker()) {
      seekerModel = modelName(llm.spec(cl, "--seeker", seekerModelSpec()), seekerModelSpec());
    }
    String providerModel = providerSpec.equals("offline") ? ""
        : modelName(llm.spec(cl, "--provider", providerSpec), providerSpec);
    String judgeModel = judgeKind(cl).startsWith("llm:") ? modelName(llm.spec(cl, "--judge", judgeSpec), judgeSpec)
        : "";
    return new RunForecast.Models(seekerModel, providerModel, judgeModel);
  }

  private static String modelName(io.clarq.core.llm.LlmSpec spec, String text) {
    return spec.model().isEmpty() ? text : spec.model();
  }

  private boolean providedSeeker() {
    try {
      return SeekerAgents.fromSpec(seekerSpec).isPresent();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The run's judge: {@code --verdicts} replayed first (read only), then the judge {@code --judge} names (the offline
   * judge by default with the offline provider, else none; a model SPEC judges live through the pack, its verdicts
   * appended to {@link #JUDGE_VERDICTS} in the output directory).
   */
  private Judge judge(CommandLine cl, PromptPack pack, List<AutoCloseable> closing) throws java.io.IOException {
    String kind = judgeKind(cl);
    Judge judge;
    if (kind.equals("offline") || kind.equals("none")) {
      judge = new OfflineJudgeChoice().convert(kind);
    } else {
      Files.createDirectories(out);
      String model = llm.spec(cl, "--judge", judgeSpec).model();
      LlmJudge live = LlmJudge.builder(client(cl, "--judge", judgeSpec, closing).withModel(model)).prompts(pack).build();
      VerdictCacheJudge asked = VerdictCacheJudge.open(out.resolve(JUDGE_VERDICTS),
          Judge.named("llm " + (model.isEmpty() ? judgeSpec : model), live));
      closing.add(asked);
      judge = asked;
    }
    return replayedFirst(verdicts, judge, closing);
  }

  /** "offline", "none", or "llm:" + the judge model's identity (no credentials). */
  private String judgeKind(CommandLine cl) {
    if (judgeSpec == null) {
      return providerSpec.equals("offline") ? "offline" : "none";
    }
    if (judgeSpec.equals("offline") || judgeSpec.equals("none")) {
      return judgeSpec;
    }
    return "llm:" + identity(llm.spec(cl, "--judge", judgeSpec));
  }

  /** {@code judge} behind the replayed verdicts of {@code verdicts} (read only), when given. */
  static Judge replayedFirst(Path verdicts, Judge judge, List<AutoCloseable> closing) {
    if (verdicts == null) {
      return judge;
    }
    VerdictCacheJudge v = VerdictCacheJudge.readOnly(verdicts, judge);
    closing.add(v);
    return v;
  }

  /**
   * How the run's fingerprint names the judge: the verdict file's name (so shards on other machines agree) and the
   * judge behind it.
   */
  static String judgeDescription(Path verdicts, String kind) {
    return verdicts == null ? kind : "verdicts:" + verdicts.getFileName() + (kind.equals("none") ? "" : " then " + kind);
  }

  /** Who answers for the seeker and the provider (models and servers, without credentials), for the fingerprint. */
  private Map<String, String> modelSettings(CommandLine cl, SeekerAgent seeker) {
    Map<String, String> out = new LinkedHashMap<>();
    if (!(seeker instanceof LlmSeeker)) {
      if (!seekerSpec.equals("console") && !seekerSpec.equals("rule")) {
        out.put("seeker_spec", seekerSpec);   // a provided seeker: its arguments change what it says
      }
      if (agentSpec != null && AgentSpecs.modelSpec(agentSpec).isPresent()) {
        out.put("seeker_model", identity(llm.spec(cl, "--agent", agentSpec)));
      }
    } else {
      out.put("seeker_model", identity(llm.spec(cl, "--seeker", seekerModelSpec())));
    }
    if (!providerSpec.equals("offline")) {
      out.put("provider_model", identity(llm.spec(cl, "--provider", providerSpec)));
    }
    return out;
  }

  /** A model's identity with the body fields the user set, which change what it is asked. */
  static String identity(io.clarq.core.llm.LlmSpec spec) {
    return spec.identity() + (spec.params().isEmpty() ? "" : " with " + spec.params());
  }

  private String seekerModelSpec() {
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (seekerSpec.startsWith(m.shortName() + ":")) {
        return seekerSpec.substring(m.shortName().length() + 1);
      }
    }
    return seekerSpec;
  }

  private SeekerAgent seeker(CommandLine cl, List<AutoCloseable> closing) {
    if (seekerSpec.startsWith(AGENT)) {
      return new AskingSeeker(AgentSpecs.open(cl, "--agent", agentSpec, llm.alsoTell(TurnUsage.listener()), closing));
    }
    if (seekerSpec.equals("rule")) {
      return new RuleBasedSeeker();
    }
    if (seekerSpec.equals("console")) {
      return new ConsoleSeeker(new InputStreamReader(System.in, StandardCharsets.UTF_8), cl.getOut());
    }
    Optional<SeekerAgent> provided;
    try {
      provided = SeekerAgents.fromSpec(seekerSpec);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--seeker: " + e.getMessage(), e, null, seekerSpec);
    }
    if (provided.isPresent()) {
      return provided.get();
    }
    return llmSeeker(cl, "--seeker", seekerSpec, llm, closing);
  }

  /**
   * The paper's baseline LLM seeker from a {@code [comp:|chat:]MODEL-SPEC} (Completion mode by default), its client
   * metered per turn; clients opened are added to {@code closing}.
   */
  static LlmSeeker llmSeeker(CommandLine cl, String option, String spec, LlmOptions llm, List<AutoCloseable> closing) {
    LlmSeeker.Mode mode = LlmSeeker.Mode.COMPLETION;
    String modelSpec = spec;
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (spec.startsWith(m.shortName() + ":")) {
        mode = m;
        modelSpec = spec.substring(m.shortName().length() + 1);
      }
    }
    LlmClient c = llm.alsoTell(TurnUsage.listener()).client(cl, option, modelSpec);
    closing.add(c);
    return LlmSeeker.builder(c.withModel(llm.spec(cl, option, modelSpec).model())).mode(mode).build();
  }

  private ProviderAgent provider(CommandLine cl, List<AutoCloseable> closing) {
    if (providerSpec.equals("offline")) {
      return new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(multiInfo));
    }
    return LlmProviderAgent.builder(client(cl, "--provider", providerSpec, closing)
        .withModel(llm.spec(cl, "--provider", providerSpec).model())).multiInfo(multiInfo).build();
  }

  /** A client from the shared LLM options, also reporting each reply to the runner's per-turn usage. */
  private LlmClient client(CommandLine cl, String option, String specText, List<AutoCloseable> closing) {
    LlmClient c = llm.alsoTell(TurnUsage.listener()).client(cl, option, specText);
    closing.add(c);
    return c;
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
    forecastModels(cl);
    if (!providerSpec.equals("offline")) {
      knownScheme(cl, "--provider", providerSpec);
    }
    if (judgeKind(cl).startsWith("llm:")) {
      knownScheme(cl, "--judge", judgeSpec);
    }
  }

  /** Refuses a model spec whose scheme no client on the class path serves, as making its client would. */
  private void knownScheme(CommandLine cl, String option, String specText) {
    try {
      io.clarq.core.llm.LlmClients.keyEnv(llm.spec(cl, option, specText));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + specText + ": " + e.getMessage(), e, null,
          specText);
    }
  }

  static <T> T parse(CommandLine cl, String option, String text, java.util.function.Function<String, T> f) {
    try {
      return f.apply(text);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage(), e, null, text);
    }
  }

  private static RunListener progressTo(PrintWriter err) {
    return new RunListener() {
      @Override
      public void started(RunProgress p) {
        err.println("clarq run: " + p.total() + " dialogues, " + p.resumed() + " already finished");
        err.flush();
      }

      @Override
      public void dialogueDone(DialogueRecord record, RunProgress p) {
        err.println(p.line() + (record.finished() ? "" : "  [" + record.language().code() + " " + record.taskId()
            + " failed: " + record.error().orElse("") + "]") + ProgressLine.rateLimitNote());
        err.flush();
      }
    };
  }
}
