package io.clarq.eval.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Pairs of runs and what their setups differ in, for every kind of comparison: every pair made once (i before j), the
 * comparison refused as a whole when setups differ and that is not allowed, and the differences as warning lines.
 */
final class SetupPairs {
  private SetupPairs() {}

  /** A compared pair: its runs' names and the setup settings they differ in. */
  interface Pair {
    String nameA();

    String nameB();

    List<RunSetup.Difference> differences();

    List<String> describeDifferences();
  }

  /**
   * Every pair (i, j) of {@code runs} with i before j, made by {@code pair}.
   *
   * @param whose what a difference would not be alone ("the seeker's", "the agent's"), for the refusal
   * @throws IllegalArgumentException when setups differ and that is not allowed, naming every pair's differences
   */
  static <R, P extends Pair> List<P> every(List<R> runs, BiFunction<R, R, P> pair, boolean allowDifferentSetup,
      String whose) {
    List<P> pairs = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      for (int j = i + 1; j < runs.size(); j++) {
        P p = pair.apply(runs.get(i), runs.get(j));
        if (!p.differences().isEmpty()) {
          refused.add(p.nameA() + " and " + p.nameB() + " differ in " + String.join("; ", p.describeDifferences()));
        }
        pairs.add(p);
      }
    }
    if (!refused.isEmpty() && !allowDifferentSetup) {
      throw new IllegalArgumentException("runs " + String.join("; runs ", refused) + ". A difference between them"
          + " would not be " + whose + " alone: compare runs of one setup, or allow it (--allow-different-setup)");
    }
    return pairs;
  }

  /** Each pair's setup differences as lines, "A vs B: setting: ...", empty when every pair shares its setup. */
  static List<String> warnings(List<? extends Pair> pairs) {
    List<String> out = new ArrayList<>();
    for (Pair p : pairs) {
      p.differences().forEach(d -> out.add("A " + p.nameA() + " vs B " + p.nameB() + ": " + d.describe("A", "B")));
    }
    return out;
  }
}
