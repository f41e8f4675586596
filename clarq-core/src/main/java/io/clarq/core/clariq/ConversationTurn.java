package io.clarq.core.clariq;

import java.util.Objects;

/**
 * One exchange of a multi-turn ClariQ conversation: the clarifying question the system asked and the user's answer.
 *
 * @param question the question text, exactly as in the bank
 * @param answer the user's answer
 */
public record ConversationTurn(String question, String answer) {
  public ConversationTurn {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(answer, "answer");
  }
}
