package io.clarq.core.asking;

/** The kinds of {@link AskingAction} a benchmark may allow in a turn ({@link AskingTurn#allowed()}). */
public enum ActionKind {
  /** Ask the responder a question ({@link AskingAction.Ask}). */
  ASK,
  /** Answer with one of the turn's choices ({@link AskingAction.Answer}). */
  ANSWER,
  /** End the dialogue ({@link AskingAction.End}). */
  END
}
