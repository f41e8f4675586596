package io.clarq.core.clarqllm.seeker;

import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/** Finds the {@link SeekerAgentProvider}s on the class path with {@link ServiceLoader} and makes seekers from specs. */
public final class SeekerAgents {
  /**
   * The names clarq's command line gives its own seekers ({@code agent:SPEC} is an asking agent, see
   * {@code io.clarq.core.asking.AskingAgents}); no provider may take them.
   */
  public static final Set<String> RESERVED = Set.of("rule", "console", "comp", "chat", "agent");

  private SeekerAgents() {}

  /**
   * The seeker for {@code spec} ("SCHEME" or "SCHEME:ARGS") when a provider on the class path declares its scheme;
   * empty when none does (the spec may then name a model).
   *
   * @throws IllegalArgumentException when the provider refuses the arguments (its message, with the spec), or when
   *     the providers on the class path are malformed (see {@link #providers})
   */
  public static Optional<SeekerAgent> fromSpec(String spec) {
    int colon = spec.indexOf(':');
    String scheme = colon < 0 ? spec : spec.substring(0, colon);
    SeekerAgentProvider provider = providers().get(scheme);
    if (provider == null) {
      return Optional.empty();
    }
    String args = colon < 0 ? "" : spec.substring(colon + 1);
    try {
      SeekerAgent seeker = provider.create(args);
      if (seeker == null) {
        throw new IllegalStateException("seeker provider " + provider.getClass().getName() + " returned no seeker for"
            + " '" + spec + "'");
      }
      return Optional.of(seeker);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("seeker '" + spec + "' (" + provider.getClass().getName() + "): "
          + e.getMessage(), e);
    }
  }

  /**
   * The providers on the class path by scheme.
   *
   * @throws IllegalArgumentException naming the class when a provider declares a malformed or reserved scheme, or
   *     two declare the same one
   */
  public static Map<String, SeekerAgentProvider> providers() {
    Map<String, SeekerAgentProvider> byScheme = new TreeMap<>();
    Set<String> models = io.clarq.core.llm.LlmClients.knownSchemes().keySet();
    ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
        ? Thread.currentThread().getContextClassLoader() : SeekerAgents.class.getClassLoader();
    for (SeekerAgentProvider p : ServiceLoader.load(SeekerAgentProvider.class, loader)) {
      String scheme = p.scheme();
      if (scheme == null || !scheme.matches("[a-z][a-z0-9_-]*")) {
        throw new IllegalArgumentException("seeker provider " + p.getClass().getName() + " declares the scheme '"
            + scheme + "': expected lower case letters, digits, '-' or '_', starting with a letter");
      }
      if (RESERVED.contains(scheme)) {
        throw new IllegalArgumentException("seeker provider " + p.getClass().getName() + " declares the scheme '"
            + scheme + "', which names one of clarq's own seekers " + new java.util.TreeSet<>(RESERVED)
            + "; choose another");
      }
      if (models.contains(scheme)) {
        throw new IllegalArgumentException("seeker provider " + p.getClass().getName() + " declares the scheme '"
            + scheme + "', which names a model backend (--seeker " + scheme + ":MODEL); choose another");
      }
      SeekerAgentProvider before = byScheme.putIfAbsent(scheme, p);
      if (before != null && before.getClass() != p.getClass()) {
        throw new IllegalArgumentException("seeker providers " + before.getClass().getName() + " and "
            + p.getClass().getName() + " both declare the scheme '" + scheme + "'; keep one jar on the class path");
      }
    }
    return byScheme;
  }
}
