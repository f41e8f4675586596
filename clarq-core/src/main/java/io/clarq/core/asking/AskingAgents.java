package io.clarq.core.asking;

import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * Makes {@link AskingAgent}s from specs: {@code class:FULLY.QUALIFIED.Name} (a public class with a public no-argument
 * constructor, loaded by reflection) or {@code SCHEME[:ARGS]} of an {@link AskingAgentProvider} on the class path
 * (found with {@link ServiceLoader}). Any other spec is left to the caller, which reads it as a model spec for the
 * built-in {@link io.clarq.core.asking.llm.LlmAskingAgent}.
 */
public final class AskingAgents {
  /** The scheme of an agent named by its class. */
  public static final String CLASS_SCHEME = "class";

  private AskingAgents() {}

  /**
   * The agent {@code spec} names by class or provider scheme; empty when it names neither (it may name a model).
   *
   * @throws IllegalArgumentException naming the spec when the class cannot be loaded, is no {@code AskingAgent} or
   *     has no public no-argument constructor, when a provider refuses the arguments, or when the providers on the
   *     class path are malformed ({@link #providers})
   */
  public static Optional<AskingAgent> fromSpec(String spec) {
    int colon = spec.indexOf(':');
    String scheme = colon < 0 ? spec : spec.substring(0, colon);
    String args = colon < 0 ? "" : spec.substring(colon + 1);
    if (scheme.equals(CLASS_SCHEME)) {
      return Optional.of(byClass(spec, args));
    }
    AskingAgentProvider provider = providers().get(scheme);
    if (provider == null) {
      return Optional.empty();
    }
    try {
      AskingAgent agent = provider.create(args);
      if (agent == null) {
        throw new IllegalStateException("asking agent provider " + provider.getClass().getName()
            + " returned no agent for '" + spec + "'");
      }
      return Optional.of(agent);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("agent '" + spec + "' (" + provider.getClass().getName() + "): "
          + e.getMessage(), e);
    }
  }

  private static AskingAgent byClass(String spec, String name) {
    if (name.isBlank()) {
      throw new IllegalArgumentException("agent '" + spec + "': give the class, e.g. class:org.example.MyAgent");
    }
    Class<?> type;
    try {
      type = Class.forName(name, true, loader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException("agent '" + spec + "': class " + name + " is not on the class path ("
          + e + "); put its jar on the class path: java -cp clarq.jar:your-agent.jar"
          + " io.clarq.examples.cli.ClarqCommand ...", e);
    }
    if (!AskingAgent.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException("agent '" + spec + "': class " + name + " does not implement "
          + AskingAgent.class.getName());
    }
    try {
      return (AskingAgent) type.getConstructor().newInstance();
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalArgumentException("agent '" + spec + "': class " + name + " has no public no-argument"
          + " constructor; give it one, or write an " + AskingAgentProvider.class.getSimpleName(), e);
    } catch (InstantiationException e) {
      throw new IllegalArgumentException("agent '" + spec + "': class " + name + " is abstract", e);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException("agent '" + spec + "': the constructor of " + name + " failed: "
          + e.getCause(), e.getCause());
    }
  }

  /**
   * The providers on the class path by scheme.
   *
   * @throws IllegalArgumentException naming the class when a provider declares a malformed or taken scheme, or two
   *     declare the same one
   */
  public static Map<String, AskingAgentProvider> providers() {
    Map<String, AskingAgentProvider> byScheme = new TreeMap<>();
    Set<String> models = io.clarq.core.llm.LlmClients.knownSchemes().keySet();
    for (AskingAgentProvider p : ServiceLoader.load(AskingAgentProvider.class, loader())) {
      String scheme = p.scheme();
      if (scheme == null || !scheme.matches("[a-z][a-z0-9_-]*")) {
        throw new IllegalArgumentException("asking agent provider " + p.getClass().getName() + " declares the scheme"
            + " '" + scheme + "': expected lower case letters, digits, '-' or '_', starting with a letter");
      }
      if (scheme.equals(CLASS_SCHEME) || models.contains(scheme)) {
        throw new IllegalArgumentException("asking agent provider " + p.getClass().getName() + " declares the"
            + " scheme '" + scheme + "', which names " + (scheme.equals(CLASS_SCHEME) ? "an agent by its class"
            : "a model backend (--agent " + scheme + ":MODEL)") + "; choose another");
      }
      AskingAgentProvider before = byScheme.putIfAbsent(scheme, p);
      if (before != null && before.getClass() != p.getClass()) {
        throw new IllegalArgumentException("asking agent providers " + before.getClass().getName() + " and "
            + p.getClass().getName() + " both declare the scheme '" + scheme + "'; keep one jar on the class path");
      }
    }
    return byScheme;
  }

  /**
   * Who an agent is, for a run's fingerprint: its class and the version it declares, or, when it declares none, a
   * digest of its class file (so an agent edited and rebuilt is another agent). Adapters return this as their
   * benchmark SPI's version.
   */
  public static String identity(AskingAgent agent) {
    Class<?> type = agent.getClass();
    String version = agent.version();
    if (version != null && !version.isBlank()) {
      return type.getName() + " version " + version.strip();
    }
    String resource = type.getName().replace('.', '/') + ".class";
    try (java.io.InputStream in = type.getClassLoader() == null ? null
        : type.getClassLoader().getResourceAsStream(resource)) {
      byte[] bytes = in == null ? new byte[0] : in.readAllBytes();
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
      return type.getName() + " code " + java.util.HexFormat.of().formatHex(digest).substring(0, 16);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot read the class file of agent " + type.getName() + ": "
          + e.getMessage(), e);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }

  private static ClassLoader loader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : AskingAgents.class.getClassLoader();
  }
}
