package io.clarq.core.asking;

import io.clarq.core.llm.LlmException;

/**
 * An agent that asks for what it is missing, written once and run on every interactive benchmark: each turn it sees
 * an {@link AskingTurn} and returns one {@link AskingAction}. Adapters put it on each benchmark:
 * {@code new io.clarq.core.clarqllm.seeker.AskingSeeker(agent)} (a ClarQ-LLM seeker),
 * {@code new io.clarq.core.mediq.AskingExpert(agent)} (a MediQ expert),
 * {@code new io.clarq.core.toa.AskingAsker(agent)} (a TOA asker) and
 * {@code new io.clarq.core.cq.AskingQuestionGenerator(agent)} (a CQ generator); on the command line every run
 * command takes {@code --agent class:your.Agent} ({@link AskingAgents}). Researchers who want a benchmark's whole
 * view keep its own SPI ({@code SeekerAgent}, {@code Expert}, {@code Asker}, {@code QuestionGenerator}).
 *
 * <p>What a turn carries ({@link AskingTurn}):
 * <ul>
 *   <li>{@code benchmark()}: "clarq-llm", "mediq", "toa" or "cq";
 *   <li>{@code dialogueKey()}: opaque, the same on every turn of one dialogue;
 *   <li>{@code statement()}: the task in words, rendered by the benchmark for askers, e.g. for MediQ
 *       <pre>A patient comes to you with this information: A 45-year-old man has chest pain.
 *
 * You must answer a clinical question about them: What is the most likely diagnosis?
 *
 * The options:
 * A: Angina
 * B: ...</pre>
 *   <li>{@code fields()}: the statement's parts by name ({@code initial_info}, {@code question}, {@code options} for
 *       MediQ; {@code role}, {@code task}, {@code items}, {@code skills}, {@code scenes}, {@code language} for
 *       ClarQ-LLM; {@code question}, {@code context} for TOA; {@code request}, {@code facet} for CQ);
 *   <li>{@code messages()}: the conversation so far, each a {@link Message} with role {@code ASKER} (the agent) or
 *       {@code RESPONDER} (the provider, the patient), e.g. {@code [RESPONDER "Jax: Hello, how can I help?"]};
 *   <li>{@code allowed()}: the {@link ActionKind}s this turn allows ({@code ASK}, {@code ANSWER}, {@code END});
 *   <li>{@code choices()}: what an answer may name, {@link Choice} label and text (MediQ's A to D);
 *   <li>{@code trial()} and {@code seed()}: the trial being played and the seed a model should get.
 * </ul>
 *
 * <p>A complete agent that asks two questions, then answers (when it may) or ends:
 *
 * <pre>{@code
 * public final class TwoQuestions implements AskingAgent {
 *   @Override public String name() { return "two-questions"; }
 *
 *   @Override public AskingAction act(AskingTurn turn) {
 *     if (turn.allows(ActionKind.ASK) && turn.questionsAsked() < 2) {
 *       return new AskingAction.Ask(turn.questionsAsked() == 0
 *           ? "What is the first thing I should know?" : "What else matters here?");
 *     }
 *     if (turn.allows(ActionKind.ANSWER)) {
 *       return new AskingAction.Answer(turn.choices().get(0).label());
 *     }
 *     if (turn.allows(ActionKind.END)) {
 *       return new AskingAction.End("Thanks, Goodbye!");
 *     }
 *     return new AskingAction.Ask("Could you tell me more?");   // TOA and CQ: one question
 *   }
 * }
 * }</pre>
 *
 * <p>An agent returns only actions the turn allows ({@link AskingTurn#check}; an adapter refuses others with an
 * error naming the agent). One instance may serve many dialogues at once from several threads: keep per-dialogue
 * state out of fields, or key it on {@link AskingTurn#dialogueKey()}. clarq's built-in LLM agent,
 * {@link io.clarq.core.asking.llm.LlmAskingAgent}, implements this interface over any model.
 */
public interface AskingAgent {
  /** A short name for transcripts and reports. */
  String name();

  /**
   * The agent's action in this turn.
   *
   * @throws LlmException when a model behind the agent could not be reached or gave no usable reply (recorded as the
   *     benchmark records its own agents' model failures, never scored as a choice)
   */
  AskingAction act(AskingTurn turn) throws LlmException;

  /**
   * The agent's version, when it declares one: a run resumes into an output directory only with the same agent, and
   * this tells. Empty (the default) lets runs that check use a digest of the agent's class files instead.
   */
  default String version() {
    return "";
  }
}
