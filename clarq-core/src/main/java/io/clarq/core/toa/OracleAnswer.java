package io.clarq.core.toa;

import io.clarq.core.toa.flm.Fact;
import java.util.Objects;
import java.util.Optional;

/**
 * What an oracle returned for one question.
 *
 * @param status answered, unparsed (a model reply that named no candidate) or no match (nothing scored above zero)
 * @param response the chosen candidate, present exactly when answered
 * @param raw the model's raw reply (or a short explanation from an offline oracle), kept for inspection
 * @param unparsedReplies how many per-candidate model replies could not be read as a score (yes/no oracle); they
 *     are never counted as "no", only left out of the choice
 */
public record OracleAnswer(Status status, Optional<Fact> response, String raw, int unparsedReplies) {
  /** The kinds of oracle outcome. */
  public enum Status {
    ANSWERED,
    UNPARSED,
    NO_MATCH
  }

  public OracleAnswer {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(response, "response");
    Objects.requireNonNull(raw, "raw");
    if (response.isPresent() != (status == Status.ANSWERED)) {
      throw new IllegalArgumentException("illegal oracle answer: status " + status + " with response " + response);
    }
    if (unparsedReplies < 0) {
      throw new IllegalArgumentException("illegal unparsed reply count " + unparsedReplies + ": must be non-negative");
    }
  }

  public static OracleAnswer answered(Fact response, String raw) {
    return new OracleAnswer(Status.ANSWERED, Optional.of(response), raw, 0);
  }

  public static OracleAnswer unparsed(String raw) {
    return new OracleAnswer(Status.UNPARSED, Optional.empty(), raw, 0);
  }

  public static OracleAnswer noMatch(String raw) {
    return new OracleAnswer(Status.NO_MATCH, Optional.empty(), raw, 0);
  }

  /** This answer with the count of unreadable per-candidate replies set. */
  public OracleAnswer withUnparsedReplies(int count) {
    return new OracleAnswer(status, response, raw, count);
  }
}
