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

  /**
   * Tells the client that the caller could use {@code response}, the reply to {@code request}: it parsed it, or
   * delivered it as free text. A response cache ({@link io.clarq.core.llm.cache.CachingLlmClient}) records a reply
   * only when it is accepted, so a reply the caller could not use is never replayed, and a rerun asks the model
   * again. Decorators pass the call on to the client they wrap. Accepting a reply twice, or one replayed from a
   * cache, changes nothing. {@link io.clarq.core.llm.json.StructuredAsk} accepts for its callers.
   *
   * <p>The default does nothing (a client that keeps no replies).
   */
  default void accept(ChatRequest request, ChatResponse response) {}

  /**
   * The deviations from the reference protocol this client has made so far ({@link Deviation}), each also reported
   * once through {@link LlmListener#onDeviation}. A response cache records them with each reply, so a replay says
   * under which deviations the reply was had. Decorators return their delegate's; the default, none.
   */
  default java.util.List<Deviation> deviations() {
    return java.util.List.of();
  }

  /** Releases connections and flushes stores; the default does nothing. */
  @Override
  default void close() {}
}
