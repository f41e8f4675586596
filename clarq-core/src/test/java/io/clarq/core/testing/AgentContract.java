package io.clarq.core.testing;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;

/**
 * What the agent contract suites ({@link SeekerAgentContract}, {@link ProviderAgentContract}, {@link JudgeContract})
 * share: the capabilities an agent declares, breaking the model behind it, and skipping the checks it lacks the
 * capability for.
 */
public abstract class AgentContract {
  private final String agent;

  /** @param agent what the suite checks ("seeker"), for messages */
  protected AgentContract(String agent) {
    this.agent = Objects.requireNonNull(agent, "agent");
  }

  /** What the agent has; the default, nothing optional (no model behind it). */
  protected Set<AgentCapability> capabilities() {
    return EnumSet.noneOf(AgentCapability.class);
  }

  /**
   * Makes the model behind the agents of this test fail from now on as {@code fault} says. Needed only with
   * {@link AgentCapability#MODEL_BEHIND}.
   */
  protected void breakModel(ModelFault fault) {
    throw new UnsupportedOperationException("breakModel must be overridden when the " + agent + " has a model behind"
        + " it");
  }

  /**
   * The seed of every request the model behind the agents of this test has received so far, in order (null for a
   * request without one). Needed only with {@link AgentCapability#TRIAL_SEEDS}; {@link LoopbackModel#seeds()} gives
   * it for a loopback model.
   */
  protected List<Long> seedsSent() {
    throw new UnsupportedOperationException("seedsSent must be overridden when the " + agent + " has capability "
        + AgentCapability.TRIAL_SEEDS);
  }

  /** Skips the calling check, naming the capability, when the agent lacks it. */
  protected final void assumeCapability(AgentCapability capability) {
    Assumptions.assumeTrue(capabilities().contains(capability),
        () -> "skipped: the " + agent + " lacks capability " + capability);
  }
}
