package io.clarq.core.clarqllm.judge;

import java.util.Objects;

/**
 * A judge's answer. {@link Outcome#UNPARSED} keeps the model's raw reply and is never read as a "no".
 *
 * @param outcome match, no match, or unparsed
 * @param analysis the judge's reasoning (empty when unparsed)
 * @param raw the model's raw reply when it was not understood; for a verdict {@linkplain #readByTruthiness() read by
 *     Python truthiness} from a {@code match} that is not true or false (the reference pack), that raw value as JSON
 *     ({@code "maybe"} with its quotes); else empty
 */
public record Verdict(Outcome outcome, String analysis, String raw) {
  /** What the judge said. */
  public enum Outcome {
    MATCH,
    NO_MATCH,
    UNPARSED
  }

  public Verdict {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(analysis, "analysis");
    Objects.requireNonNull(raw, "raw");
  }

  public static Verdict of(boolean match, String analysis) {
    return new Verdict(match ? Outcome.MATCH : Outcome.NO_MATCH, analysis, "");
  }

  /**
   * A verdict the reference pack reads from a non-boolean {@code match} by Python truthiness ({@code "maybe"} is a
   * match, {@code 0} is not), keeping that value so it can be counted and checked.
   *
   * @param rawMatch the {@code match} value as JSON, e.g. {@code "maybe"} with its quotes; not empty
   */
  public static Verdict byTruthiness(boolean match, String analysis, String rawMatch) {
    if (rawMatch.isEmpty()) {
      throw new IllegalArgumentException("a verdict read by truthiness needs the raw match value");
    }
    return new Verdict(match ? Outcome.MATCH : Outcome.NO_MATCH, analysis, rawMatch);
  }

  /** Whether this verdict was read by Python truthiness from a {@code match} that was not true or false. */
  public boolean readByTruthiness() {
    return outcome != Outcome.UNPARSED && !raw.isEmpty();
  }

  public static Verdict unparsed(String raw) {
    return new Verdict(Outcome.UNPARSED, "", raw);
  }

  public boolean isMatch() {
    return outcome == Outcome.MATCH;
  }
}
