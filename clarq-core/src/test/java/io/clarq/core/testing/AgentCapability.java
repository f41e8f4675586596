package io.clarq.core.testing;

/**
 * What an agent under a contract suite ({@link SeekerAgentContract}, {@link ProviderAgentContract},
 * {@link JudgeContract}) may have or lack; a test that needs a missing one is skipped, naming it.
 */
public enum AgentCapability {
  /**
   * A language model stands behind the agent and the test can make it fail ({@link ModelFault}): the checks of what
   * the agent throws when its model is down or says something unusable.
   */
  MODEL_BEHIND
}
