package io.clarq.core.llm;

import java.util.List;
import java.util.Map;
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

  /**
   * Makes a client that also sends {@code headers} (the spec's {@link LlmSpec#headers()} with {@code env:} values
   * read; secrets, never to be printed). The default refuses headers, naming the scheme, and otherwise calls
   * {@link #create(LlmSpec, Optional, LlmListener)}.
   */
  default LlmClient create(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers, LlmListener listener) {
    if (!headers.isEmpty()) {
      throw new IllegalArgumentException("the " + scheme() + " scheme sends no extra HTTP headers; " + spec
          + " gives " + String.join(", ", headers.keySet()));
    }
    return create(spec, key, listener);
  }

  /**
   * The environment variables the key is read from, in order, when a spec keeps the default
   * ({@link ApiKey#DEFAULT_ENV}): clarq's own variable first, then the vendor's ({@code ANTHROPIC_API_KEY}).
   */
  default List<String> defaultKeyEnv() {
    return ApiKey.DEFAULT_ENV;
  }

  /**
   * Whether a spec of this scheme reaches a remote server that needs a key: a runner refuses such a spec before the
   * first call when no key variable is set. The default says yes for any https base URL, and for no base URL (the
   * vendor's own server).
   */
  default boolean needsKey(LlmSpec spec) {
    return spec.baseUrls().isEmpty() || spec.baseUrls().stream().anyMatch(u -> "https".equalsIgnoreCase(u.getScheme()));
  }
}
