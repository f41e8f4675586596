package io.clarq.core.clarqllm.seeker;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingAgents;
import io.clarq.core.asking.AskingStatements;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.asking.Message;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An {@link AskingAgent} as a ClarQ-LLM seeker. Each seeker turn becomes an asking turn of benchmark
 * {@code "clarq-llm"}: the statement rendered from the briefing, the dialogue as messages (provider lines are
 * {@code RESPONDER}, the seeker's {@code ASKER}), and the actions {@code ASK} and {@code END}. An {@code Ask} is said
 * as it is; an {@code End} is said with the end word the reference detector needs ("Goodbye", "再见") added when the
 * closing line lacks it, so the dialogue ends ({@link EndDetection#REFERENCE}).
 */
public final class AskingSeeker implements SeekerAgent {
  private final AskingAgent agent;

  public AskingSeeker(AskingAgent agent) {
    this.agent = Objects.requireNonNull(agent, "agent");
  }

  @Override
  public String name() {
    return agent.name();
  }

  @Override
  public String version() {
    return AskingAgents.identity(agent);
  }

  @Override
  public String next(SeekerTurn turn) throws LlmException {
    AskingTurn asking = turn(turn);
    AskingAction action = asking.check(agent.name(), agent.act(asking));
    if (action instanceof AskingAction.End end) {
      String closing = end.closing();
      if (EndDetection.REFERENCE.ends(closing, turn.language())) {
        return closing;
      }
      return turn.language() == Language.CHINESE ? closing + " 再见。" : closing + " Goodbye.";
    }
    return ((AskingAction.Ask) action).question();
  }

  /** The asking turn a seeker turn becomes. */
  public static AskingTurn turn(SeekerTurn turn) {
    Briefing b = turn.briefing();
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("role", b.role());
    fields.put("task", b.task());
    fields.put("items", String.join("\n", b.items()));
    fields.put("skills", String.join("\n", b.skills()));
    fields.put("scenes", String.join("\n", b.scenes()));
    fields.put("language", turn.language() == Language.CHINESE ? "Chinese" : "English");
    List<Message> messages = new ArrayList<>();
    for (Utterance u : turn.history()) {
      messages.add(u.speaker() == Speaker.SEEKER ? Message.asker(u.text()) : Message.responder(u.text()));
    }
    return AskingStatements.turn("clarq-llm", turn.dialogueKey(), fields, messages,
        EnumSet.of(ActionKind.ASK, ActionKind.END), List.of(), turn.trial());
  }

  @Override
  public String toString() {
    return "AskingSeeker{" + agent.name() + "}";
  }
}
