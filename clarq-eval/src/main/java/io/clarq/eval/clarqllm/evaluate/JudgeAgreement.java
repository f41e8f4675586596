package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmException;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How often a judge gives the verdict a reference judge recorded (the 560 GPT-4o verdicts of
 * {@code judge-verdicts.jsonl}): overall, per language, and separately on the reference's "match" and "no match"
 * verdicts, so a judge that always says "no" cannot hide behind the overall figure.
 *
 * @param judge the judge measured
 * @param all every recorded verdict
 * @param byLanguage per language of the gold line
 */
public record JudgeAgreement(String judge, Tally all, Map<Language, Tally> byLanguage) {
  /**
   * Agreement over some verdicts.
   *
   * @param verdicts recorded verdicts compared
   * @param agreed the judge gave the same answer
   * @param matches recorded "match" verdicts
   * @param matchesAgreed of those, the judge also said "match"
   * @param falseMatches recorded "no match" verdicts the judge answered "match"
   * @param unanswered the judge gave no answer or an unparsed one (counted as disagreeing, never as "no")
   */
  public record Tally(int verdicts, int agreed, int matches, int matchesAgreed, int falseMatches, int unanswered) {
    static final Tally EMPTY = new Tally(0, 0, 0, 0, 0, 0);

    public Tally {
      if (agreed < 0 || agreed > verdicts || matchesAgreed < 0 || matchesAgreed > matches || matches > verdicts
          || falseMatches < 0 || unanswered < 0 || agreed + falseMatches + unanswered > verdicts) {
        throw new IllegalArgumentException("illegal agreement tally: " + agreed + "/" + verdicts + " agreed, "
            + matchesAgreed + "/" + matches + " matches agreed, " + falseMatches + " false matches, " + unanswered
            + " unanswered");
      }
    }

    Tally plus(boolean recordedMatch, Verdict.Outcome given) {
      boolean same = recordedMatch ? given == Verdict.Outcome.MATCH : given == Verdict.Outcome.NO_MATCH;
      return new Tally(verdicts + 1, agreed + (same ? 1 : 0), matches + (recordedMatch ? 1 : 0),
          matchesAgreed + (recordedMatch && same ? 1 : 0),
          falseMatches + (!recordedMatch && given == Verdict.Outcome.MATCH ? 1 : 0),
          unanswered + (given == Verdict.Outcome.UNPARSED ? 1 : 0));
    }

    /** Share of verdicts agreed; NaN without verdicts. */
    public double rate() {
      return verdicts == 0 ? Double.NaN : (double) agreed / verdicts;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%d/%d agreed (%.4f); \"match\" verdicts agreed %d/%d; false matches %d/%d;"
          + " unanswered %d", agreed, verdicts, rate(), matchesAgreed, matches, falseMatches, verdicts - matches,
          unanswered);
    }
  }

  public JudgeAgreement {
    Objects.requireNonNull(judge, "judge");
    Objects.requireNonNull(all, "all");
    byLanguage = Map.copyOf(byLanguage);
  }

  /**
   * Asks the judge every recorded question and compares.
   *
   * @throws LlmException when a model behind the judge could not be reached
   */
  public static JudgeAgreement measure(Judge judge, List<VerdictRecord> recorded) throws LlmException {
    Tally all = Tally.EMPTY;
    Map<Language, Tally> byLanguage = new EnumMap<>(Language.class);
    for (VerdictRecord r : recorded) {
      Verdict.Outcome given = judge.judge(r.question()).map(Verdict::outcome).orElse(Verdict.Outcome.UNPARSED);
      all = all.plus(r.match(), given);
      byLanguage.put(r.language(), byLanguage.getOrDefault(r.language(), Tally.EMPTY).plus(r.match(), given));
    }
    return new JudgeAgreement(judge.name(), all, byLanguage);
  }
}
