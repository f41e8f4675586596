package io.clarq.core.mediq;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingStatements;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.asking.Choice;
import io.clarq.core.asking.Message;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenUsage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An {@link AskingAgent} as a MediQ expert. Each expert turn becomes an asking turn of benchmark {@code "mediq"}: the
 * statement rendered from the patient's initial information, the question and the options, each exchange as the
 * agent's question ({@code ASKER}) and the patient's answer ({@code RESPONDER}), the options A to D as choices, and
 * the actions {@code ASK} and {@code ANSWER}, only {@code ANSWER} once {@code maxQuestions} questions were asked (the
 * benchmark's forced final turn). An {@code Ask}'s leaning is the turn's intermediate choice (absent when the agent
 * gives none); an {@code Answer} is the final choice. The agent reports no confidence (0) and no tokens.
 */
public final class AskingExpert implements Expert {
  /** The reference benchmark's question cap ({@code --max-questions}' default). */
  public static final int REFERENCE_MAX_QUESTIONS = 30;

  private final AskingAgent agent;
  private final int maxQuestions;

  /** The agent as an expert under the reference's cap of 30 questions. */
  public AskingExpert(AskingAgent agent) {
    this(agent, REFERENCE_MAX_QUESTIONS);
  }

  /** The agent as an expert under a cap of {@code maxQuestions} (the run's {@code --max-questions}). */
  public AskingExpert(AskingAgent agent, int maxQuestions) {
    this.agent = Objects.requireNonNull(agent, "agent");
    if (maxQuestions < 0) {
      throw new IllegalArgumentException("illegal max questions " + maxQuestions + ": must be non-negative");
    }
    this.maxQuestions = maxQuestions;
  }

  @Override
  public ExpertTurn respond(Inquiry inquiry, PatientState state) throws LlmException {
    AskingTurn turn = turn(inquiry, state, maxQuestions);
    AskingAction action = turn.check(agent.name(), agent.act(turn));
    if (action instanceof AskingAction.Ask ask) {
      return ExpertTurn.ask(Optional.of(ask.question()), ask.leaning(), 0, TokenUsage.ZERO);
    }
    return ExpertTurn.answer(Optional.of(((AskingAction.Answer) action).label()), 0, TokenUsage.ZERO);
  }

  /** The asking turn an expert turn becomes under a cap of {@code maxQuestions}. */
  public static AskingTurn turn(Inquiry inquiry, PatientState state, int maxQuestions) {
    List<Choice> choices = new ArrayList<>();
    inquiry.options().forEach((letter, text) -> choices.add(new Choice(letter, text)));
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("initial_info", state.initialInfo());
    fields.put("question", inquiry.question());
    fields.put("options", String.join("\n", choices.stream().map(c -> c.label() + ": " + c.text()).toList()));
    List<Message> messages = new ArrayList<>();
    for (Exchange e : state.history()) {
      messages.add(Message.asker(e.questionText()));
      messages.add(Message.responder(e.answer()));
    }
    EnumSet<ActionKind> allowed = state.history().size() >= maxQuestions ? EnumSet.of(ActionKind.ANSWER)
        : EnumSet.of(ActionKind.ASK, ActionKind.ANSWER);
    return AskingStatements.turn("mediq", key(inquiry, state), fields, messages, allowed, choices, 1);
  }

  /** "m" and 16 hex digits of SHA-256 over what the expert is shown at the start: the same on every turn of a case. */
  private static String key(Inquiry inquiry, PatientState state) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(inquiry.question().getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(state.initialInfo().getBytes(StandardCharsets.UTF_8));
      return "m" + HexFormat.of().formatHex(md.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }

  @Override
  public String toString() {
    return "AskingExpert{" + agent.name() + ", max questions " + maxQuestions + "}";
  }
}
