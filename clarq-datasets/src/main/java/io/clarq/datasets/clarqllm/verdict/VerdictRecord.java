package io.clarq.datasets.clarqllm.verdict;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import java.util.Objects;

/**
 * One line of a verdict file: the judge's question (its cache key) and its answer.
 *
 * @param language the language of the gold line
 * @param gold the leftover gold line, normalised as the evaluator's step 3 leaves it
 * @param purpose the gold line's purpose
 * @param generated the leftover provider lines, normalised
 * @param match the judge's answer
 * @param analysis the judge's reasoning
 * @param matchRaw when the judge's {@code match} was not true or false and was read by Python truthiness (the
 *     reference pack), that value as JSON ({@code "maybe"} with its quotes), kept as {@code match_raw}; else empty
 */
public record VerdictRecord(Language language, String gold, String purpose, List<String> generated, boolean match,
    String analysis, String matchRaw) {
  public VerdictRecord {
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(gold, "gold");
    Objects.requireNonNull(purpose, "purpose");
    generated = List.copyOf(generated);
    Objects.requireNonNull(analysis, "analysis");
    Objects.requireNonNull(matchRaw, "matchRaw");
  }

  /** A record whose match was a plain true or false. */
  public VerdictRecord(
      Language language, String gold, String purpose, List<String> generated, boolean match, String analysis) {
    this(language, gold, purpose, generated, match, analysis, "");
  }

  /** The record of a parsed verdict. */
  public static VerdictRecord of(JudgeQuestion q, Verdict v) {
    if (v.outcome() == Verdict.Outcome.UNPARSED) {
      throw new IllegalArgumentException("an unparsed verdict has no match to record (gold \"" + q.gold() + "\")");
    }
    return new VerdictRecord(q.language(), q.gold(), q.purpose(), q.generated(), v.isMatch(), v.analysis(),
        v.readByTruthiness() ? v.raw() : "");
  }

  /** The question this record answers: the cache key. */
  public JudgeQuestion question() {
    return new JudgeQuestion(language, gold, purpose, generated);
  }

  public Verdict verdict() {
    return matchRaw.isEmpty() ? Verdict.of(match, analysis) : Verdict.byTruthiness(match, analysis, matchRaw);
  }
}
