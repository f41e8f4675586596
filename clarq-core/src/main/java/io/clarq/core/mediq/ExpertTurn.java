package io.clarq.core.mediq;

import io.clarq.core.llm.TokenUsage;
import java.util.Objects;
import java.util.Optional;

/**
 * An expert's move in one turn: a question for the patient, or its final choice. Either way it carries the letter
 * it would choose now (the intermediate choice, absent when its reply could not be read), its confidence and the
 * tokens the turn used.
 *
 * @param asks whether the expert asks (true) or answers (false)
 * @param question the question when it asks; absent when it asks but produced no readable question
 * @param letter the letter it would choose now (its answer when it answers)
 * @param confidence the expert's confidence as its strategy measures it
 * @param usage the tokens this turn used
 * @param unparsed how many of this turn's replies could not be read (the reference's fallback was applied: a
 *     random confidence, NO, no letter), counted so they are never silently taken as readings
 */
public record ExpertTurn(boolean asks, Optional<String> question, Optional<String> letter, double confidence,
    TokenUsage usage, int unparsed) {
  public ExpertTurn {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(letter, "letter");
    Objects.requireNonNull(usage, "usage");
    if (unparsed < 0) {
      throw new IllegalArgumentException("illegal unparsed count " + unparsed + ": must be non-negative");
    }
    if (!asks && question.isPresent()) {
      throw new IllegalArgumentException("an answering turn has no question, got \"" + question.get() + "\"");
    }
  }

  /** A question (absent: none could be read) with the current choice. */
  public static ExpertTurn ask(Optional<String> question, Optional<String> letter, double confidence,
      TokenUsage usage) {
    return new ExpertTurn(true, question, letter, confidence, usage, 0);
  }

  /** A final choice. */
  public static ExpertTurn answer(Optional<String> letter, double confidence, TokenUsage usage) {
    return new ExpertTurn(false, Optional.empty(), letter, confidence, usage, 0);
  }
}
