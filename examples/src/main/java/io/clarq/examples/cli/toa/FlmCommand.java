package io.clarq.examples.cli.toa;

import io.clarq.datasets.toa.FactMasker;
import io.clarq.datasets.toa.FlmGenerator;
import io.clarq.datasets.toa.MalformedExample;
import io.clarq.examples.cli.DataDefaults;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code clarq flm}: fact-level masking of HotpotQA. */
@Command(
    name = "flm",
    mixinStandardHelpOptions = true,
    description = "Fact-level masking (FLM) of HotpotQA examples.",
    subcommands = {FlmCommand.Make.class})
public final class FlmCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code clarq flm make}: HotpotQA JSON in, FLM examples (JSONL) out. */
  @Command(
      name = "make",
      mixinStandardHelpOptions = true,
      description = {
        "Masks one supporting fact of every HotpotQA example (or each in turn with --all-masks) and writes the",
        "masked examples as JSON Lines. Examples without a distractor sentence are dropped; malformed examples (a",
        "supporting fact naming a missing sentence, say) are skipped and listed. Same seed, same file.",
        "Example: clarq flm make --hotpot hotpot_dev_distractor_v1.json --seed 42 --out dev-flm.jsonl"})
  static final class Make implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--hotpot", paramLabel = "FILE",
        description = "HotpotQA JSON in the original format (distractor setting). Default: the dev set in the data"
            + " directory (clarq data fetch hotpotqa-dev).")
    Path hotpot;

    @Option(names = "--seed", required = true, paramLabel = "N", description = "Seed choosing the masked facts.")
    long seed;

    @Option(names = "--all-masks", description = "One masked example per supporting fact instead of one per example.")
    boolean allMasks;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The FLM examples file to write.")
    Path out;

    @Override
    public Integer call() throws Exception {
      hotpot = DataDefaults.orFetched(spec, hotpot, "--hotpot", "hotpotqa-dev", "hotpot_dev_distractor_v1.json");
      FactMasker masker = new FactMasker(seed, allMasks ? FactMasker.Masks.ALL : FactMasker.Masks.ONE);
      FlmGenerator.Report r = FlmGenerator.generate(hotpot, out, masker);
      java.io.PrintWriter o = spec.commandLine().getOut();
      o.printf(Locale.ROOT, "read %d HotpotQA examples, kept %d, dropped %d without a distractor, skipped %d malformed;"
          + " wrote %d masked examples to %s%n", r.read(), r.kept(), r.dropped(), r.malformed().size(), r.written(),
          out);
      for (MalformedExample m : r.malformed()) {
        o.printf(Locale.ROOT, "skipped example %d (_id %s): %s%n", m.position(), m.id().isEmpty() ? "missing" : m.id(),
            m.problem());
      }
      return 0;
    }
  }
}
