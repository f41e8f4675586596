package io.clarq.core.toa;

import java.util.OptionalDouble;

/**
 * Recovery as the TOA paper defines and reports it (Toles et al., Tables 1, 3, 4): how much of the score lost by
 * masking the response restores, {@code (R(x^r) - R(x^i)) / (R(x^c) - R(x^i))}, where R is a dataset-level metric
 * (mean F1 or mean EM over all examples). It is a ratio of means: every published recovery follows from the published
 * means, e.g. Table 4, Flan-T5-Base: (68.8 - 53.0) / (71.7 - 53.0) = 0.845, printed 84.4.
 *
 * <p>Undefined when {@code R(x^c) = R(x^i)}: masking changed nothing to recover. Values outside [0, 1] are kept: the
 * responses can leave the primary model worse than the incomplete examples, or better than the complete ones.
 *
 * <p>The same formula applied to one example's scores ({@link ToaOutcome#f1RecoveryOfExample()}) gives a per-example
 * ratio; their mean is a different, unbounded statistic, reported only under its own name.
 */
public final class Recovery {
  private Recovery() {}

  /** The recovery, empty when R(x^c) = R(x^i). */
  public static OptionalDouble of(double complete, double incomplete, double recovered) {
    if (complete == incomplete) {
      return OptionalDouble.empty();
    }
    // + 0.0 turns -0.0 (no change over a falling score) into 0.0
    return OptionalDouble.of((recovered - incomplete) / (complete - incomplete) + 0.0);
  }
}
