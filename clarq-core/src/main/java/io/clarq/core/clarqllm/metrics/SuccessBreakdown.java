package io.clarq.core.clarqllm.metrics;

import java.util.List;
import java.util.Objects;

/**
 * Why a dialogue succeeded or not: where each gold line was found, which provider lines were left over, what the
 * judge was asked and answered.
 *
 * @param outcome success, failure, or unjudged (a leftover question the judge could not answer, and no "no")
 * @param decidedBy the stage that decided the outcome
 * @param gold every gold line, in the task's listing order
 * @param leftoverProviderLines provider lines holding no gold line (normalised), as shown to the judge
 * @param judged the judge's questions and answers, in order; it stops at the first "no"
 */
public record SuccessBreakdown(
    Outcome outcome, Stage decidedBy, List<GoldMatch> gold, List<String> leftoverProviderLines,
    List<JudgeCall> judged) {
  /** The outcome for one dialogue. */
  public enum Outcome {
    SUCCESS,
    FAILURE,
    /** Not decided: counted apart, never as a failure. */
    UNJUDGED
  }

  /** The stages of docs/protocol/clarq-llm.md §5. */
  public enum Stage {
    /** Stage 2: every gold line equals a whole provider line. */
    WHOLE_LINES,
    /** Stage 3: every gold line is contained in a provider line. */
    SUBSTRINGS,
    /** Stage 3: gold lines are left but no provider line is: failure without asking the judge. */
    NO_PROVIDER_LINE_LEFT,
    /** Stage 4: the judge decided the leftover gold lines. */
    JUDGE
  }

  public SuccessBreakdown {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(decidedBy, "decidedBy");
    gold = List.copyOf(gold);
    leftoverProviderLines = List.copyOf(leftoverProviderLines);
    judged = List.copyOf(judged);
    if (outcome == Outcome.UNJUDGED && decidedBy != Stage.JUDGE) {
      throw new IllegalArgumentException("illegal success breakdown: only the judge stage can leave a dialogue"
          + " unjudged, got " + decidedBy);
    }
  }

  public boolean success() {
    return outcome == Outcome.SUCCESS;
  }

  public boolean unjudged() {
    return outcome == Outcome.UNJUDGED;
  }
}
