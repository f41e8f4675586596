package io.clarq.core.asking;

/**
 * Puts an {@link AskingAgent} of your own on clarq's command line by a short name: {@code --agent SCHEME:ARGS} with
 * your jar on the class path. List the implementation's class name in your jar's
 * {@code META-INF/services/io.clarq.core.asking.AskingAgentProvider}; {@link AskingAgents} finds it with
 * {@link java.util.ServiceLoader}. An agent with a public no-argument constructor needs no provider:
 * {@code --agent class:org.example.MyAgent}.
 */
public interface AskingAgentProvider {
  /**
   * The scheme {@code --agent} names it by: lower case letters, digits, '-' and '_', starting with a letter, neither
   * {@code class} nor a model scheme.
   */
  String scheme();

  /**
   * An agent for the text after {@code SCHEME:} ({@code ""} when the spec is the bare scheme).
   *
   * @throws IllegalArgumentException when {@code args} are not what the agent takes; the message says what is
   */
  AskingAgent create(String args);
}
