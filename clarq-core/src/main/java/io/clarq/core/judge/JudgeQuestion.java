package io.clarq.core.judge;

import io.clarq.core.task.Language;
import java.util.List;
import java.util.Objects;

/**
 * One question for the judge: do the {@code generated} provider lines carry the purpose of the {@code gold} line?
 * Texts are normalised as the evaluator's step 3 leaves them; this tuple is also the verdict cache's key.
 */
public record JudgeQuestion(Language language, String gold, String purpose, List<String> generated) {
  public JudgeQuestion {
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(gold, "gold");
    Objects.requireNonNull(purpose, "purpose");
    generated = List.copyOf(generated);
  }
}
