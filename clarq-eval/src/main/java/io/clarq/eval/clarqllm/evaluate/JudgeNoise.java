package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqMetrics;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.Trials;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The judge's share of a run's noise: the same recorded dialogues judged in {@code K} trials, trial t's judge requests
 * with seed 8848 + t - 1 ({@link Judge#inTrial}), and how often a dialogue's verdict changes between them. The
 * dialogues are held fixed, so a flip here is the judge's alone. Only dialogues that need the judge (a gold line the verbatim check
 * cannot find) can flip; give a judge without a verdict cache in front of it, or every trial replays one verdict.
 *
 * @param trials K
 * @param dialogues the dialogues judged
 * @param judged the dialogues that asked the judge in some trial
 * @param decided the dialogues with a verdict (not unjudged) in every trial: the ones flips are counted over
 * @param flipped decided dialogues whose success differs between trials
 * @param successPerTrial the success rate over the decided dialogues in each trial, trial 1 first
 */
public record JudgeNoise(int trials, int dialogues, int judged, int decided, int flipped,
    List<Double> successPerTrial) {
  public JudgeNoise {
    if (trials < 2) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": noise needs at least 2 trials");
    }
    if (judged < 0 || judged > dialogues || decided < 0 || decided > dialogues || flipped < 0 || flipped > decided) {
      throw new IllegalArgumentException("illegal judge noise counts: " + dialogues + " dialogues, " + judged
          + " judged, " + decided + " decided, " + flipped + " flipped");
    }
    successPerTrial = List.copyOf(successPerTrial);
    if (successPerTrial.size() != trials) {
      throw new IllegalArgumentException("illegal success per trial " + successPerTrial + ": need " + trials);
    }
  }

  /**
   * Judges every dialogue of {@code run} in each of {@code trials} trials and counts the flips.
   *
   * @throws LlmException when a model behind the judge could not be reached
   */
  public static JudgeNoise measure(RecordedRun run, Judge judge, int trials) throws LlmException {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(judge, "judge");
    if (trials < 2) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": noise needs at least 2 trials");
    }
    List<List<DialogueScore>> byTrial = new ArrayList<>();
    for (int t = 1; t <= trials; t++) {
      List<DialogueScore> scores = new ArrayList<>();
      Judge inTrial = Judge.inTrial(judge, t);
      for (PlayedDialogue d : run.dialogues()) {
        scores.add(ClarqMetrics.score(d.task(), d.dialogue(), inTrial));
      }
      byTrial.add(scores);
    }
    return of(byTrial);
  }

  /** The noise in each trial's scores of the same dialogues, in the same order. */
  static JudgeNoise of(List<List<DialogueScore>> byTrial) {
    int trials = byTrial.size();
    int n = byTrial.get(0).size();
    int judged = 0;
    int flipped = 0;
    List<Integer> decidedIndex = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      List<DialogueScore> s = byTrial.stream().map(l -> l.get(index)).toList();
      if (s.stream().anyMatch(x -> x.judgeCalls() > 0)) {
        judged++;
      }
      if (s.stream().noneMatch(x -> x.success().unjudged())) {
        decidedIndex.add(i);
        if (s.stream().map(x -> x.success().success()).distinct().count() > 1) {
          flipped++;
        }
      }
    }
    List<Double> success = new ArrayList<>();
    for (List<DialogueScore> l : byTrial) {
      success.add(decidedIndex.isEmpty() ? Double.NaN
          : decidedIndex.stream().filter(i -> l.get(i).success().success()).count() / (double) decidedIndex.size());
    }
    return new JudgeNoise(trials, n, judged, decidedIndex.size(), flipped, success);
  }

  /** The share of decided dialogues whose verdict flips; NaN when none is decided. */
  public double flippedShare() {
    return decided == 0 ? Double.NaN : flipped / (double) decided;
  }

  /** One small table: dialogues, how many asked the judge, the flips and their share, success per trial. */
  public String table() {
    return String.format(Locale.ROOT, "judge noise: the same %d dialogues judged in %d trials (seeds %d-%d)%n"
        + "%-30s %9s %8s %8s %7s  %s%n%-30s %9d %8d %8d %7.4f  %s%n", dialogues, trials, Trials.seed(1),
        Trials.seed(trials), "", "decided", "judged", "flipped", "share", "success per trial", "verdict flips",
        decided, judged, flipped, flippedShare(), successPerTrial.stream()
            .map(v -> v.isNaN() ? "-" : String.format(Locale.ROOT, "%.4f", v)).collect(Collectors.joining(", ")));
  }
}
