package io.clarq.core.dialogue;

/** Who said an utterance: the provider (Jax, who knows the task) or the seeker (who must find out). */
public enum Speaker {
  PROVIDER,
  SEEKER
}
