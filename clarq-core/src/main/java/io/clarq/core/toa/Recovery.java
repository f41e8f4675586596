package io.clarq.core.toa;

import java.util.OptionalDouble;

/**
 * Recovery of one example: how much of the score lost by masking the asked-for answer restores,
 * {@code (R(x^r) - R(x^i)) / (R(x^c) - R(x^i))}. Undefined (the example is dropped from the mean) when
 * {@code R(x^c) = R(x^i)}: masking changed nothing to recover. Values outside [0, 1] are kept: a response can make
 * the primary model worse than the incomplete example, or better than the complete one.
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
