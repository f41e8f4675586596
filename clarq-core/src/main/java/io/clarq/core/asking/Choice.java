package io.clarq.core.asking;

import java.util.Objects;

/**
 * One option an agent may answer with ({@link AskingAction.Answer}): MediQ's options A to D.
 *
 * @param label what the answer names ("A")
 * @param text the option's text
 */
public record Choice(String label, String text) {
  public Choice {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(text, "text");
    if (label.isBlank()) {
      throw new IllegalArgumentException("illegal choice: blank label for \"" + text + "\"");
    }
  }
}
