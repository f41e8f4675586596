package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Speaker;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The forecast's basis on a resume: the run's own finished dialogues, 10th to 90th percentile per dialogue of the
 * calls and tokens their turns recorded; the judge's range from another basis (a run records no judge tokens per
 * dialogue).
 */
public final class ResumedBasis {
  private ResumedBasis() {}

  /**
   * The per-dialogue ranges from a run's own finished dialogues ({@code records}), the judge's from {@code fallback}.
   * Empty when none of them recorded its turns.
   */
  public static Optional<RunForecast.Basis> of(Collection<DialogueRecord> records, RunForecast.Basis fallback) {
    List<DialogueRecord> known = records.stream().filter(r -> r.finished() && !r.turns().isEmpty()).toList();
    if (known.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new RunForecast.Basis(String.format(Locale.ROOT, "this run's %d finished dialogues (10th-90th "
            + "percentile per dialogue); judge: %s", known.size(), "reference traces"),
        own(known, Speaker.SEEKER), own(known, Speaker.PROVIDER), fallback.judge()));
  }

  private static RunForecast.PerDialogue own(List<DialogueRecord> records, Speaker speaker) {
    List<long[]> per = records.stream().map(r -> ForecastDialogues.spent(r, speaker)).toList();
    double[] r = new double[6];
    for (int k = 0; k < 3; k++) {
      final int i = k;
      List<Double> values = per.stream().map(a -> (double) a[i]).toList();
      r[2 * k] = NearestRank.percentile(values, 0.10);
      r[2 * k + 1] = NearestRank.percentile(values, 0.90);
    }
    return new RunForecast.PerDialogue(r[0], r[1], r[2], r[3], r[4], r[5]);
  }
}
