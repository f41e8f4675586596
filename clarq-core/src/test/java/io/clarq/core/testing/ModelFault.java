package io.clarq.core.testing;

/** How a contract suite asks the model behind an agent to fail, from now on, for every call. */
public enum ModelFault {
  /** The model's server is down (it answers HTTP 503, or the protocol's like, to every attempt). */
  UNREACHABLE,
  /**
   * The model answers, but with nothing the agent can use: a blank line for a seeker, text that is not the JSON the
   * prompt asks for to a provider or a judge.
   */
  UNUSABLE_REPLY
}
