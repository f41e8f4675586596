package io.clarq.examples.bench;

import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.ToaSummary;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.datasets.toa.FactMasker;
import io.clarq.datasets.toa.HotpotQaReader;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.toa.ToaPipeline;
import io.clarq.eval.toa.ToaRun;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The offline (BM25) oracle on the 53 HotpotQA dev examples: its masked-fact response rate when asked the Repeater's
 * question and when asked the masked sentence itself (an upper-bound check), for one seeded mask per example and
 * for every mask; and the time per example, for the oracle alone and for the whole runner with an in-process
 * primary model that answers at once (so the figure is clarq's own overhead, without any LLM).
 *
 * <p>Arguments: [data dir] (default ../shared/data), [seed] (default 42).
 */
public final class ToaOfflineOracleBench {
  private ToaOfflineOracleBench() {}

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args.length > 0 ? args[0] : "../shared/data");
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 42;
    Path dev = data.resolve("hotpotqa/hotpot_dev_distractor_first53.json");
    List<HotpotExample> hotpot = HotpotQaReader.readAll(dev);
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores; " + dev + ", seed " + seed);
    Bm25Oracle oracle = new Bm25Oracle();
    for (FactMasker.Masks masks : FactMasker.Masks.values()) {
      List<FlmExample> flm = new ArrayList<>();
      FactMasker masker = new FactMasker(seed, masks);
      hotpot.forEach(e -> flm.addAll(masker.mask(e)));
      report(oracle, flm, masks + " (" + flm.size() + " masked examples)", "Repeater question", FlmExample::question);
      report(oracle, flm, masks + " (" + flm.size() + " masked examples)", "gold masked sentence",
          e -> e.maskedFact().text().strip());
    }

    List<FlmExample> flm = new ArrayList<>();
    FactMasker one = new FactMasker(seed, FactMasker.Masks.ONE);
    hotpot.forEach(e -> flm.addAll(one.mask(e)));
    for (int warm = 0; warm < 30; warm++) {
      flm.forEach(e -> oracle.answer(OracleQuery.of(e.incompleteTask().exampleId(), e.question(), e.candidates())));
    }
    int rounds = 15;
    double[] perRound = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long t0 = System.nanoTime();
      flm.forEach(e -> oracle.answer(OracleQuery.of(e.incompleteTask().exampleId(), e.question(), e.candidates())));
      perRound[r] = (System.nanoTime() - t0) / 1e6 / flm.size();
    }
    java.util.Arrays.sort(perRound);
    System.out.printf(Locale.ROOT, "offline oracle alone: median %.3f ms, best %.3f ms per example (%d examples x"
        + " %d rounds, after 30 warm-up rounds)%n", perRound[rounds / 2], perRound[0], flm.size(), rounds);

    PrimaryModel instant = new PrimaryModel() {
      @Override
      public String answer(String question, String context) {
        return "unknown";
      }

      @Override
      public String describe() {
        return "instant";
      }
    };
    for (int threads : new int[] {1, 4}) {
      double best = Double.MAX_VALUE;
      for (int r = 0; r < 5; r++) {
        Path dir = Files.createTempDirectory("toa-bench");
        long s = System.nanoTime();
        ToaSummary summary = ToaRun.run(new ToaPipeline(new RepeaterAsker(), oracle, instant), flm,
            new RunKernel.Plan(dir, Shard.ALL, threads, "clarq-toa-bench"), RecoveryBootstrap.DEFAULT,
            new ItemListener<>() {}).summary();
        best = Math.min(best, (System.nanoTime() - s) / 1e6 / flm.size());
        if (summary.examples() != flm.size()) {
          throw new IllegalStateException("runner lost examples");
        }
        try (var files = Files.list(dir)) {
          for (Path f : files.toList()) {
            Files.delete(f);
          }
        }
        Files.delete(dir);
      }
      System.out.printf(Locale.ROOT, "whole runner (Repeater, offline oracle, instant primary, results file), %d"
          + " thread(s): %.3f ms per example (best of 5 runs)%n", threads, best);
    }
  }

  private static void report(Bm25Oracle oracle, List<FlmExample> flm, String set, String asked,
      Function<FlmExample, String> question) {
    int hits = 0;
    int noMatch = 0;
    for (FlmExample e : flm) {
      var a = oracle.answer(OracleQuery.of(e.incompleteTask().exampleId(), question.apply(e), e.candidates()));
      hits += a.response().map(f -> f.sameSentence(e.maskedFact())).orElse(false) ? 1 : 0;
      noMatch += a.response().isEmpty() ? 1 : 0;
    }
    System.out.printf(Locale.ROOT, "%-32s %-22s MFRR %.4f (%d/%d), no match %d%n", set, asked,
        (double) hits / flm.size(), hits, flm.size(), noMatch);
  }
}
