package io.clarq.core.cq;

import java.util.Objects;

/**
 * A candidate question rated on both rubric scales.
 *
 * @param naturalness fluent, grammatical, easy to understand
 * @param usefulness would clarify the request if answered
 */
public record RubricRating(ScaleRating naturalness, ScaleRating usefulness) implements RubricOutcome {
  public RubricRating {
    Objects.requireNonNull(naturalness, "naturalness");
    Objects.requireNonNull(usefulness, "usefulness");
  }

  /** The rating on one scale. */
  public ScaleRating on(RubricScale scale) {
    return scale == RubricScale.NATURALNESS ? naturalness : usefulness;
  }
}
