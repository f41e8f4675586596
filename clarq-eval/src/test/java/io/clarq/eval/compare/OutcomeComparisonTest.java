package io.clarq.eval.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.stats.Bootstrap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark-neutral comparison on fixed tables, its figures checked against statsmodels. */
class OutcomeComparisonTest {
  @TempDir Path dir;

  // a binary run whose item i has outcome bits[i]
  private static OutcomeRun binary(String name, String benchmark, int[] bits) {
    List<ItemOutcome> out = new ArrayList<>();
    for (int i = 0; i < bits.length; i++) {
      out.add(ItemOutcome.binary("i" + i, 1, bits[i] == 1));
    }
    return new OutcomeRun(name, benchmark, "correct", "right or not", ItemOutcome.Kind.BINARY,
        Map.of("patient", "offline", "deviations", "none"), Map.of("expert", name), out, 1, Optional.empty());
  }

  // a 2x2 table as two runs: both right, only A, only B, neither
  private static OutcomeRun[] table(int both, int aOnly, int bOnly, int neither) {
    int n = both + aOnly + bOnly + neither;
    int[] a = new int[n];
    int[] b = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i < both + aOnly ? 1 : 0;
      b[i] = i < both || (i >= both + aOnly && i < both + aOnly + bOnly) ? 1 : 0;
    }
    return new OutcomeRun[] {binary("a", "mediq", a), binary("b", "mediq", b)};
  }

  @Test
  void testMcNemarOnAFixedTableMatchesStatsmodels() {
    // /usr/bin/python3 -c "from statsmodels.stats.contingency_tables import mcnemar;
    //   print(mcnemar([[5,7],[2,6]], exact=True).pvalue, mcnemar([[40,13],[4,3]], exact=True).pvalue)"
    // prints 0.1796875 0.049041748046875 (statsmodels 0.13.5)
    OutcomeRun[] t = table(5, 7, 2, 6);
    OutcomePair p = OutcomeComparison.of(List.of(t[0], t[1]), Bootstrap.DEFAULT, false).pairs().get(0);
    assertThat(p.shared()).hasSize(20);
    assertThat(p.aBetter()).hasSize(7);
    assertThat(p.bBetter()).hasSize(2);
    assertThat(p.meanA()).isEqualTo(12 / 20.0);
    assertThat(p.meanB()).isEqualTo(7 / 20.0);
    assertThat(p.p()).isCloseTo(0.1796875, within(1e-12));
    OutcomeRun[] u = table(40, 13, 4, 3);
    assertThat(OutcomePair.of(u[0], u[1], Bootstrap.DEFAULT).p()).isCloseTo(0.049041748046875, within(1e-12));
  }

  @Test
  void testHolmAdjustsOverEveryPair() {
    OutcomeRun[] t = table(5, 7, 2, 6);
    OutcomeRun c = binary("c", "mediq", new int[20]);
    OutcomeComparison cmp = OutcomeComparison.of(List.of(t[0], t[1], c), Bootstrap.DEFAULT, false);
    assertThat(cmp.pairs()).hasSize(3);
    double[] raw = cmp.pairs().stream().mapToDouble(OutcomePair::p).toArray();
    double[] holm = io.clarq.core.stats.Holm.adjust(raw);
    for (int i = 0; i < 3; i++) {
      assertThat(cmp.pairs().get(i).holmP()).isEqualTo(holm[i]);
    }
    // a vs c: 12 only a, 0 only c: p = 2 * 0.5^12
    assertThat(cmp.pairs().get(1).p()).isCloseTo(2 * Math.pow(0.5, 12), within(1e-15));
  }

  @Test
  void testRunsOfDifferentBenchmarksAreRefused() {
    OutcomeRun a = binary("m", "mediq", new int[] {1, 0});
    OutcomeRun b = binary("t", "toa", new int[] {1, 0});
    assertThatThrownBy(() -> OutcomeComparison.of(List.of(a, b), Bootstrap.DEFAULT, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("runs of different benchmarks cannot be compared: m is a mediq run (correct), t is a toa run"
            + " (correct). Their outcomes are not of one kind: compare runs of one benchmark");
    assertThatThrownBy(() -> io.clarq.eval.leaderboard.OutcomeLeaderboard.of(List.of(a, b), Bootstrap.DEFAULT, true,
        true)).hasMessageStartingWith("runs of different benchmarks cannot be compared");
  }

  @Test
  void testGradedOutcomesUseThePairedBootstrapTest() {
    List<ItemOutcome> xa = new ArrayList<>();
    List<ItemOutcome> xb = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      xa.add(ItemOutcome.graded("e" + i, 1, 0.5));
      xb.add(ItemOutcome.graded("e" + i, 1, 0.5));
    }
    OutcomeRun a = new OutcomeRun("a", "toa", "f1_recovered", "F1", ItemOutcome.Kind.GRADED, Map.of(), Map.of(), xa, 1,
        Optional.empty());
    OutcomeRun same = new OutcomeRun("b", "toa", "f1_recovered", "F1", ItemOutcome.Kind.GRADED, Map.of(), Map.of(),
        xb, 1, Optional.empty());
    // no difference at all: p = 1 exactly
    assertThat(OutcomePair.of(a, same, Bootstrap.DEFAULT).p()).isEqualTo(1.0);
    // every item 0.4 higher: no resample of the centred differences reaches 0.4, p = 1 / (B + 1)
    List<ItemOutcome> xc = xa.stream().map(o -> ItemOutcome.graded(o.item(), 1, 0.9)).toList();
    OutcomeRun higher = new OutcomeRun("c", "toa", "f1_recovered", "F1", ItemOutcome.Kind.GRADED, Map.of(), Map.of(),
        xc, 1, Optional.empty());
    OutcomePair p = OutcomePair.of(higher, a, Bootstrap.DEFAULT);
    assertThat(p.p()).isEqualTo(1.0 / 2001);
    assertThat(p.difference().value()).isCloseTo(0.4, within(1e-12));
    assertThat(p.aBetter()).hasSize(30);
  }

  @Test
  void testAnOutcomeOutsideItsKindIsRefused() {
    assertThatThrownBy(() -> new ItemOutcome("x", 1, 0.5, ItemOutcome.Kind.BINARY))
        .hasMessage("illegal binary outcome 0.5 of item x: must be 0 or 1");
    assertThatThrownBy(() -> ItemOutcome.graded("x", 1, 1.5)).hasMessage("illegal graded outcome 1.5 of item x: must"
        + " be in [0, 1]");
  }

  @Test
  void testARunFolderOfAnUnknownBenchmarkIsRefusedNamingTheKnownOnes() throws Exception {
    Files.writeString(dir.resolve("results.json"), "{\"benchmark\": \"clariq\", \"settings\": {}}");
    assertThatThrownBy(() -> OutcomeRuns.load(dir)).hasMessageContaining("benchmark \"clariq\"")
        .hasMessageContaining("known: ").hasMessageContaining("mediq").hasMessageContaining("toa");
    assertThat(OutcomeRuns.benchmarkOf(dir)).isEqualTo("clariq");
  }
}
