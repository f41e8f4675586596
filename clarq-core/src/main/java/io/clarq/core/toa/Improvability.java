package io.clarq.core.toa;

/**
 * Whether some response could have helped on one example (the TOA paper's "improvable" examples): the primary model
 * answered x^i with each candidate fact appended in turn, and the example is improvable when some candidate raised
 * its F1 above F1(x^i). The paper finds 27.6% of the full validation set and 28.5% of the test subset improvable.
 *
 * @param candidates candidates tried (one primary-model call each)
 * @param raising candidates that raised F1 above F1(x^i)
 * @param bestF1 the highest F1 any candidate gave
 */
public record Improvability(int candidates, int raising, double bestF1) {
  public Improvability {
    if (candidates < 0 || raising < 0 || raising > candidates) {
      throw new IllegalArgumentException("illegal improvability: " + raising + " raising of " + candidates
          + " candidates");
    }
    if (!(bestF1 >= 0.0 && bestF1 <= 1.0)) {
      throw new IllegalArgumentException("illegal best F1 " + bestF1 + ": must be in [0, 1]");
    }
  }

  /** Some candidate raised F1. */
  public boolean improvable() {
    return raising > 0;
  }
}
