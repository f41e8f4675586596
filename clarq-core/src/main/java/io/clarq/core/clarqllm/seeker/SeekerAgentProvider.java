package io.clarq.core.clarqllm.seeker;

/**
 * Puts a {@link SeekerAgent} of your own on clarq's command line: {@code clarq run --seeker SCHEME:ARGS} with your
 * jar on the class path. List the implementation's class name in your jar's
 * {@code META-INF/services/io.clarq.core.clarqllm.seeker.SeekerAgentProvider}; {@link SeekerAgents} finds it with
 * {@link java.util.ServiceLoader}.
 *
 * <pre>{@code
 * public final class EchoSeekerProvider implements SeekerAgentProvider {
 *   @Override public String scheme() { return "echo"; }
 *   @Override public SeekerAgent create(String args) { return new EchoSeeker(Integer.parseInt(args)); }
 * }
 * }</pre>
 *
 * Then {@code java -cp clarq.jar:echo-seeker.jar io.clarq.examples.cli.ClarqCommand run --seeker echo:3 ...}; the
 * runnable example is examples/plugin-seeker/ in the clarq repository.
 */
public interface SeekerAgentProvider {
  /**
   * The scheme {@code --seeker} names it by: lower case letters, digits, '-' and '_', starting with a letter, and
   * none of clarq's own seekers ({@link SeekerAgents#RESERVED}) or model schemes.
   */
  String scheme();

  /**
   * A seeker for the text after {@code SCHEME:} ({@code ""} when the spec is the bare scheme).
   *
   * @throws IllegalArgumentException when {@code args} are not what the seeker takes; the message says what is
   */
  SeekerAgent create(String args);
}
