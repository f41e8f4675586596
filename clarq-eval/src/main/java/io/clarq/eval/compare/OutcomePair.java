package io.clarq.eval.compare;

import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.McNemar;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Two runs of one benchmark compared on the items they share (A minus B), in the compared trial: the mean outcome of
 * each, the paired-bootstrap interval of the difference, and the test of the kind's ({@link ItemOutcome.Kind}):
 * McNemar's exact two-sided test on the discordant items for binary outcomes, the paired bootstrap test
 * ({@link Bootstrap#pairedP}) for graded ones.
 *
 * @param a run A
 * @param b run B
 * @param differences the setup settings that differ (empty when the runs are comparable)
 * @param shared the ids of the items both hold, in A's order
 * @param meanA A's mean outcome over the shared items
 * @param meanB B's mean outcome over them
 * @param difference A - B with its 95% paired percentile-bootstrap interval
 * @param aBetter the shared items on which A's outcome is higher (binary: only A succeeded)
 * @param bBetter the shared items on which B's outcome is higher
 * @param p the test's two-sided p-value
 * @param holmP {@code p} adjusted by Holm's method over every pair of the comparison (or board); NaN until adjusted
 */
public record OutcomePair(OutcomeRun a, OutcomeRun b, List<RunSetup.Difference> differences, List<String> shared,
    double meanA, double meanB, Estimate difference, List<String> aBetter, List<String> bBetter, double p,
    double holmP) implements SetupPairs.Pair {
  public OutcomePair {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    differences = List.copyOf(differences);
    shared = List.copyOf(shared);
    Objects.requireNonNull(difference, "difference");
    aBetter = List.copyOf(aBetter);
    bBetter = List.copyOf(bBetter);
    if (aBetter.size() + bBetter.size() > shared.size()) {
      throw new IllegalArgumentException("illegal pair " + a.name() + " / " + b.name() + ": " + aBetter.size() + " + "
          + bBetter.size() + " items differ, but they share " + shared.size());
    }
  }
  /** Run A's name. */
  @Override
  public String nameA() {
    return a.name();
  }

  /** Run B's name. */
  @Override
  public String nameB() {
    return b.name();
  }


  /**
   * Compares two runs of one benchmark on the items they share.
   *
   * @throws IllegalArgumentException when they share no item, naming how many each holds
   */
  public static OutcomePair of(OutcomeRun a, OutcomeRun b, Bootstrap bootstrap) {
    Map<String, Double> xa = a.compared();
    Map<String, Double> xb = b.compared();
    List<String> shared = xa.keySet().stream().filter(xb::containsKey).toList();
    if (shared.isEmpty()) {
      throw new IllegalArgumentException("runs " + a.name() + " (" + xa.size() + " items) and " + b.name() + " ("
          + xb.size() + " items) share no item: there is nothing to compare them on");
    }
    int n = shared.size();
    double[] va = new double[n];
    double[] vb = new double[n];
    List<String> aBetter = new ArrayList<>();
    List<String> bBetter = new ArrayList<>();
    double sa = 0;
    double sb = 0;
    for (int i = 0; i < n; i++) {
      va[i] = xa.get(shared.get(i));
      vb[i] = xb.get(shared.get(i));
      sa += va[i];
      sb += vb[i];
      if (va[i] > vb[i]) {
        aBetter.add(shared.get(i));
      } else if (vb[i] > va[i]) {
        bBetter.add(shared.get(i));
      }
    }
    double p = a.kind() == ItemOutcome.Kind.BINARY ? McNemar.exactTwoSided(aBetter.size(), bBetter.size())
        : bootstrap.pairedP(va, vb);
    return new OutcomePair(a, b, a.differences(b), shared, sa / n, sb / n, bootstrap.pairedDifference(va, vb),
        aBetter, bBetter, p, Double.NaN);
  }

  /** The same pair with its Holm-adjusted p-value. */
  public OutcomePair withHolm(double adjusted) {
    return new OutcomePair(a, b, differences, shared, meanA, meanB, difference, aBetter, bBetter, p, adjusted);
  }

  /** The test's name, as every output cites it. */
  public static String test(ItemOutcome.Kind kind) {
    return kind == ItemOutcome.Kind.BINARY ? "McNemar exact, two-sided, on the discordant items"
        : "paired bootstrap test of the mean difference, two-sided (differences shifted to mean zero)";
  }

  /** Each setup difference as one line: {@code patient: A "x", B "y"}. */
  @Override
  public List<String> describeDifferences() {
    return differences.stream().map(d -> d.describe("A " + a.name(), "B " + b.name())).toList();
  }
}
