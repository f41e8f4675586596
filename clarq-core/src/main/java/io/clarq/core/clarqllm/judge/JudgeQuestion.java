package io.clarq.core.clarqllm.judge;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.Trials;
import java.util.List;
import java.util.Objects;

/**
 * One question for the judge: do the {@code generated} provider lines carry the purpose of the {@code gold} line?
 * Texts are normalised as the evaluator's step 3 leaves them; the question of trial 1 ({@link #inTrial(int)}) is also
 * the verdict cache's key.
 *
 * @param trial the trial of the run whose dialogue is judged ({@link Trials}): 1 in a run without trials. A
 *     model-backed judge sends its {@link #seed()} and the trial with its request
 */
public record JudgeQuestion(Language language, String gold, String purpose, List<String> generated, int trial) {
  public JudgeQuestion {
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(gold, "gold");
    Objects.requireNonNull(purpose, "purpose");
    generated = List.copyOf(generated);
    Trials.check(trial);
  }

  /** A question of trial 1 (a run without trials). */
  public JudgeQuestion(Language language, String gold, String purpose, List<String> generated) {
    this(language, gold, purpose, generated, 1);
  }

  /** The same question asked in {@code trial}. */
  public JudgeQuestion inTrial(int trial) {
    return trial == this.trial ? this : new JudgeQuestion(language, gold, purpose, generated, trial);
  }

  /** The seed the judge's request carries: {@code 8848 + trial - 1} ({@link Trials#seed(int)}). */
  public long seed() {
    return Trials.seed(trial);
  }
}
