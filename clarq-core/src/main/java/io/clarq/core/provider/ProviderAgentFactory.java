package io.clarq.core.provider;

/**
 * Makes a provider agent that needs no model from a name on the command line ({@code clarq run --provider offline}),
 * found with {@link java.util.ServiceLoader}: list the implementing class in
 * {@code META-INF/services/io.clarq.core.provider.ProviderAgentFactory}. Lets a module the CLI does not know at
 * compile time (the offline provider in clarq-retrieval) plug in.
 */
public interface ProviderAgentFactory {
  /** The name the provider is chosen by, e.g. "offline". */
  String name();

  /** A one-line description for error messages and help. */
  String description();

  /**
   * @param multiInfo whether the provider may give several answerable nodes in one reply (the multi-info variant)
   */
  ProviderAgent create(boolean multiInfo);
}
