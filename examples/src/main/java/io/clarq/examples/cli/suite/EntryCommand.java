package io.clarq.examples.cli.suite;

import io.clarq.datasets.toa.FactMasker;
import io.clarq.datasets.toa.FlmGenerator;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.suite.SuiteBenchmark;
import io.clarq.eval.suite.SuiteEntry;
import io.clarq.examples.cli.DataDefaults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * The command line of a suite entry: the benchmark's own run command ({@code clarq run}, {@code clarq mediq run},
 * {@code clarq toa run}, {@code clarq cq generate}) with the entry's settings, the agent, the shard and the entry's
 * folder as its options, so that an entry's run is exactly what that command gives for the same settings. A CQ entry
 * with a judge generates into {@code ID/generation} and then {@link #judge rates} the questions into {@code ID}.
 *
 * @param entry the suite entry
 * @param args the arguments of {@code clarq} (the command's name first)
 */
record EntryCommand(SuiteEntry entry, List<String> args) {
  /** The folder of a judged CQ entry's generation run, in the entry's folder (the judging run). */
  static final String GENERATION = "generation";

  /** The FLM examples a TOA entry masks from HotpotQA dev, in the entry's folder. */
  static final String FLM = "flm.jsonl";

  EntryCommand {
    args = List.copyOf(args);
  }

  /** The command's name as a person types it: {@code clarq mediq run}. */
  String name() {
    List<String> words = new ArrayList<>(List.of("clarq"));
    for (String a : args) {
      if (a.startsWith("-")) {
        break;
      }
      words.add(a);
    }
    return String.join(" ", words);
  }

  /**
   * The command line of {@code entry} run by {@code agent} into {@code folder}.
   *
   * @param llmOptions the shared model options to pass on (given only to entries where a model plays)
   * @param flm the TOA entry's FLM examples file ({@link #prepareFlm}); ignored for other benchmarks
   */
  static EntryCommand of(SuiteEntry entry, String agent, boolean agentIsModel, Path folder, Shard shard,
      boolean dryRun, List<String> llmOptions, Path flm) {
    List<String> a = new ArrayList<>();
    String data = entry.data().map(Path::toString).orElse(null);
    switch (entry.benchmark()) {
      case CLARQ_LLM -> {
        a.addAll(List.of("run", "--agent", agent, "--provider", entry.roles().get("provider"), "--lang",
            entry.language().orElseThrow(), "--split", entry.split(), "--trials", String.valueOf(entry.trials())));
        option(a, "--judge", entry.roles().get("judge"));
        option(a, "--select", entry.types().orElse(null));
        option(a, "--tasks", data);
        if (dryRun) {
          a.add("--dry-run");
        }
      }
      case MEDIQ -> {
        a.addAll(List.of("mediq", "run", "--agent", agent, "--datasets", entry.split(), "--trials",
            String.valueOf(entry.trials())));
        String patient = entry.roles().get("patient");
        int colon = patient.indexOf(':');
        if (colon < 0) {
          a.addAll(List.of("--patient", patient));
        } else {
          a.addAll(List.of("--patient", patient.substring(0, colon), "--patient-model",
              patient.substring(colon + 1)));
        }
        option(a, "--limit", entry.sampleSize().map(String::valueOf).orElse(null));
        option(a, "--seed", entry.seed().map(String::valueOf).orElse(null));
        option(a, "--data", data);
        if (dryRun) {
          a.add("--dry-run");
        }
      }
      case TOA -> {
        a.addAll(List.of("toa", "run", "--agent", agent, "--flm", flm.toString(), "--oracle",
            entry.roles().get("oracle"), "--primary", entry.roles().get("primary")));
        if (dryRun) {
          a.add("--dry-run");
        }
      }
      case CQ -> {
        a.addAll(List.of("cq", "generate", "--agent", agent, "--split", entry.split()));
        if (entry.cqJudge().isPresent()) {
          folder = generationFolder(folder);
        }
        option(a, "--limit", entry.sampleSize().map(String::valueOf).orElse(null));
        option(a, "--data", data);
        if (dryRun) {
          a.add("--dry-run");
        }
      }
      default -> throw new IllegalStateException("no command for " + entry.benchmark());
    }
    a.addAll(List.of("--shard", shard.toString(), "--out", folder.toString()));
    // a CQ entry's judge plays in its own step: the generation gets the model options only for a model agent
    if (agentIsModel || entry.benchmark() != SuiteBenchmark.CQ && !entry.modelSpecs().isEmpty()) {
      a.addAll(llmOptions);
    }
    return new EntryCommand(entry, a);
  }

  /** Where a judged CQ entry's generation run is: {@value #GENERATION} in the entry's folder. */
  static Path generationFolder(Path folder) {
    return folder.resolve(GENERATION);
  }

  /**
   * The second step of a CQ entry with a judge: {@code clarq cq judge} rating the questions of the generation run in
   * {@link #generationFolder} into the entry's folder, so that the entry's folder is the judging run and its rubric
   * score the headline. The judge rates every question of the generation run it is given, so it takes no shard.
   *
   * @param llmOptions the shared model options to pass on
   */
  static Optional<EntryCommand> judge(SuiteEntry entry, Path folder, List<String> llmOptions) {
    if (entry.cqJudge().isEmpty()) {
      return Optional.empty();
    }
    List<String> a = new ArrayList<>(List.of("cq", "judge", "--in", generationFolder(folder).toString(), "--judge",
        entry.cqJudge().get(), "--out", folder.toString()));
    a.addAll(llmOptions);
    return Optional.of(new EntryCommand(entry, a));
  }

  private static void option(List<String> a, String name, String value) {
    if (value != null) {
      a.add(name);
      a.add(value);
    }
  }

  /**
   * What the entry's command forecast in its {@code --dry-run} on {@code nested} (the command line it ran on); empty
   * when it printed none.
   */
  static java.util.Optional<io.clarq.eval.clarqllm.RunForecast> dryRunForecast(CommandLine nested, SuiteEntry entry) {
    return switch (entry.benchmark()) {
      case CLARQ_LLM -> nested.getSubcommands().get("run").<io.clarq.examples.cli.clarqllm.RunCommand>getCommand()
          .dryRunForecast();
      case MEDIQ -> nested.getSubcommands().get("mediq").getSubcommands().get("run")
          .<io.clarq.examples.cli.mediq.MediqRunCommand>getCommand().dryRunForecast();
      case TOA -> java.util.Optional.ofNullable(nested.getSubcommands().get("toa").getSubcommands().get("run")
          .<io.clarq.examples.cli.toa.ToaCommand.Run>getCommand().dryRunForecast);
      case CQ -> nested.getSubcommands().get("cq").getSubcommands().get("generate")
          .<io.clarq.examples.cli.cq.CqGenerateCommand>getCommand().dryRunForecast();
      default -> java.util.Optional.empty();
    };
  }

  /**
   * Writes a TOA entry's FLM examples into its folder as {@value #FLM}: HotpotQA dev (the entry's {@code data}, else
   * the data directory's) masked with the entry's seed, the first {@code sample_size} of them. The same entry writes
   * the same file, so a resumed run finds its examples unchanged.
   *
   * @throws CommandLine.ParameterException when HotpotQA dev is neither given nor fetched
   */
  static Path prepareFlm(CommandLine.Model.CommandSpec spec, SuiteEntry entry, Path folder) throws IOException {
    Path hotpot = entry.data().orElseGet(() -> DataDefaults.orFetched(spec, null, "the \"data\" of entry "
        + entry.id(), "hotpotqa-dev", "hotpot_dev_distractor_v1.json"));
    Files.createDirectories(folder);
    Path all = Files.createTempFile(folder, "flm-", ".tmp");
    try {
      FlmGenerator.generate(hotpot, all, new FactMasker(entry.seed().orElseThrow(), FactMasker.Masks.ONE));
      List<String> lines = Files.readAllLines(all, StandardCharsets.UTF_8);
      if (entry.sampleSize().isPresent() && entry.sampleSize().get() < lines.size()) {
        lines = lines.subList(0, entry.sampleSize().get());
      }
      Path target = folder.resolve(FLM);
      String text = lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
      if (!Files.isRegularFile(target) || !Files.readString(target, StandardCharsets.UTF_8).equals(text)) {
        io.clarq.core.files.AtomicFiles.write(target, text);
      }
      return target;
    } finally {
      Files.deleteIfExists(all);
    }
  }
}
