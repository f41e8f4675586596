package io.clarq.eval.cq;

import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.RubricRating;
import io.clarq.datasets.cq.RubricRatingFile;
import io.clarq.eval.compare.ItemOutcome;
import io.clarq.eval.compare.OutcomeSource;
import java.util.Optional;
import java.util.Set;

/**
 * A CQ judging run folder's per-item outcomes for compare and the leaderboard: each rated question of the item log
 * ({@value CqJudgeRun#LOG}), by example id, scored by its rubric grades, (naturalness points + usefulness points) / 4
 * with Good 2, Fair 1, Bad 0, so 1 is Good on both scales. A reply the judge could not read is not scored, and every
 * output counts it. The judge must match; the questions rated are what runs are compared on.
 */
public final class CqOutcomeSource implements OutcomeSource {
  @Override
  public String benchmark() {
    return CqJudgeRun.NAME;
  }

  @Override
  public String measure() {
    return "rubric_score";
  }

  @Override
  public String describe() {
    return "(naturalness points + usefulness points) / 4, Good 2, Fair 1, Bad 0: 1 is Good on both scales";
  }

  @Override
  public ItemOutcome.Kind kind() {
    return ItemOutcome.Kind.GRADED;
  }

  @Override
  public String logFile() {
    return CqJudgeRun.LOG;
  }

  @Override
  public Set<String> agentSettings() {
    return Set.of();
  }

  @Override
  public Set<String> selectionSettings() {
    return Set.of("questions", "questions_digest");
  }

  @Override
  public Optional<ItemOutcome> outcome(String line, String where) {
    CqJudgement j = RubricRatingFile.fromLine(line, where);
    if (j.outcome() instanceof RubricRating r) {
      return Optional.of(ItemOutcome.graded(j.id(), 1, (r.naturalness().grade().points()
          + r.usefulness().grade().points()) / 4.0));
    }
    return Optional.empty();
  }
}
