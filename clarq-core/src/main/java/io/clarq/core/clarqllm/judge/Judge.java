package io.clarq.core.clarqllm.judge;

import io.clarq.core.llm.LlmException;
import java.util.Optional;

/**
 * Decides whether leftover provider lines carry a gold line's purpose. Implementations: a verdict cache that
 * replays recorded verdicts, an LLM-backed judge, and chains of the two.
 */
public interface Judge {
  /**
   * @return the verdict, or empty when this judge cannot answer (a cache miss with no judge behind it): the
   *     evaluator then counts the question as unjudged, never as a failure
   * @throws LlmException when a model behind the judge could not be reached
   */
  Optional<Verdict> judge(JudgeQuestion question) throws LlmException;

  /**
   * What a report names as the judge that decided: "none", "offline", "verdicts judge-verdicts.jsonl", ... The
   * default is the class's simple name; implementations should say something a reader recognises.
   */
  default String name() {
    return getClass().getSimpleName();
  }

  /**
   * The seed a model behind this judge sends with every request whatever the trial ({@link
   * io.clarq.core.llm.LlmClient#fixedSeed()}), seen through wrappers (a verdict cache, {@link #named}); a run with
   * trials refuses a judge that has one. Default: empty (no model, or none whose seed is fixed).
   */
  default java.util.OptionalLong fixedSeed() {
    return java.util.OptionalLong.empty();
  }

  /**
   * {@code judge} asking every question in {@code trial} ({@link JudgeQuestion#inTrial}), under its own name: how a
   * run scores the dialogues of trial t, so a model-backed judge sends that trial's seed.
   *
   * @throws IllegalArgumentException when {@code trial} is below 1
   */
  static Judge inTrial(Judge judge, int trial) {
    java.util.Objects.requireNonNull(judge, "judge");
    io.clarq.core.llm.Trials.check(trial);
    return trial == 1 ? judge : named(judge.name(), new Judge() {
      @Override
      public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
        return judge.judge(question.inTrial(trial));
      }

      @Override
      public java.util.OptionalLong fixedSeed() {
        return judge.fixedSeed();
      }
    });
  }

  /** A judge that answers nothing: every leftover gold line is reported as unjudged. Its name is "none". */
  static Judge none() {
    return named("none", q -> Optional.empty());
  }

  /** The judge under another name, e.g. {@code Judge.named("llm gpt-4o", LlmJudge.builder(client).build())}. */
  static Judge named(String name, Judge judge) {
    java.util.Objects.requireNonNull(name, "name");
    java.util.Objects.requireNonNull(judge, "judge");
    return new Judge() {
      @Override
      public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
        return judge.judge(question);
      }

      @Override
      public String name() {
        return name;
      }

      @Override
      public java.util.OptionalLong fixedSeed() {
        return judge.fixedSeed();
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }
}
