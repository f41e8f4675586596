package io.clarq.core.cq;

import java.util.Objects;

/**
 * A judge reply that did not hold a readable rating on both scales.
 *
 * @param raw the model's reply, verbatim
 * @param problem what was wrong with it ("no JSON object", "usefulness: \"Great\" is not Good/Fair/Bad", ...)
 */
public record UnparsedRating(String raw, String problem) implements RubricOutcome {
  public UnparsedRating {
    Objects.requireNonNull(raw, "raw");
    Objects.requireNonNull(problem, "problem");
  }
}
