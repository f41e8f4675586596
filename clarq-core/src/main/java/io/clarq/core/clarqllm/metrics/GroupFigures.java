package io.clarq.core.clarqllm.metrics;

import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Interval;
import java.util.Objects;

/**
 * The figures of a group of dialogues (a language, a task type, the tasks with a given number of gold lines), each
 * with how sure it is.
 *
 * @param dialogues the scored dialogues in the group
 * @param successes dialogues that succeeded
 * @param unjudged dialogues the judge left undecided (never counted as failures)
 * @param success the success rate over the judged dialogues with its 95% Wilson interval
 * @param successRange the success rate over all dialogues if every unjudged one failed / succeeded; a single point
 *     when nothing is unjudged
 * @param aqd mean AQD with its bootstrap interval
 * @param aql mean reference AQL with its bootstrap interval
 * @param turns mean seeker utterances per dialogue with its bootstrap interval
 */
public record GroupFigures(int dialogues, int successes, int unjudged, Estimate success, Interval successRange,
    Estimate aqd, Estimate aql, Estimate turns) {
  public GroupFigures {
    if (dialogues < 0 || successes < 0 || unjudged < 0 || successes + unjudged > dialogues) {
      throw new IllegalArgumentException("illegal group counts: " + dialogues + " dialogues, " + successes
          + " successes, " + unjudged + " unjudged");
    }
    Objects.requireNonNull(success, "success");
    Objects.requireNonNull(successRange, "successRange");
    Objects.requireNonNull(aqd, "aqd");
    Objects.requireNonNull(aql, "aql");
    Objects.requireNonNull(turns, "turns");
  }

  /** Dialogues with a success outcome. */
  public int judged() {
    return dialogues - unjudged;
  }
}
