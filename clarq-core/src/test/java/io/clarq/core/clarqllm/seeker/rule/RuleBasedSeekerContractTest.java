package io.clarq.core.clarqllm.seeker.rule;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.testing.SeekerAgentContract;

/** The rule-based seeker passes the SeekerAgent contract. */
class RuleBasedSeekerContractTest extends SeekerAgentContract {
  @Override
  protected SeekerAgent createSeeker() {
    return new RuleBasedSeeker();
  }
}
