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
  MODEL_BEHIND,

  /**
   * The agent sends a seed with its model requests and the test can see them ({@link AgentContract#seedsSent()},
   * e.g. {@link LoopbackModel#seeds()}): the check that trial t of a run sends seed 8848 + t - 1 from whatever thread
   * the agent calls its model on, and that a response cache in front of the model never answers one trial with
   * another's reply.
   */
  TRIAL_SEEDS
}
