package io.clarq.examples.cli.mediq;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.mediq.MediqReferencePack;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqFigures;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code clarq mediq run}: plays MediQ cases on the run kernel, with no model (the model-free expert against the
 * offline patient) or with the reference's experts and patients on model specs ({@link MediqAgentOptions});
 * resumable, shardable.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Plays MediQ cases. With no model: a model-free expert asks general history questions, then answers with the"
          + " option whose words the record mentions most; the offline patient answers from the case's atomic facts"
          + " (BM25). With a model SPEC: the reference's experts and LLM patients, sending the reference's requests"
          + " (prompts derived from the reference code by `clarq data fetch mediq`); its quirks are kept unless a"
          + " named option fixes one, which is recorded as a deviation.",
      "Writes consultations.jsonl as each case ends, then results.json, summary.md and report.html (accuracy with its"
          + " 95% Wilson interval, timeout rate, average turns, per data set). Started again into the same --out, it"
          + " resumes; --shard I/N plays a part into its own --out, and `clarq mediq merge` joins the parts."
    })
public final class MediqRunCommand implements Callable<Integer> {
  /** What the offline patient says when no fact answers, when no reference pack is at hand (clarq's words). */
  static final String OWN_CANNOT_ANSWER = "The record says nothing about that.";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin MediqCaseOptions cases;

  @CommandLine.Mixin MediqAgentOptions agents;

  @CommandLine.Mixin public LlmOptions llm;

  @Option(names = "--max-questions", defaultValue = "30", paramLabel = "N",
      description = "The question cap; at the cap the expert must answer. Default: ${DEFAULT-VALUE}.")
  int maxQuestions;

  @Option(names = "--trials", defaultValue = "1", paramLabel = "K",
      description = "Play every case K times and report the accuracy of each trial, pass^k and pass@k (k = 1..K)."
          + " Trial 1 sends the reference's requests (no seed); trial t > 1 sends seed 8848 + t - 1, and the random"
          + " patient and the expert's unseeded draws use --seed + t - 1. Default: ${DEFAULT-VALUE}.")
  int trials;

  @Option(names = "--upstream", paramLabel = "DIR",
      description = "The MediQ reference code, for the patient's \"cannot answer\" line (default: the pack `clarq"
          + " data fetch mediq` derived, else clarq's own line, recorded in the run's settings).")
  Path upstream;

  @Option(names = "--prompts", paramLabel = "DIR",
      description = "The prompt pack of the reference experts and LLM patients: a folder in the layout of"
          + " mediq/reference-prompts, or 'clarq' for clarq's own pack in its own words (requests then differ from"
          + " the reference's). Default: the pack derived from --upstream or from the fetched reference code.")
  Path prompts;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The output folder.")
  Path out;

  @Option(names = "--concurrency", defaultValue = "1", paramLabel = "N",
      description = "Cases played at once. Default: ${DEFAULT-VALUE}.")
  int concurrency;

  @CommandLine.Mixin ShardOptions sharding;

  @Option(names = "--batch", description = "Play turn-synchronously through the providers' batch APIs (openai: or"
      + " anthropic: models; half price, answered within 24 hours): each pass plays every case until it needs an"
      + " answer not in yet, then one batch per model goes out with the next call of every waiting case. The"
      + " batches are kept in batch-MODEL.json in --out, so a killed run polls the same batch when started again."
      + " Not with --agent or --self-consistency above 1.")
  boolean batch;

  @Option(names = "--dry-run", description = "Call no model and write nothing: print the run's forecast of calls and"
      + " input and output tokens per role (expert, its question generator, patient) for the selected cases, as a"
      + " low-high range from per-case figures measured on MediQ's reference traces (shipped with clarq), with the"
      + " cost at --prices (the batch price with --batch).")
  boolean dryRun;

  /** What the last {@code --dry-run} of this command forecast, for a caller that sums several ({@code clarq suite}). */
  private io.clarq.eval.clarqllm.RunForecast dryRunForecast;

  @Option(names = "--resume", hidden = true,
      description = "Accepted for symmetry with the other runs: a run into an --out holding one resumes it.")
  boolean resume;

  @Override
  public Integer call() throws Exception {
    agents.check(spec.commandLine());
    if (!agents.anyModel() && llm.anyGiven()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--expert " + agents.expert + " and --patient "
          + agents.patient + " use no model, so the model options (--base-url, --llm-cache, ...) would be ignored;"
          + " name a reference expert with --expert-model SPEC, or drop them");
    }
    if (trials < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--trials " + trials + ": must be at least 1");
    }
    llm.refuseFixedSeed(spec.commandLine(), trials);
    if (batch) {
      agents.checkBatch(spec.commandLine());
    }
    if (concurrency < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--concurrency " + concurrency
          + ": must be at least 1");
    }
    List<MediqItem> items = cases.items(spec.commandLine(), dataDirectory(), trials);
    Shard shard = sharding.shard(spec.commandLine());
    Path out = ShardOptions.out(spec.commandLine(), "--out", this.out, shard);
    if (dryRun) {
      int part = shard.of(items).size();
      io.clarq.eval.clarqllm.RunForecast f = io.clarq.eval.mediq.MediqForecast.of(part,
          agents.forecastSetup(spec.commandLine(), llm, maxQuestions),
          io.clarq.eval.mediq.MediqForecastStatistics.shipped());
      if (batch) {
        f = f.inBatch(java.util.Set.copyOf(io.clarq.eval.mediq.MediqForecastStatistics.ROLES));
      }
      dryRunForecast = f;
      agents.outsideTheMeasuredSettings().ifPresent(o -> spec.commandLine().getErr().println("clarq mediq run:"
          + " --dry-run: the statistics were measured at the reference's default settings, not with " + o
          + ", which make the expert send more requests than the forecast counts"));
      spec.commandLine().getOut().print(io.clarq.eval.clarqllm.ForecastTable.table(f, llm.prices(), "cases"));
      spec.commandLine().getOut().flush();
      return 0;
    }
    Map<String, String> settings = new LinkedHashMap<>();
    Optional<PromptPack> pack = referencePack();
    if (agents.needsPack() && pack.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--expert " + agents.expert + " --patient "
          + agents.patient + " needs the MediQ reference prompts, derived from the reference code: "
          + io.clarq.examples.cli.DataDefaults.fetchAdvice(spec, MediqReferencePack.DATA_SET) + ", or give --upstream"
          + " DIR (or --prompts clarq for clarq's own pack)");
    }
    String cannot = cannotAnswer(pack, settings);
    MediqBenchmark.Result r;
    List<String> batchLines = new java.util.ArrayList<>();
    PrintWriter err = spec.commandLine().getErr();
    java.util.function.Consumer<String> progress = line -> {
      err.println("clarq mediq run: " + line);
      err.flush();
    };
    try (MediqAgentOptions.Agents a = agents.build(spec.commandLine(), llm, pack, cannot, maxQuestions,
        trials, batch ? Optional.of(new MediqAgentOptions.Batches(out, progress)) : Optional.empty())) {
      settings.putAll(a.settings());
      RunKernel.Plan plan = new RunKernel.Plan(out, shard, concurrency, "clarq-mediq-run");
      Optional<BatchPasses> passes = Optional.empty();
      if (batch) {
        passes = Optional.of(BatchPasses.of(a.clients().stream().map(c -> (BatchClient) c).toList(), progress));
        plan = plan.withBatches(passes.get());
      }
      MediqBenchmark b = new MediqBenchmark(a.experts(), a.patients(), maxQuestions, settings, a.deviations())
          .models(agents.models(spec.commandLine(), llm));
      r = RunKernel.run(b, items, plan, new ItemListener<>() {});
      passes.ifPresent(p -> p.summary(llm.prices()).forEach(line -> batchLines.add("play " + line)));
    }
    PrintWriter w = spec.commandLine().getOut();
    r.byDataset().forEach((k, f) -> w.println(line(k, f)));
    w.println(line("all", r.overall()));
    if (agents.anyModel()) {
      w.println(llm.usageSummary());
    }
    batchLines.forEach(w::println);
    w.println("results: " + out.resolve("results.json") + ", " + out.resolve("summary.md") + ", "
        + out.resolve("report.html"));
    w.flush();
    return 0;
  }

  /** The forecast the last {@code --dry-run} of this command printed; empty before one (or after a real run). */
  public Optional<io.clarq.eval.clarqllm.RunForecast> dryRunForecast() {
    return Optional.ofNullable(dryRunForecast);
  }

  // the reference pack, derived from --upstream or from the fetched reference code, when either is at hand
  private Optional<PromptPack> referencePack() {
    if (prompts != null) {
      if (prompts.toString().equals("clarq") && !Files.exists(prompts)) {
        return Optional.of(PromptPack.builtIn(PackLayout.MEDIQ));
      }
      io.clarq.examples.cli.InputPaths.requireDirectory(spec.commandLine(), "--prompts", prompts);
      try {
        return Optional.of(PromptPack.load(prompts, PackLayout.MEDIQ));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--prompts " + prompts + ": " + e.getMessage());
      }
    }
    Optional<Path> code = Optional.ofNullable(upstream);
    Path fetched = dataDirectory().folder(MediqReferencePack.DATA_SET).resolve(MediqReferencePack.UPSTREAM);
    if (code.isEmpty() && Files.isRegularFile(fetched.resolve("src/patient.py"))) {
      code = Optional.of(fetched);
    }
    try {
      return code.map(MediqReferencePack::load);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private static String cannotAnswer(Optional<PromptPack> pack, Map<String, String> settings) {
    if (pack.isPresent()) {
      settings.put("cannot_answer", (pack.get().behaviour() == io.clarq.core.prompt.PackBehaviour.CLARQ ? "clarq pack ("
          : "reference (") + pack.get().id() + ")");
      return pack.get().fixed("cannot_answer", Language.ENGLISH);
    }
    settings.put("cannot_answer", "clarq");
    return OWN_CANNOT_ANSWER;
  }

  private DataDirectory dataDirectory() {
    return MediqCaseOptions.dataDirectory(spec);
  }

  static String line(String name, MediqFigures f) {
    return String.format(Locale.ROOT, "%s: %d cases, accuracy %.4f [%.4f, %.4f], timeout rate %.4f, avg. turns %.2f",
        name, f.cases(), f.accuracy().value(), f.accuracy().interval().lower(), f.accuracy().interval().upper(),
        f.timeoutRate(), f.averageTurns());
  }
}
