package io.clarq.core.clariq;

import java.util.Objects;

/**
 * A question of the ClariQ question bank. {@link #NO_QUESTION_ID} ({@code Q00001}) has empty text and means
 * "ask no question". Texts are kept exactly as the bank has them (nine end with a space).
 *
 * @param id the question id, e.g. {@code Q00384}
 * @param text the question, never trimmed
 */
public record ClarifyingQuestion(String id, String text) {
  /** The bank entry whose empty text stands for "ask no question". */
  public static final String NO_QUESTION_ID = "Q00001";

  public ClarifyingQuestion {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    if (id.isBlank() || id.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("illegal question id \"" + id + "\": must be non-blank without spaces");
    }
  }

  /** Whether this is the bank's "ask no question" entry. */
  public boolean isNoQuestion() {
    return NO_QUESTION_ID.equals(id);
  }
}
