package io.clarq.core.cq;

import java.util.Objects;

/**
 * A grade on one scale and the judge's short reason for it.
 *
 * @param grade Good, Fair or Bad
 * @param reason why (may be empty when the judge gave none)
 */
public record ScaleRating(Grade grade, String reason) {
  public ScaleRating {
    Objects.requireNonNull(grade, "grade");
    Objects.requireNonNull(reason, "reason");
  }
}
