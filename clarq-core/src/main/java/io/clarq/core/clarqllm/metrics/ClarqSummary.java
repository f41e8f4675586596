package io.clarq.core.clarqllm.metrics;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The averages over a set of dialogues (the paper's figures when the set is the 260 test dialogues): sums divided
 * by the number of dialogues, as the reference does.
 *
 * <p>Unjudged dialogues (a leftover question the judge could not answer) are never counted as failures:
 * {@link #success()} is the success rate over the judged dialogues, and {@link #successLowerBound()} /
 * {@link #successUpperBound()} bracket what it would be over all dialogues whatever the open questions'
 * answers. With no unjudged dialogue the three agree and equal the reference's figure.
 */
public record ClarqSummary(List<DialogueScore> scores) {
  public ClarqSummary {
    scores = List.copyOf(scores);
  }

  public int dialogues() {
    return scores.size();
  }

  public int successes() {
    return (int) scores.stream().filter(s -> s.success().success()).count();
  }

  /** The dialogues the judge left undecided, in order. */
  public List<DialogueScore> unjudged() {
    return scores.stream().filter(s -> s.success().unjudged()).toList();
  }

  /** Dialogues with a success outcome: all but the unjudged. */
  public int judged() {
    return dialogues() - unjudged().size();
  }

  /** Success rate over the judged dialogues; NaN when none is judged. */
  public double success() {
    return judged() == 0 ? Double.NaN : (double) successes() / judged();
  }

  /** Success rate over all dialogues if every unjudged one failed. */
  public double successLowerBound() {
    return ratio(successes());
  }

  /** Success rate over all dialogues if every unjudged one succeeded. */
  public double successUpperBound() {
    return ratio(successes() + unjudged().size());
  }

  /** Mean AQD over all dialogues. */
  public double aqd() {
    return mean(s -> s.aqd());
  }

  /** Mean reference AQL (spaces for English, characters for Chinese) over all dialogues. */
  public double aql() {
    return mean(s -> s.aql().reference());
  }

  /** Mean word-count AQL over all dialogues; an extra figure, not the paper's. */
  public double aqlWords() {
    return mean(s -> s.aql().words());
  }

  /** Questions put to the judge, over all dialogues. */
  public int judgeCalls() {
    return scores.stream().mapToInt(DialogueScore::judgeCalls).sum();
  }

  /**
   * Judge answers read by Python truthiness from a {@code match} that was not true or false (the reference pack reads
   * {@code "maybe"} as a match): counted so a reader sees how many verdicts rest on that reading.
   */
  public int readByTruthiness() {
    return (int) scores.stream().flatMap(s -> s.success().judged().stream())
        .filter(c -> c.verdict().map(io.clarq.core.clarqllm.judge.Verdict::readByTruthiness).orElse(false)).count();
  }

  /** The summary of each task type present, by type number. */
  public Map<Integer, ClarqSummary> byType() {
    return scores.stream().collect(Collectors.groupingBy(s -> s.taskId().type(), TreeMap::new,
        Collectors.collectingAndThen(Collectors.toList(), ClarqSummary::new)));
  }

  private double mean(ToDoubleFunction<DialogueScore> f) {
    return scores.isEmpty() ? Double.NaN : scores.stream().mapToDouble(f).sum() / scores.size();
  }

  private double ratio(int count) {
    return scores.isEmpty() ? Double.NaN : (double) count / scores.size();
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "ClarqSummary{dialogues=%d, success=%.4f, aqd=%.4f, aql=%.4f,"
        + " unjudged=%d}", dialogues(), success(), aqd(), aql(), unjudged().size());
  }
}
