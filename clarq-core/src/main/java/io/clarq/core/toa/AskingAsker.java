package io.clarq.core.toa;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingStatements;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.flm.IncompleteTask;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An {@link AskingAgent} as a TOA asker (M2). The incomplete example becomes an asking turn of benchmark
 * {@code "toa"}: the statement rendered from the task's question and its incomplete context, no messages, and the one
 * action {@code ASK}; the question goes to the oracle. The dialogue key is the example's opaque id
 * ({@link IncompleteTask#exampleId()}).
 */
public final class AskingAsker implements Asker {
  private final AskingAgent agent;

  public AskingAsker(AskingAgent agent) {
    this.agent = Objects.requireNonNull(agent, "agent");
  }

  @Override
  public String ask(IncompleteTask task) throws LlmException {
    AskingTurn turn = turn(task);
    return ((AskingAction.Ask) turn.check(agent.name(), agent.act(turn))).question();
  }

  /** The asking turn an incomplete example becomes. */
  public static AskingTurn turn(IncompleteTask task) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("question", task.question());
    fields.put("context", task.context());
    return AskingStatements.turn("toa", task.exampleId(), fields, List.of(), EnumSet.of(ActionKind.ASK), List.of(),
        1);
  }

  @Override
  public String describe() {
    return "agent:" + agent.name();
  }

  @Override
  public String toString() {
    return describe();
  }
}
