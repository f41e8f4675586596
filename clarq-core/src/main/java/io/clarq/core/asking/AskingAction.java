package io.clarq.core.asking;

import java.util.Objects;
import java.util.Optional;

/**
 * What an {@link AskingAgent} does in a turn: ask a question, answer with a choice, or end the dialogue. Each kind
 * is a record that refuses a blank text; whether the turn allows it is checked by {@link AskingTurn#check}.
 */
public sealed interface AskingAction {
  /** The kind of this action. */
  ActionKind kind();

  /**
   * Ask the responder a question.
   *
   * @param question the question, as the responder will read it
   * @param leaning the label of the choice the agent would give now, when the turn has choices (MediQ records it as
   *     the turn's intermediate choice); empty when it has none or would not say
   */
  record Ask(String question, Optional<String> leaning) implements AskingAction {
    public Ask {
      requireText("question", question);
      Objects.requireNonNull(leaning, "leaning");
    }

    /** A question with no leaning. */
    public Ask(String question) {
      this(question, Optional.empty());
    }

    @Override
    public ActionKind kind() {
      return ActionKind.ASK;
    }
  }

  /**
   * Answer with one of the turn's {@link AskingTurn#choices()}.
   *
   * @param label the chosen choice's label ("B")
   */
  record Answer(String label) implements AskingAction {
    public Answer {
      requireText("answer label", label);
    }

    @Override
    public ActionKind kind() {
      return ActionKind.ANSWER;
    }
  }

  /**
   * End the dialogue.
   *
   * @param closing the agent's closing words (ClarQ-LLM: the line that ends the dialogue; the adapter adds the end
   *     word "Goodbye" when the line lacks it)
   */
  record End(String closing) implements AskingAction {
    public End {
      requireText("closing line", closing);
    }

    @Override
    public ActionKind kind() {
      return ActionKind.END;
    }
  }

  private static void requireText(String what, String text) {
    Objects.requireNonNull(text, what);
    if (text.isBlank()) {
      throw new IllegalArgumentException("illegal action: blank " + what);
    }
  }
}
