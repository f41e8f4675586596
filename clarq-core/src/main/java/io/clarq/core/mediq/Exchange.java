package io.clarq.core.mediq;

import java.util.Objects;
import java.util.Optional;

/**
 * One question of the expert and the patient's answer. The question may be absent: the reference expert can fail to
 * produce one (an unreadable reply), and the patient is then asked "None".
 */
public record Exchange(Optional<String> question, String answer) {
  public Exchange {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(answer, "answer");
  }

  /** The question as the reference code prints it: the text, or "None" when there was none. */
  public String questionText() {
    return question.orElse("None");
  }
}
