package io.clarq.examples.cli.toa;

import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.llm.AskerPrompt;
import io.clarq.core.toa.llm.AskerTemplate;
import io.clarq.core.toa.llm.LlmAsker;
import io.clarq.core.toa.llm.LlmChoiceOracle;
import io.clarq.core.toa.llm.LlmPrimaryModel;
import io.clarq.core.toa.llm.LlmYesNoOracle;
import io.clarq.datasets.toa.AskerPromptsFile;
import io.clarq.datasets.toa.FileAsker;
import io.clarq.datasets.toa.FlmJsonl;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.toa.ToaPipeline;
import io.clarq.eval.toa.ToaReport;
import io.clarq.eval.toa.ToaRun;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.ProgressLine;
import io.clarq.examples.cli.ShardOptions;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code clarq toa}: task-oriented asking on FLM examples. */
@Command(
    name = "toa",
    mixinStandardHelpOptions = true,
    description = "Task-oriented asking (TOA): asker -> oracle -> primary model on FLM examples.",
    subcommands = {ToaCommand.Run.class, ToaCommand.Merge.class})
public final class ToaCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code clarq toa run}. */
  @Command(
      name = "run",
      mixinStandardHelpOptions = true,
      description = {
        "Runs every FLM example through the asker, the oracle and the primary model, appending results to",
        "OUT/toa-results.jsonl (a rerun resumes; a second writer is refused), writes OUT/results.json, summary.md and",
        "report.html, and prints F1 and EM, both recoveries (ratios of the means, as the paper reports them) with",
        "bootstrap 95%% intervals, MFRR, the response flow and the hallucination rate.",
        "LLM specs: SCHEME:MODEL (openai:gpt-4o) or a base URL; the LLM options below apply to every spec.",
        "Example: clarq toa run --flm dev-flm.jsonl --asker repeater --oracle offline --primary openai:gpt-4o-mini"})
  public static final class Run implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--flm", required = true, paramLabel = "FILE", description = "FLM examples (clarq flm make).")
    Path flm;

    @Option(names = "--asker", paramLabel = "SPEC",
        description = "repeater, file:PATH (JSONL of {\"id\", \"question\"}), or an LLM spec. Give --asker or"
            + " --agent.")
    String asker;

    @Option(names = "--agent", paramLabel = "SPEC", description = io.clarq.examples.cli.AgentSpecs.DESCRIPTION
        + " It plays the asker.")
    String agent;

    @Option(names = "--asker-template", paramLabel = "NAME",
        description = "Our prompt for an LLM asker: direct, encyclopedia, reason-then-ask (default direct).")
    String askerTemplate;

    @Option(names = "--asker-prompt", paramLabel = "N|FILE",
        description = "The paper's prompt for an LLM asker (Appendix A.1), read from --asker-prompts: 1-3 zero-shot,"
            + " 4-6 five-shot (with --asker-examples); or a FILE holding a prompt with the placeholders {context},"
            + " {q1} and optionally {in_context_examples}.")
    String askerPrompt;

    @Option(names = "--asker-prompts", defaultValue = "../shared/data/flm-toa/asker-prompts.json",
        paramLabel = "FILE", description = "The paper's asker prompts as data (default ${DEFAULT-VALUE}).")
    Path askerPrompts;

    @Option(names = "--asker-examples", paramLabel = "FILE",
        description = "In-context examples put verbatim in place of {in_context_examples} (five-shot prompts).")
    Path askerExamples;

    @Option(names = "--oracle", defaultValue = "offline", paramLabel = "SPEC",
        description = "offline (BM25, no LLM) or an LLM spec (default ${DEFAULT-VALUE}).")
    String oracle;

    @Option(names = "--oracle-mode", defaultValue = "yesno", paramLabel = "MODE",
        description = "How an LLM oracle chooses: yesno (the reference's P(yes) per candidate) or choice"
            + " (numbered shuffled candidates) (default ${DEFAULT-VALUE}).")
    String oracleMode;

    @Option(names = "--choice-unparsed", defaultValue = "RECORD", paramLabel = "WHAT",
        description = "A choice reply naming no candidate: RECORD (unparsed, counted) or RANDOM_INDEX (the"
            + " paper's behaviour, still counted) (default ${DEFAULT-VALUE}).")
    LlmChoiceOracle.Unparsed choiceUnparsed;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
        description = "Seed of the choice oracle's shuffle (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--primary", required = true, paramLabel = "SPEC", description = "The primary model's LLM spec.")
    String primary;

    @Option(names = "--out", defaultValue = "toa-run", paramLabel = "DIR",
        description = "Run directory (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--concurrency", defaultValue = "4", paramLabel = "N",
        description = "Examples run at once. Default: ${DEFAULT-VALUE}.")
    int threads;

    /** The old name of {@code --concurrency}, taken exactly like it (same checks); not both. */
    @Option(names = "--threads", hidden = true, paramLabel = "N")
    Integer oldThreads;

    @Option(names = "--json", description = "Print the figures as JSON.")
    boolean json;

    @Option(names = "--improvability",
        description = "Also ask the primary model with every candidate fact as the response and report the share of"
            + " improvable examples (one extra call per candidate, counted before the run starts).")
    boolean improvability;

    @Option(names = "--batch", description = "Run through the providers' batch APIs (openai: or anthropic: models;"
        + " half price, answered within 24 hours): each pass plays every example until it needs an answer not in"
        + " yet, then one batch per model goes out with the next call of every waiting example. The batches are kept"
        + " in batch-MODEL.json in --out, so a killed run polls the same batch when started again. Not with --agent.")
    boolean batch;

    @Option(names = "--dry-run", description = "Call no model and write nothing: print the calls, tokens and cost (with"
        + " --prices; the batch price with --batch) per role, the calls counted from the pipeline's structure and the"
        + " input tokens measured on the prompts the run's agents render for the selected examples.")
    boolean dryRun;

    /** What the last {@code --dry-run} of this command forecast, for a caller that sums several. */
    public io.clarq.eval.clarqllm.RunForecast dryRunForecast;

    @Mixin RecoveryBootstrapOptions bootstrapOptions;

    @Mixin public LlmOptions llm;

    @Mixin ShardOptions sharding;

    private final Map<String, LlmClient> clients = new LinkedHashMap<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
      llm.alsoTell(io.clarq.eval.kernel.ItemUsage.listener());   // each example's usage by role, in the run's usage
      threads = OldOptionNames.resolve(spec, "--concurrency", threads, "--threads", oldThreads);
      if ((asker == null) == (agent == null)) {
        throw new ParameterException(spec.commandLine(), "give one of --asker SPEC and --agent SPEC");
      }
      if (agent != null) {
        io.clarq.examples.cli.AgentSpecs.check(spec.commandLine(), "--agent", agent);
      }
      if (threads < 1) {
        throw new ParameterException(spec.commandLine(), "--concurrency " + threads + ": must be at least 1");
      }
      if (batch && agent != null) {
        throw new ParameterException(spec.commandLine(), "--batch plays the LLM asker, oracle and primary model,"
            + " replaying each example from its batch answers; --agent " + agent + " is not one of them: run it"
            + " without --batch");
      }
      List<FlmExample> examples = FlmJsonl.read(flm);
      if (examples.isEmpty()) {
        throw new IllegalArgumentException("--flm " + flm + ": no examples in the file (empty); make them with clarq"
            + " flm make");
      }
      Shard shard = sharding.shard(spec.commandLine());
      out = ShardOptions.out(spec.commandLine(), "--out", out, shard);
      io.clarq.eval.clarqllm.RenderedCalls rendered = dryRun ? ToaDryRun.rendering(llm) : null;
      try {
        ToaPipeline pipeline;
        RecoveryBootstrap bootstrap;
        try {
          pipeline = new ToaPipeline(asker(examples), oracle(), LlmPrimaryModel.builder(client("--primary", primary)
              .withModel(model("--primary", primary))).build(), improvability);
          bootstrap = bootstrapOptions.bootstrap();
        } catch (IllegalArgumentException e) {
          throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (dryRun) {
          dryRunForecast = ToaDryRun.print(pipeline, shard.of(examples), rendered, models(), agent != null, batch,
              llm, spec.commandLine().getOut());
          return 0;
        }
        if (improvability) {
          spec.commandLine().getErr().printf(java.util.Locale.ROOT, "--improvability: %d extra primary-model calls, one per candidate fact"
              + " of the %d examples (examples already finished in %s cost none)%n",
              examples.stream().mapToInt(pipeline::extraCalls).sum(), examples.size(), out);
          spec.commandLine().getErr().flush();
        }
        RunKernel.Plan plan = new RunKernel.Plan(out, shard, threads, "clarq-toa");
        Optional<BatchPasses> passes = batch ? Optional.of(BatchPasses.of(clients.values().stream()
            .map(c -> (BatchClient) c).toList(), this::progress)) : Optional.empty();
        ToaRun.Result r = ToaRun.run(pipeline, examples, passes.map(plan::withBatches).orElse(plan), bootstrap,
            models(), ProgressLine.listener(spec.commandLine().getErr(), "toa run: examples"));
        passes.ifPresent(p -> p.summary(llm.prices()).forEach(line -> progress("play " + line)));
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
          o.println(ToaReport.json(r.summary()));
        } else {
          o.printf(Locale.ROOT, "TOA run in %s: %d examples (%d run now, %d resumed)%n", out, r.outcomes().size(), r.ran(),
              r.resumed());
          o.printf(Locale.ROOT, "asker %s, oracle %s, primary %s%n", pipeline.asker().describe(), pipeline.oracle().describe(),
              pipeline.primary().describe());
          o.print(ToaReport.text(r.summary()));
          if (!clients.isEmpty()) {
            o.println(llm.usageSummary());
          }
        }
        o.flush();
        return 0;
      } finally {
        clients.values().forEach(LlmClient::close);
      }
    }

    /** The models behind the agents, by role, for the results: only the roles an LLM plays. */
    private Map<ModelRole, ModelRef> models() {
      Map<ModelRole, ModelRef> m = new java.util.EnumMap<>(ModelRole.class);
      if (agent != null) {
        io.clarq.examples.cli.AgentSpecs.modelSpec(agent).ifPresent(a ->
            m.put(ModelRole.ASKER, ModelRef.of(llm.spec(spec.commandLine(), "--agent", a))));
      } else if (!asker.equals("repeater") && !asker.startsWith("file:")) {
        m.put(ModelRole.ASKER, ModelRef.of(llm.spec(spec.commandLine(), "--asker", asker)));
      }
      if (!oracle.equals("offline")) {
        m.put(ModelRole.ORACLE, ModelRef.of(llm.spec(spec.commandLine(), "--oracle", oracle)));
      }
      m.put(ModelRole.PRIMARY, ModelRef.of(llm.spec(spec.commandLine(), "--primary", primary)));
      return m;
    }

    private Asker asker(List<FlmExample> examples) throws IOException {
      if (agent != null) {
        List<AutoCloseable> opened = new java.util.ArrayList<>();
        io.clarq.core.asking.AskingAgent a = io.clarq.examples.cli.AgentSpecs.open(spec.commandLine(), "--agent",
            agent, llm, opened);
        opened.forEach(o -> clients.put("--agent", (LlmClient) o));
        return new io.clarq.core.toa.AskingAsker(a);
      }
      if (asker.equals("repeater")) {
        return new RepeaterAsker();
      }
      if (asker.startsWith("file:")) {
        return FileAsker.read(Path.of(asker.substring(5)), examples);
      }
      AskerPrompt prompt = askerPrompt();   // options first: a wrong template is named before a missing key
      return LlmAsker.builder(client("--asker", asker).withModel(model("--asker", asker))).prompt(prompt).build();
    }

    /** Ours (--asker-template), the paper's by number, or a prompt file (--asker-prompt). */
    private AskerPrompt askerPrompt() throws IOException {
      if (askerPrompt == null) {
        if (askerExamples != null) {
          throw new IllegalArgumentException("--asker-examples needs --asker-prompt");
        }
        return AskerTemplate.parse(askerTemplate == null ? "direct" : askerTemplate);
      }
      if (askerTemplate != null) {
        throw new IllegalArgumentException("give --asker-template or --asker-prompt, not both");
      }
      Optional<String> examples = askerExamples == null ? Optional.empty()
          : Optional.of(AskerPromptsFile.readExamples(askerExamples));
      if (askerPrompt.matches("\\d+")) {
        return AskerPromptsFile.read(askerPrompts).prompt(Integer.parseInt(askerPrompt), examples);
      }
      return AskerPromptsFile.readTemplate(Path.of(askerPrompt), examples);
    }

    private Oracle oracle() {
      if (oracle.equals("offline")) {
        return new Bm25Oracle();
      }
      return switch (oracleMode) {
        case "yesno" -> LlmYesNoOracle.builder(client("--oracle", oracle).withModel(model("--oracle", oracle))).build();
        case "choice" -> LlmChoiceOracle.builder(client("--oracle", oracle).withModel(model("--oracle", oracle)))
            .seed(seed).unparsed(choiceUnparsed).build();
        default -> throw new IllegalArgumentException(
            "unknown --oracle-mode '" + oracleMode + "': expected yesno or choice");
      };
    }

    /**
     * One client per distinct spec (so agents sharing a model share its in-flight bound), completed by the LLM
     * options: --base-url, --model, --api-key-env, the limits and the response cache; with --batch a batch client
     * keeping its state in batch-MODEL.json in --out.
     */
    private LlmClient client(String option, String text) {
      return clients.computeIfAbsent(text, t -> !batch || dryRun ? llm.client(spec.commandLine(), option, t)
          : llm.batchClient(spec.commandLine(), option, t, out.resolve(BatchPasses.stateFileName(model(option, t))),
              this::progress));
    }

    private void progress(String line) {
      spec.commandLine().getErr().println("toa run: " + line);
      spec.commandLine().getErr().flush();
    }

    /** The spec's model name, sent with every request and recorded in the run's configuration. */
    private String model(String option, String text) {
      return llm.spec(spec.commandLine(), option, text).model();
    }
  }

  /** {@code clarq toa merge}. */
  @Command(
      name = "merge",
      mixinStandardHelpOptions = true,
      description = {
        "Joins the shards of one TOA run (toa run --shard I/N, each in its own directory) into --out, which then",
        "holds what one run of every example writes, and prints the figures. The shards must be complete (an",
        "interrupted one is resumed first with its own command), unchanged since they ran, and agree on every",
        "setting but the shard. Give the shards' directories or the one folder holding them. Merging the same",
        "shards into their merge again does nothing and says so; other shards are refused.",
        "Example: clarq toa merge runs/toa/shard-1 runs/toa/shard-2 --flm dev-flm.jsonl --out runs/toa/all"})
  static final class Merge implements Callable<Integer> {
    @Spec CommandSpec spec;

    @picocli.CommandLine.Parameters(arity = "1..*", paramLabel = "SHARD_DIR",
        description = "The shards' --out, or the one folder holding them.")
    List<Path> shards;

    @Option(names = "--flm", required = true, paramLabel = "FILE", description = "The FLM examples the shards ran.")
    Path flm;

    @Option(names = "--out", required = true, paramLabel = "DIR",
        description = "The merged run's directory: new, or holding this very merge (then nothing is done).")
    Path out;

    @Option(names = "--json", description = "Print the figures as JSON.")
    boolean json;

    @Mixin RecoveryBootstrapOptions bootstrapOptions;

    @Override
    public Integer call() throws IOException {
      io.clarq.eval.kernel.ShardMerge.Merged<ToaRun.Result> m;
      List<Path> dirs = io.clarq.eval.kernel.ShardMerge.shardDirectories(shards, out);
      try {
        m = ToaRun.merge(FlmJsonl.read(flm), dirs, out, bootstrapOptions.bootstrap());
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage(), e);
      }
      if (io.clarq.examples.cli.ShardOptions.alreadyMerged(spec.commandLine(), "clarq toa merge", m, dirs.size())) {
        return 0;
      }
      ToaRun.Result r = m.result().orElseThrow();
      PrintWriter o = spec.commandLine().getOut();
      if (json) {
        o.println(ToaReport.json(r.summary()));
      } else {
        o.printf(Locale.ROOT, "TOA run merged into %s: %d examples from %d shards%n", out, r.outcomes().size(),
            dirs.size());
        o.print(ToaReport.text(r.summary()));
      }
      o.flush();
      return 0;
    }
  }
}
