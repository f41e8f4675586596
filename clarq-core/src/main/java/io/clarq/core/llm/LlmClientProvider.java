package io.clarq.core.llm;

import java.util.Optional;

/**
 * Makes {@link LlmClient}s for one spec scheme. Implementations are listed in
 * {@code META-INF/services/io.clarq.core.llm.LlmClientProvider} and found by {@link LlmClients#fromSpec}.
 */
public interface LlmClientProvider {
  /** The scheme this provider serves, lower case ({@code openai}). */
  String scheme();

  /** One line for error messages and help: what the scheme talks to and its default base URL. */
  String description();

  /**
   * Makes a client.
   *
   * @param key the key read from the spec's environment variables, empty when none is set (fine for a local server)
   * @param listener told of live replies, retries and failures
   * @throws IllegalArgumentException when the spec lacks what this backend needs, naming it
   */
  LlmClient create(LlmSpec spec, Optional<ApiKey> key, LlmListener listener);
}
