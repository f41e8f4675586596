package org.example;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingTurn;

/** Asks two questions, then answers with the first choice or says goodbye: one agent for every benchmark. */
public final class TwoQuestions implements AskingAgent {
  @Override
  public String name() {
    return "two-questions";
  }

  @Override
  public AskingAction act(AskingTurn turn) {
    if (turn.allows(ActionKind.ASK) && turn.questionsAsked() < 2) {
      String topic = turn.statement().lines().findFirst().orElse("");
      return new AskingAction.Ask(turn.questionsAsked() == 0
          ? "What should I know first? " + topic : "What else matters for this?");
    }
    if (turn.allows(ActionKind.ANSWER)) {
      return new AskingAction.Answer(turn.choices().get(0).label());
    }
    return new AskingAction.End("Thanks, Goodbye!");
  }
}
