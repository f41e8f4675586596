package io.clarq.core.llm;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Makes clients from specs, finding the backend for a spec's scheme with {@link ServiceLoader}. */
public final class LlmClients {
  private LlmClients() {}

  /** A client for {@code spec}, with the key from the process environment. */
  public static LlmClient fromSpec(LlmSpec spec) {
    return fromSpec(spec, System::getenv, LlmListener.NONE);
  }

  /** A client for {@code spec} parsed from text ({@code openai:gpt-4o}), key from the process environment. */
  public static LlmClient fromSpec(String spec) {
    return fromSpec(LlmSpec.parse(spec));
  }

  /**
   * A client for {@code spec} with the key looked up in {@code environment} and events sent to {@code listener}. Every
   * scheme's client comes back under the {@link ReplyPolicy} ({@link ReplyPolicy#enforce}): a cut, filtered or
   * refused reply is an {@link LlmUnusableReplyException}, whichever protocol carried it.
   *
   * @throws IllegalArgumentException for an unknown scheme (the message lists the known ones) or a spec the
   *     backend cannot use
   */
  public static LlmClient fromSpec(LlmSpec spec, Function<String, String> environment, LlmListener listener) {
    LlmClientProvider provider = provider(spec);
    Optional<ApiKey> key = ApiKey.fromEnvironment(keyEnv(spec, provider), environment);
    return ReplyPolicy.enforce(provider.create(spec, key, spec.headerValues(environment), listener));
  }

  /**
   * The environment variables a client for {@code spec} reads its key from, in order: the spec's own, or its
   * scheme's default ({@link LlmClientProvider#defaultKeyEnv()}) when the spec keeps {@link ApiKey#DEFAULT_ENV}.
   *
   * @throws IllegalArgumentException for an unknown scheme
   */
  public static List<String> keyEnv(LlmSpec spec) {
    return keyEnv(spec, provider(spec));
  }

  /**
   * The problem with running {@code spec} in {@code environment}, if there is one a runner should report before
   * the first call: a remote server ({@link LlmClientProvider#needsKey}) and none of the key variables set.
   */
  public static Optional<String> missingKey(LlmSpec spec, Function<String, String> environment) {
    LlmClientProvider provider = provider(spec);
    List<String> names = keyEnv(spec, provider);
    if (!provider.needsKey(spec) || ApiKey.fromEnvironment(names, environment).isPresent()) {
      return Optional.empty();
    }
    return Optional.of("no API key for " + spec.identity() + ": set " + String.join(" or ", names)
        + " (a server on this machine or an http:// base URL needs none)");
  }

  private static List<String> keyEnv(LlmSpec spec, LlmClientProvider provider) {
    return spec.apiKeyEnv().equals(ApiKey.DEFAULT_ENV) ? provider.defaultKeyEnv() : spec.apiKeyEnv();
  }

  private static LlmClientProvider provider(LlmSpec spec) {
    Map<String, LlmClientProvider> providers = providers();
    LlmClientProvider provider = providers.get(spec.scheme());
    if (provider == null) {
      throw new IllegalArgumentException("unknown LLM scheme '" + spec.scheme() + "' in spec '" + spec
          + "'; known schemes: " + describe(providers));
    }
    return provider;
  }

  /** The schemes on the class path, sorted, each with its description. */
  public static Map<String, String> knownSchemes() {
    return providers().values().stream().collect(
        Collectors.toMap(LlmClientProvider::scheme, LlmClientProvider::description, (a, b) -> a, TreeMap::new));
  }

  private static String describe(Map<String, LlmClientProvider> providers) {
    return providers.values().stream().map(p -> p.scheme() + " (" + p.description() + ")")
        .collect(Collectors.joining(", "));
  }

  private static Map<String, LlmClientProvider> providers() {
    Map<String, LlmClientProvider> byScheme = new TreeMap<>();
    ClassLoader loader = LlmClients.class.getClassLoader();
    for (LlmClientProvider p : ServiceLoader.load(LlmClientProvider.class, loader)) {
      byScheme.putIfAbsent(p.scheme(), p);
    }
    return byScheme;
  }
}
