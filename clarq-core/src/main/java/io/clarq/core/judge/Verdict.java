package io.clarq.core.judge;

import java.util.Objects;

/**
 * A judge's answer. {@link Outcome#UNPARSED} keeps the model's raw reply and is never read as a "no".
 *
 * @param outcome match, no match, or unparsed
 * @param analysis the judge's reasoning (empty when unparsed)
 * @param raw the model's raw reply when it was not understood, else empty
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

  public static Verdict unparsed(String raw) {
    return new Verdict(Outcome.UNPARSED, "", raw);
  }

  public boolean isMatch() {
    return outcome == Outcome.MATCH;
  }
}
