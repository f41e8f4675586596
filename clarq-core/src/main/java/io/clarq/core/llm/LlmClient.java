package io.clarq.core.llm;

/**
 * A chat-completion backend. Every agent in clarq (provider, seeker, judge, asker, oracle, primary model) talks to
 * a model through this interface, so decorators (cache, usage accounting, limits) compose around any backend.
 *
 * <p>Implementations are thread-safe: runners call {@link #chat} from many threads at once.
 */
public interface LlmClient extends AutoCloseable {
  /**
   * Sends one request and waits for the reply.
   *
   * @throws LlmException when no usable reply could be had; the message says what happened and never holds a key
   */
  ChatResponse chat(ChatRequest request) throws LlmException;

  /** Releases connections and flushes stores; the default does nothing. */
  @Override
  default void close() {}
}
