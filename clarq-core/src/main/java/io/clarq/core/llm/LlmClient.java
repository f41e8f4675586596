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

  /**
   * The seed every request of this client is sent with, whatever seed the request carries: a seed body field the
   * user fixed ({@link #SEED_FIELDS}, {@link LlmSpec#params()}, {@code --llm-param seed=N}). Such a client sends the same seed in every
   * trial of a run, so a run with trials refuses it ({@link Trials}). The default, and every client that sends each
   * request's own seed: empty.
   */
  /** The body fields that fix a seed: {@code seed}, and Mistral's {@code random_seed}. */
  java.util.Set<String> SEED_FIELDS = java.util.Set.of("seed", "random_seed");

  default java.util.OptionalLong fixedSeed() {
    return java.util.OptionalLong.empty();
  }

  /**
   * The model this client's requests are for when they name none: the spec's model for a client made from one
   * ({@code openai:gpt-4o} gives "gpt-4o"), the bound one for a {@link #withModel view}; empty for the server's
   * default. Agents send it with every request, so a request names its model whatever the backend.
   */
  default String model() {
    return "";
  }

  /**
   * What the agents may ask of this client's model (JSON mode, seed, log-probabilities); the default, and every
   * built-in client's, is {@link LlmCapabilities#ALL}.
   */
  default LlmCapabilities capabilities() {
    return LlmCapabilities.ALL;
  }

  /**
   * This client for {@code model}: a view sending {@code model} with requests that name none, sharing this client's
   * connections, limits and cache (closing the view closes nothing). How a Java user binds a model to a server
   * client: {@code LlmClients.fromSpec("http://127.0.0.1:8000/v1").withModel("qwen2.5-7b")}.
   *
   * @param model the model name; empty for the server's default
   */
  default LlmClient withModel(String model) {
    return BoundLlmClient.bind(this, model, capabilities());
  }

  /** This client with other {@linkplain #capabilities() capabilities} (a view, as {@link #withModel}). */
  default LlmClient withCapabilities(LlmCapabilities capabilities) {
    return BoundLlmClient.bind(this, model(), capabilities);
  }

  /** Releases connections and flushes stores; the default does nothing. */
  @Override
  default void close() {}
}
