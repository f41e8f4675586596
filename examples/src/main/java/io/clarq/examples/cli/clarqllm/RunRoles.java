package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.seeker.AskingSeeker;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerAgents;
import io.clarq.core.clarqllm.seeker.console.ConsoleSeeker;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.prompt.PromptPack;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.eval.clarqllm.TurnUsage;
import io.clarq.eval.clarqllm.evaluate.BatchJudging;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import io.clarq.examples.cli.AgentSpecs;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.OfflineJudgeChoice;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import io.clarq.retrieval.clarqllm.OfflineProviderSettings;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;

/**
 * Who plays each role of a {@code clarq run}, from the command's options: the seeker (a model, a provided or built-in
 * agent, the console or an asking agent), the provider, the judge behind any replayed verdicts, and how each is named
 * in the run's settings and forecast. The options are checked here before any client is made.
 */
final class RunRoles {
  private final RunCommand run;
  /** The judge's batch, once {@link #judge} made one. */
  private Optional<BatchJudging.Batched> judgeBatch = Optional.empty();
  /** With --batch: the batch clients by model identity, in the order made. */
  private final Map<String, BatchClient> batchClients = new LinkedHashMap<>();

  RunRoles(RunCommand run) {
    this.run = run;
  }

  /** The models that play the roles, by name ("" for a role no model plays), without making a client. */
  RunForecast.Models forecastModels(CommandLine cl) {
    String seekerModel = "";
    if (run.seekerSpec.startsWith(RunCommand.AGENT)) {
      seekerModel = AgentSpecs.modelSpec(run.agentSpec).map(m -> modelName(run.llm.spec(cl, "--agent", m), m))
          .orElse("");
    } else if (!run.seekerSpec.equals("rule") && !run.seekerSpec.equals("console") && !providedSeeker()) {
      seekerModel = modelName(run.llm.spec(cl, "--seeker", seekerModelSpec()), seekerModelSpec());
    }
    String providerModel = run.providerSpec.equals("offline") ? ""
        : modelName(run.llm.spec(cl, "--provider", run.providerSpec), run.providerSpec);
    String judgeModel = judgeKind(cl).startsWith("llm:")
        ? modelName(run.llm.spec(cl, "--judge", run.judgeSpec), run.judgeSpec) : "";
    return new RunForecast.Models(seekerModel, providerModel, judgeModel);
  }

  private static String modelName(io.clarq.core.llm.LlmSpec spec, String text) {
    return spec.model().isEmpty() ? text : spec.model();
  }

  boolean providedSeeker() {
    try {
      return SeekerAgents.fromSpec(run.seekerSpec).isPresent();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The run's judge: {@code --verdicts} replayed first (read only), then the judge {@code --judge} names (the offline
   * judge by default with the offline provider, else none; a model SPEC judges live through the pack, its verdicts
   * appended to {@link RunCommand#JUDGE_VERDICTS} in the output directory). With {@code --judge-batch} the model asks
   * through its batch API ({@link BatchJudging.Batched}), its state in {@link RunCommand#JUDGE_BATCH_STATE} there.
   */
  Judge judge(CommandLine cl, PromptPack pack, List<AutoCloseable> closing) throws java.io.IOException {
    String kind = judgeKind(cl);
    Judge judge;
    BatchClient batch = null;
    BatchJudging.Waiting waiting = null;
    if (kind.equals("offline") || kind.equals("none")) {
      judge = new OfflineJudgeChoice().convert(kind);
    } else {
      Files.createDirectories(run.out);
      String model = run.llm.spec(cl, "--judge", run.judgeSpec).model();
      LlmClient client;
      if (run.judgeBatch) {
        batch = batchClient(cl, closing);
        client = batch;
      } else {
        client = client(cl, "--judge", run.judgeSpec, closing);
      }
      Judge live = Judge.named("llm " + (model.isEmpty() ? run.judgeSpec : model),
          LlmJudge.builder(client.withModel(model)).prompts(pack).build());
      if (batch != null) {
        waiting = BatchJudging.waitingAsUnanswered(live);
        live = waiting;
      }
      VerdictCacheJudge asked = VerdictCacheJudge.open(run.out.resolve(RunCommand.JUDGE_VERDICTS), live);
      closing.add(asked);
      judge = asked;
    }
    Judge front = replayedFirst(run.verdicts, judge, closing);
    if (batch == null) {
      return front;
    }
    BatchJudging.Batched batched = new BatchJudging.Batched(front, batch, waiting);
    judgeBatch = Optional.of(batched);
    return batched;
  }

  // the judge's batch client, its steps told on stderr
  private BatchClient batchClient(CommandLine cl, List<AutoCloseable> closing) {
    java.io.PrintWriter err = cl.getErr();
    BatchClient c = run.llm.alsoTell(TurnUsage.listener()).batchClient(cl, "--judge", run.judgeSpec,
        run.out.resolve(RunCommand.JUDGE_BATCH_STATE), line -> {
          err.println("judge " + run.judgeSpec + ": " + line);
          err.flush();
        });
    closing.add(c);
    return c;
  }

  /** The judge's batch, when {@code --judge-batch} made one ({@link #judge}). */
  Optional<BatchJudging.Batched> judgeBatch() {
    return judgeBatch;
  }

  /** The roles whose models ask through a batch API (the forecast prices them at batch prices). */
  java.util.Set<String> batchRoles() {
    java.util.Set<String> roles = new java.util.LinkedHashSet<>();
    if (run.batch) {
      roles.add("seeker");
      roles.add("provider");
    }
    if (run.judgeBatch) {
      roles.add("judge");
    }
    return roles;
  }

  /** "offline", "none", or "llm:" + the judge model's identity (no credentials). */
  String judgeKind(CommandLine cl) {
    if (run.judgeSpec == null) {
      return run.providerSpec.equals("offline") ? "offline" : "none";
    }
    if (run.judgeSpec.equals("offline") || run.judgeSpec.equals("none")) {
      return run.judgeSpec;
    }
    return "llm:" + identity(run.llm.spec(cl, "--judge", run.judgeSpec));
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
    return verdicts == null ? kind
        : "verdicts:" + verdicts.getFileName() + (kind.equals("none") ? "" : " then " + kind);
  }

  /** Who answers for the seeker and the provider (models and servers, without credentials), for the fingerprint. */
  Map<String, String> modelSettings(CommandLine cl, SeekerAgent seeker) {
    Map<String, String> out = new LinkedHashMap<>();
    if (!(seeker instanceof LlmSeeker)) {
      if (!run.seekerSpec.equals("console") && !run.seekerSpec.equals("rule")) {
        out.put("seeker_spec", run.seekerSpec);   // a provided seeker: its arguments change what it says
      }
      if (run.agentSpec != null && AgentSpecs.modelSpec(run.agentSpec).isPresent()) {
        out.put("seeker_model", identity(run.llm.spec(cl, "--agent", run.agentSpec)));
      }
    } else {
      out.put("seeker_model", identity(run.llm.spec(cl, "--seeker", seekerModelSpec())));
    }
    if (!run.providerSpec.equals("offline")) {
      out.put("provider_model", identity(run.llm.spec(cl, "--provider", run.providerSpec)));
    }
    return out;
  }

  /** A model's identity with the body fields the user set, which change what it is asked. */
  static String identity(io.clarq.core.llm.LlmSpec spec) {
    return spec.identity() + (spec.params().isEmpty() ? "" : " with " + spec.params());
  }

  String seekerModelSpec() {
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (run.seekerSpec.startsWith(m.shortName() + ":")) {
        return run.seekerSpec.substring(m.shortName().length() + 1);
      }
    }
    return run.seekerSpec;
  }

  SeekerAgent seeker(CommandLine cl, List<AutoCloseable> closing) {
    if (run.seekerSpec.startsWith(RunCommand.AGENT)) {
      return new AskingSeeker(AgentSpecs.open(cl, "--agent", run.agentSpec, run.llm.alsoTell(TurnUsage.listener()),
          closing));
    }
    if (run.seekerSpec.equals("rule")) {
      return new RuleBasedSeeker();
    }
    if (run.seekerSpec.equals("console")) {
      return new ConsoleSeeker(new InputStreamReader(System.in, StandardCharsets.UTF_8), cl.getOut());
    }
    Optional<SeekerAgent> provided;
    try {
      provided = SeekerAgents.fromSpec(run.seekerSpec);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--seeker: " + e.getMessage(), e, null, run.seekerSpec);
    }
    if (provided.isPresent()) {
      return provided.get();
    }
    if (run.batch) {
      LlmSeeker.Mode mode = LlmSeeker.Mode.COMPLETION;
      for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
        if (run.seekerSpec.startsWith(m.shortName() + ":")) {
          mode = m;
        }
      }
      return LlmSeeker.builder(batchClient(cl, "--seeker", seekerModelSpec()).withModel(
          run.llm.spec(cl, "--seeker", seekerModelSpec()).model())).mode(mode).build();
    }
    return llmSeeker(cl, "--seeker", run.seekerSpec, run.llm, closing);
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

  ProviderAgent provider(CommandLine cl, List<AutoCloseable> closing) {
    if (run.providerSpec.equals("offline")) {
      return new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(run.multiInfo));
    }
    LlmClient client = run.batch ? batchClient(cl, "--provider", run.providerSpec)
        : client(cl, "--provider", run.providerSpec, closing);
    return LlmProviderAgent.builder(client.withModel(run.llm.spec(cl, "--provider", run.providerSpec).model()))
        .multiInfo(run.multiInfo).build();
  }

  /**
   * With {@code --batch}, the batch client of a model role: one per model (a batch holds one model's requests), so a
   * seeker and a provider of the same model share one, its state in the run folder ({@code batch-seeker.json},
   * {@code batch-provider.json}, or {@code batch-seeker-provider.json} for a shared one).
   */
  private BatchClient batchClient(CommandLine cl, String option, String specText) {
    String identity = identity(run.llm.spec(cl, option, specText));
    BatchClient shared = batchClients.get(identity);
    if (shared != null) {
      return shared;
    }
    boolean bothRoles = llmSeekerSpec().isPresent() && !run.providerSpec.equals("offline")
        && identity(run.llm.spec(cl, "--seeker", llmSeekerSpec().get())).equals(identity(run.llm.spec(cl,
            "--provider", run.providerSpec)));
    String file = bothRoles ? "batch-seeker-provider.json" : "batch-" + option.substring(2) + ".json";
    BatchClient c = run.llm.alsoTell(TurnUsage.listener()).batchClient(cl, option, specText, run.out.resolve(file),
        line -> {
          cl.getErr().println("clarq run: " + line);
          cl.getErr().flush();
        });
    batchClients.put(identity, c);
    return c;
  }

  /**
   * With {@code --batch}, the clients the seeker's and provider's models answer through, stepped together between
   * the passes of turn-synchronous play; call after {@link #seeker} and {@link #provider}. Empty without
   * {@code --batch}.
   */
  Optional<BatchPasses> batchPasses(CommandLine cl, List<AutoCloseable> closing) {
    if (!run.batch) {
      return Optional.empty();
    }
    BatchPasses passes = BatchPasses.of(List.copyOf(batchClients.values()), line -> {
      cl.getErr().println("clarq run: " + line);
      cl.getErr().flush();
    });
    closing.add(passes);
    return Optional.of(passes);
  }

  /** The model spec of the paper's LLM seeker (without its mode), when the seeker is one. */
  Optional<String> llmSeekerSpec() {
    if (run.seekerSpec.startsWith(RunCommand.AGENT) || run.seekerSpec.equals("rule")
        || run.seekerSpec.equals("console") || providedSeeker()) {
      return Optional.empty();
    }
    return Optional.of(seekerModelSpec());
  }

  /**
   * Refuses {@code --batch} where turn-synchronous play cannot work: no model role, a seeker clarq does not replay
   * deterministically from its answers (the console, an asking agent, a provided seeker), or a response cache.
   */
  void checkBatch(CommandLine cl) {
    if (!run.batch) {
      return;
    }
    if (run.seekerSpec.startsWith(RunCommand.AGENT) || run.seekerSpec.equals("console") || providedSeeker()) {
      throw new CommandLine.ParameterException(cl, "--batch plays the paper's LLM seeker (or the rule seeker) and"
          + " the LLM provider turn-synchronously, replaying each dialogue from its batch answers; --seeker "
          + run.seekerSpec + " is not one of them: give a model spec, or run without --batch");
    }
    if (llmSeekerSpec().isEmpty() && run.providerSpec.equals("offline")) {
      throw new CommandLine.ParameterException(cl, "--batch sends the seeker's and provider's model calls through"
          + " batch APIs, but neither role is played by a model here: give --seeker or --provider a model spec"
          + " (openai:MODEL or anthropic:MODEL)");
    }
  }

  /** A client from the shared LLM options, also reporting each reply to the runner's per-turn usage. */
  LlmClient client(CommandLine cl, String option, String specText, List<AutoCloseable> closing) {
    LlmClient c = run.llm.alsoTell(TurnUsage.listener()).client(cl, option, specText);
    closing.add(c);
    return c;
  }

  /** Refuses a model spec whose scheme no client on the class path serves, as making its client would. */
  void knownScheme(CommandLine cl, String option, String specText) {
    try {
      io.clarq.core.llm.LlmClients.keyEnv(run.llm.spec(cl, option, specText));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + specText + ": " + e.getMessage(), e, null,
          specText);
    }
  }
}
