package io.clarq.core.dialogue;

/** Why a dialogue ended. */
public enum EndReason {
  /** The seeker said goodbye, as the configured end detector reads it. */
  GOODBYE,
  /** The seeker reached the turn cap (the reference allows 12 seeker utterances). */
  TURN_CAP,
  /** Not recorded: the dialogue was read from a file that does not say (the published results files). */
  UNKNOWN
}
