package io.clarq.core.llm;

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
   * A client for {@code spec} with the key looked up in {@code environment} and events sent to {@code listener}.
   *
   * @throws IllegalArgumentException for an unknown scheme (the message lists the known ones) or a spec the
   *     backend cannot use
   */
  public static LlmClient fromSpec(LlmSpec spec, Function<String, String> environment, LlmListener listener) {
    Map<String, LlmClientProvider> providers = providers();
    LlmClientProvider provider = providers.get(spec.scheme());
    if (provider == null) {
      throw new IllegalArgumentException("unknown LLM scheme '" + spec.scheme() + "' in spec '" + spec
          + "'; known schemes: " + describe(providers));
    }
    Optional<ApiKey> key = ApiKey.fromEnvironment(spec.apiKeyEnv(), environment);
    return provider.create(spec, key, listener);
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
