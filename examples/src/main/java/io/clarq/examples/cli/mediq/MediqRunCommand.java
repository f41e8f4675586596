package io.clarq.examples.cli.mediq;

import io.clarq.core.mediq.MediqCase;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqReferencePack;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqFigures;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.examples.cli.LlmOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
      "Writes consultations.jsonl as each case ends, then results.json and summary.md (accuracy with its 95% Wilson"
          + " interval, timeout rate, average turns, per data set). Started again into the same --out, it resumes."
    })
public final class MediqRunCommand implements Callable<Integer> {
  /** What the offline patient says when no fact answers, when no reference pack is at hand (clarq's words). */
  static final String OWN_CANNOT_ANSWER = "The record says nothing about that.";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR",
      description = "The folder holding all_craft_md.jsonl and all_dev_good.jsonl (default: mediq/data in the data"
          + " directory, after `clarq data fetch mediq`).")
  Path data;

  @Option(names = "--datasets", split = ",", paramLabel = "NAME", defaultValue = "craft_md,dev_good",
      description = "The data sets to play: craft_md, dev_good. Default: ${DEFAULT-VALUE}.")
  List<String> datasets;

  @CommandLine.Mixin MediqAgentOptions agents;

  @CommandLine.Mixin LlmOptions llm;

  @Option(names = "--max-questions", defaultValue = "30", paramLabel = "N",
      description = "The question cap; at the cap the expert must answer. Default: ${DEFAULT-VALUE}.")
  int maxQuestions;

  @Option(names = "--trials", defaultValue = "1", paramLabel = "K",
      description = "Play every case K times and report the accuracy of each trial, pass^k and pass@k (k = 1..K)."
          + " Trial 1 sends the reference's requests (no seed); trial t > 1 sends seed 8848 + t - 1, and the random"
          + " patient and the expert's unseeded draws use --seed + t - 1. Default: ${DEFAULT-VALUE}.")
  int trials;

  @Option(names = "--limit", paramLabel = "N",
      description = "Play only the first N cases of each data set.")
  Integer limit;

  @Option(names = "--upstream", paramLabel = "DIR",
      description = "The MediQ reference code, for the patient's \"cannot answer\" line (default: the pack `clarq"
          + " data fetch mediq` derived, else clarq's own line, recorded in the run's settings).")
  Path upstream;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The output folder.")
  Path out;

  @Option(names = "--concurrency", defaultValue = "1", paramLabel = "N",
      description = "Cases played at once. Default: ${DEFAULT-VALUE}.")
  int concurrency;

  @Option(names = "--shard", defaultValue = "1/1", paramLabel = "I/N",
      description = "Play every N-th case, starting with the I-th, into its own --out. Default: ${DEFAULT-VALUE}.")
  String shard;

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
    if (concurrency < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--concurrency " + concurrency
          + ": must be at least 1");
    }
    Path folder = data != null ? data : dataDirectory().folder(MediqReferencePack.DATA_SET).resolve("data");
    List<MediqItem> items = new ArrayList<>();
    for (String name : datasets) {
      MediqSplit split;
      try {
        split = MediqSplit.named(name);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
      if (!Files.isRegularFile(folder.resolve(split.file()))) {
        throw new CommandLine.ParameterException(spec.commandLine(), "no " + split.file() + " in " + folder
            + "; " + io.clarq.examples.cli.DataDefaults.fetchAdvice(spec, MediqReferencePack.DATA_SET)
            + ", or give --data DIR");
      }
      List<MediqCase> cases = MediqDataset.load(folder, split);
      if (limit != null) {
        cases = cases.subList(0, Math.min(limit, cases.size()));
      }
      cases.forEach(c -> items.add(new MediqItem(split.key(), c)));
    }
    List<MediqItem> trial1 = List.copyOf(items);
    for (int t = 2; t <= trials; t++) {
      int trial = t;
      trial1.forEach(i -> items.add(new MediqItem(i.dataset(), i.mediqCase(), trial)));
    }
    Map<String, String> settings = new LinkedHashMap<>();
    Optional<PromptPack> pack = referencePack();
    if (agents.needsPack() && pack.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--expert " + agents.expert + " --patient "
          + agents.patient + " needs the MediQ reference prompts, derived from the reference code: "
          + io.clarq.examples.cli.DataDefaults.fetchAdvice(spec, MediqReferencePack.DATA_SET) + ", or give --upstream"
          + " DIR");
    }
    String cannot = cannotAnswer(pack, settings);
    MediqBenchmark.Result r;
    try (MediqAgentOptions.Agents a = agents.build(spec.commandLine(), llm, pack, cannot, maxQuestions,
        trials)) {
      settings.putAll(a.settings());
      MediqBenchmark b = new MediqBenchmark(a.experts(), a.patients(), maxQuestions, settings, a.deviations());
      r = RunKernel.run(b, items, new RunKernel.Plan(out, Shard.parse(shard), concurrency, "clarq-mediq-run"),
          new ItemListener<>() {});
    }
    PrintWriter w = spec.commandLine().getOut();
    r.byDataset().forEach((k, f) -> w.println(line(k, f)));
    w.println(line("all", r.overall()));
    if (agents.anyModel()) {
      w.println(llm.usageSummary());
    }
    w.println("results: " + out.resolve("results.json") + ", " + out.resolve("summary.md"));
    w.flush();
    return 0;
  }

  // the reference pack, derived from --upstream or from the fetched reference code, when either is at hand
  private Optional<PromptPack> referencePack() {
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
      settings.put("cannot_answer", "reference (" + pack.get().id() + ")");
      return pack.get().fixed("cannot_answer", Language.ENGLISH);
    }
    settings.put("cannot_answer", "clarq");
    return OWN_CANNOT_ANSWER;
  }

  // the data directory the root command holds ($CLARQ_DATA, else ~/.clarq/data, unless a test gives another)
  private DataDirectory dataDirectory() {
    Object root = spec.root().userObject();
    return root instanceof io.clarq.examples.cli.ClarqCommand c ? c.dataDirectory() : DataDirectory.ofEnvironment();
  }

  private static String line(String name, MediqFigures f) {
    return String.format(Locale.ROOT, "%s: %d cases, accuracy %.4f [%.4f, %.4f], timeout rate %.4f, avg. turns %.2f",
        name, f.cases(), f.accuracy().value(), f.accuracy().interval().lower(), f.accuracy().interval().upper(),
        f.timeoutRate(), f.averageTurns());
  }
}
