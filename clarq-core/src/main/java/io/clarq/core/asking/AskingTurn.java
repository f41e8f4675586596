package io.clarq.core.asking;

import io.clarq.core.llm.Trials;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything an {@link AskingAgent} sees when it must act, the same on every benchmark.
 *
 * @param benchmark which benchmark asks: {@code "clarq-llm"}, {@code "mediq"}, {@code "toa"} or {@code "cq"}; an agent
 *     that works everywhere can ignore it
 * @param dialogueKey an opaque key, the same on every turn of one dialogue and different between dialogues: an agent
 *     that keeps state per dialogue keys it on this (it names no item, so it leads to no answer)
 * @param statement the task statement the benchmark renders for askers, in clarq's own words
 *     ({@link AskingStatements}): what the agent must find out and for what
 * @param fields the parts the statement was made from, by name, for agents that want them apart (ClarQ-LLM:
 *     {@code role}, {@code task}, {@code items}, {@code skills}, {@code scenes}, {@code language}; MediQ:
 *     {@code initial_info}, {@code question}, {@code options}; TOA: {@code question}, {@code context}; CQ:
 *     {@code request}, {@code facet}); list parts are one per line
 * @param messages the conversation so far, oldest first (empty on a benchmark's first turn when nobody has spoken)
 * @param allowed the actions this turn allows (never empty): ClarQ-LLM allows {@code ASK} and {@code END}, MediQ
 *     {@code ASK} and {@code ANSWER} (only {@code ANSWER} when the question cap is reached), TOA and CQ only
 *     {@code ASK}
 * @param choices what an {@link AskingAction.Answer} may name (MediQ's options A to D); empty where answering is not
 *     allowed
 * @param trial the trial being played ({@link Trials}), 1 in a run without trials; a model-backed agent sends
 *     {@link #seed()} with its requests
 */
public record AskingTurn(String benchmark, String dialogueKey, String statement, Map<String, String> fields,
    List<Message> messages, Set<ActionKind> allowed, List<Choice> choices, int trial) {
  public AskingTurn {
    Objects.requireNonNull(benchmark, "benchmark");
    Objects.requireNonNull(dialogueKey, "dialogueKey");
    Objects.requireNonNull(statement, "statement");
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    messages = List.copyOf(messages);
    if (allowed.isEmpty()) {
      throw new IllegalArgumentException("illegal " + benchmark + " turn " + dialogueKey + ": no action allowed");
    }
    allowed = Collections.unmodifiableSet(EnumSet.copyOf(allowed));
    choices = List.copyOf(choices);
    if (allowed.contains(ActionKind.ANSWER) && choices.isEmpty()) {
      throw new IllegalArgumentException("illegal " + benchmark + " turn " + dialogueKey
          + ": answering is allowed but there are no choices");
    }
    if (choices.stream().map(Choice::label).distinct().count() != choices.size()) {
      throw new IllegalArgumentException("illegal " + benchmark + " turn " + dialogueKey + ": two choices share a"
          + " label in " + choices);
    }
    Trials.check(trial);
  }

  /** The seed a model-backed agent's requests carry in this turn ({@link Trials#seed(int)}). */
  public long seed() {
    return Trials.seed(trial);
  }

  /** Whether this turn allows {@code kind}. */
  public boolean allows(ActionKind kind) {
    return allowed.contains(kind);
  }

  /** The responder's latest line, or empty text when the responder has not spoken. */
  public String lastResponderLine() {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i).role() == Message.Role.RESPONDER) {
        return messages.get(i).text();
      }
    }
    return "";
  }

  /** How many questions the agent has asked so far (its lines in {@link #messages()}). */
  public int questionsAsked() {
    return (int) messages.stream().filter(m -> m.role() == Message.Role.ASKER).count();
  }

  /**
   * The action, if this turn allows it.
   *
   * @throws IllegalArgumentException naming the agent, the action and what the turn allows, when it does not allow
   *     the action's kind or an answer names no choice of the turn
   */
  public AskingAction check(String agent, AskingAction action) {
    Objects.requireNonNull(action, () -> "asking agent " + agent + " returned no action on " + benchmark);
    if (!allowed.contains(action.kind())) {
      throw new IllegalArgumentException("asking agent " + agent + " returned " + action + " on a " + benchmark
          + " turn that allows only " + allowed);
    }
    String label = action instanceof AskingAction.Answer a ? a.label()
        : action instanceof AskingAction.Ask q ? q.leaning().orElse(null) : null;
    if (label != null && choices.stream().noneMatch(c -> c.label().equals(label))) {
      throw new IllegalArgumentException("asking agent " + agent + " named the choice \"" + label + "\" on a "
          + benchmark + " turn whose choices are " + choices.stream().map(Choice::label).toList());
    }
    return action;
  }
}
