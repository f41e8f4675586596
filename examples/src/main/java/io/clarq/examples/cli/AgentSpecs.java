package io.clarq.examples.cli;

import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingAgents;
import io.clarq.core.asking.llm.LlmAskingAgent;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;

/**
 * What {@code --agent SPEC} may name on every benchmark's run command: {@code class:FULLY.QUALIFIED.Name} (an
 * {@code AskingAgent} with a public no-argument constructor on the class path), {@code SCHEME[:ARGS]} of an
 * {@code AskingAgentProvider} on the class path, or a model spec ({@code openai:gpt-4o-mini}, a base URL) for clarq's
 * built-in LLM asking agent. Each command puts the agent on its benchmark through the benchmark's adapter.
 */
public final class AgentSpecs {
  /** The option's description, the same on every command. */
  public static final String DESCRIPTION = "One asking agent for every benchmark (io.clarq.core.asking.AskingAgent):"
      + " class:FULLY.QUALIFIED.Name of your agent (a public no-argument constructor; its jar on the class path),"
      + " SCHEME:ARGS of an AskingAgentProvider on the class path, or a MODEL-SPEC for clarq's built-in LLM asking"
      + " agent (e.g. openai:gpt-4o-mini).";

  private AgentSpecs() {}

  /**
   * Refuses a spec that names no agent, class or model scheme, before anything runs.
   *
   * @throws CommandLine.ParameterException naming the option, the spec and what it may be
   */
  public static void check(CommandLine cl, String option, String spec) {
    try {
      if (AskingAgents.fromSpec(spec).isPresent()) {
        return;
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage(), e, null, spec);
    }
    if (modelScheme(spec).isEmpty()) {
      Set<String> plugins = AskingAgents.providers().keySet();
      throw new CommandLine.ParameterException(cl, option + " " + spec + ": names no agent. Give class:FULLY"
          + ".QUALIFIED.Name (your AskingAgent), SCHEME:ARGS of an agent provider on the class path (found: "
          + (plugins.isEmpty() ? "none" : String.join(", ", plugins)) + "), or a model spec for the built-in LLM"
          + " agent (model schemes: " + String.join(", ", LlmClients.knownSchemes().keySet()) + ")", null, spec);
    }
  }

  /** The model spec, when {@code spec} names the built-in LLM agent on a model (not a class or a provider). */
  public static Optional<String> modelSpec(String spec) {
    if (spec.startsWith(AskingAgents.CLASS_SCHEME + ":")) {
      return Optional.empty();
    }
    int colon = spec.indexOf(':');
    if (AskingAgents.providers().containsKey(colon < 0 ? spec : spec.substring(0, colon))) {
      return Optional.empty();
    }
    return modelScheme(spec).map(s -> spec);
  }

  private static Optional<String> modelScheme(String spec) {
    String lower = spec.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      return Optional.of("http");
    }
    int c = spec.indexOf(':');
    String scheme = (c < 0 ? spec : spec.substring(0, c)).toLowerCase(Locale.ROOT);
    return LlmClients.knownSchemes().containsKey(scheme) ? Optional.of(scheme) : Optional.empty();
  }

  /**
   * The agent {@code spec} names; a model agent's client is made from the shared LLM options and added to
   * {@code closing}.
   *
   * @throws CommandLine.ParameterException naming the option when the spec names nothing
   */
  public static AskingAgent open(CommandLine cl, String option, String spec, LlmOptions llm,
      List<AutoCloseable> closing) {
    check(cl, option, spec);
    Optional<AskingAgent> named = AskingAgents.fromSpec(spec);
    if (named.isPresent()) {
      return named.get();
    }
    LlmClient client = llm.client(cl, option, spec);
    closing.add(client);
    return LlmAskingAgent.builder(client.withModel(llm.spec(cl, option, spec).model())).build();
  }
}
