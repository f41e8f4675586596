package io.clarq.core.clarqllm.provider;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmException;

/**
 * The agent that knows the task and answers only from its response tree. Stateless across turns: everything it
 * may use is in the {@link ProviderTurn} (the runner keeps the gating state and applies
 * {@link ProviderReply#nodes()} after each reply), so one instance serves many dialogues at once and an audit can
 * replay any recorded turn.
 */
public interface ProviderAgent {
  /** A short name for transcripts and reports, e.g. "offline" or "llm:gpt-4o". */
  String name();

  /** The line the provider opens every dialogue with. */
  default String opening(Language language) {
    return FixedReplies.opening(language);
  }

  /**
   * Replies to the last seeker line of the turn.
   *
   * @throws LlmException when a model behind the provider could not be reached (an infrastructure failure, never
   *     a seeker failure)
   */
  ProviderReply reply(ProviderTurn turn) throws LlmException;
}
