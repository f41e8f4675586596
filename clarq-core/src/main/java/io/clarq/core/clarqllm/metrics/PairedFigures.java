package io.clarq.core.clarqllm.metrics;

import io.clarq.core.stats.Estimate;
import java.util.List;
import java.util.Objects;

/**
 * Two runs compared on the dialogues they share (run A minus run B).
 *
 * @param shared dialogues both runs scored
 * @param judgedInBoth shared dialogues with a success outcome in both runs: the success comparison is over these
 * @param aOnly positions (in the shared list) of dialogues only run A solved, among those judged in both
 * @param bOnly positions of dialogues only run B solved, among those judged in both
 * @param successA run A's success rate over the dialogues judged in both
 * @param successB run B's success rate over the same dialogues
 * @param mcnemarP McNemar's exact two-sided p-value from the discordant counts |aOnly| and |bOnly|
 * @param success the success difference A - B with its paired bootstrap interval
 * @param aqd the AQD difference A - B over all shared dialogues with its paired bootstrap interval
 * @param aql the reference AQL difference A - B over all shared dialogues with its paired bootstrap interval
 */
public record PairedFigures(int shared, int judgedInBoth, List<Integer> aOnly, List<Integer> bOnly, double successA,
    double successB, double mcnemarP, Estimate success, Estimate aqd, Estimate aql) {
  public PairedFigures {
    aOnly = List.copyOf(aOnly);
    bOnly = List.copyOf(bOnly);
    if (judgedInBoth < 0 || judgedInBoth > shared || aOnly.size() + bOnly.size() > judgedInBoth) {
      throw new IllegalArgumentException("illegal paired counts: " + shared + " shared, " + judgedInBoth
          + " judged in both, " + aOnly.size() + " + " + bOnly.size() + " discordant");
    }
    if (!(mcnemarP >= 0 && mcnemarP <= 1)) {
      throw new IllegalArgumentException("illegal McNemar p-value " + mcnemarP + ": must be in [0, 1]");
    }
    Objects.requireNonNull(success, "success");
    Objects.requireNonNull(aqd, "aqd");
    Objects.requireNonNull(aql, "aql");
  }
}
