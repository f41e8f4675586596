package io.clarq.core.dialogue;

import java.util.Objects;

/** One line of a dialogue, as said (provider lines keep their "Jax: " prefix). */
public record Utterance(Speaker speaker, String text) {
  public Utterance {
    Objects.requireNonNull(speaker, "speaker");
    Objects.requireNonNull(text, "text");
  }

  public static Utterance provider(String text) {
    return new Utterance(Speaker.PROVIDER, text);
  }

  public static Utterance seeker(String text) {
    return new Utterance(Speaker.SEEKER, text);
  }
}
