package io.clarq.eval.compare;

import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.PairedComparison;
import io.clarq.core.clarqllm.metrics.PairedFigures;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.DetectableDifference;
import io.clarq.core.stats.Holm;
import io.clarq.core.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Two runs compared on the dialogues of one language they share (A minus B): nothing here mixes languages, since AQL
 * counts spaces in English and characters in Chinese, and success rates of the two languages are not one population.
 *
 * @param language the language
 * @param shared the keys of the shared dialogues, in task order
 * @param overall the comparison over the language's shared dialogues
 * @param byType the comparison per task type
 * @param holm per task type, McNemar's p-value adjusted by Holm's method over this language's types
 * @param detectable the minimum detectable success difference (alpha 0.05, power 0.8) for these pairs at their
 *     observed discordance
 * @param rangeA run A's success over all shared dialogues if every unjudged one failed / succeeded
 * @param rangeB the same for run B
 */
public record LanguagePair(Language language, List<String> shared, PairedFigures overall,
    Map<Integer, PairedFigures> byType, Map<Integer, Double> holm, DetectableDifference detectable, Interval rangeA,
    Interval rangeB) {
  public LanguagePair {
    Objects.requireNonNull(language, "language");
    shared = List.copyOf(shared);
    Objects.requireNonNull(overall, "overall");
    byType = java.util.Collections.unmodifiableMap(new TreeMap<>(byType));
    holm = java.util.Collections.unmodifiableMap(new TreeMap<>(holm));
    if (!holm.keySet().equals(byType.keySet())) {
      throw new IllegalArgumentException("illegal language pair: adjusted p-values for types " + holm.keySet()
          + ", figures for " + byType.keySet());
    }
    Objects.requireNonNull(detectable, "detectable");
    Objects.requireNonNull(rangeA, "rangeA");
    Objects.requireNonNull(rangeB, "rangeB");
  }

  /** Compares the runs on {@code shared}, keys of this language both runs hold. */
  static LanguagePair of(Language language, ComparedRun a, ComparedRun b, List<String> shared, Bootstrap bootstrap) {
    List<DialogueScore> sa = new ArrayList<>();
    List<DialogueScore> sb = new ArrayList<>();
    Map<Integer, List<DialogueScore>> ta = new TreeMap<>();
    Map<Integer, List<DialogueScore>> tb = new TreeMap<>();
    for (String k : shared) {
      DialogueScore x = a.scores().get(k);
      DialogueScore y = b.scores().get(k);
      sa.add(x);
      sb.add(y);
      ta.computeIfAbsent(x.taskId().type(), t -> new ArrayList<>()).add(x);
      tb.computeIfAbsent(x.taskId().type(), t -> new ArrayList<>()).add(y);
    }
    Map<Integer, PairedFigures> byType = new TreeMap<>();
    ta.forEach((type, xs) -> byType.put(type, PairedComparison.of(xs, tb.get(type), bootstrap)));
    List<Integer> types = new ArrayList<>(byType.keySet());
    double[] adjusted = Holm.adjust(types.stream().mapToDouble(t -> byType.get(t).mcnemarP()).toArray());
    Map<Integer, Double> holm = new TreeMap<>();
    for (int i = 0; i < types.size(); i++) {
      holm.put(types.get(i), adjusted[i]);
    }
    PairedFigures overall = PairedComparison.of(sa, sb, bootstrap);
    DetectableDifference detectable = DetectableDifference.of(overall.judgedInBoth(),
        overall.aOnly().size() + overall.bOnly().size());
    return new LanguagePair(language, shared, overall, byType, holm, detectable, range(sa), range(sb));
  }

  private static Interval range(List<DialogueScore> scores) {
    int successes = (int) scores.stream().filter(s -> s.success().success()).count();
    int unjudged = (int) scores.stream().filter(s -> s.success().unjudged()).count();
    return new Interval((double) successes / scores.size(), (double) (successes + unjudged) / scores.size());
  }

  /** Whether any shared dialogue is unjudged in either run: the headline is then each run's success range. */
  public boolean anyUnjudged() {
    return overall.judgedInBoth() < overall.shared();
  }

  /** Whether the observed success difference exceeds the minimum detectable one. */
  public boolean exceedsDetectable() {
    return detectable.exceededBy(overall.success().value());
  }

  /** The keys of the shared dialogues only run A solved. */
  public List<String> aOnly() {
    return overall.aOnly().stream().map(shared::get).toList();
  }

  /** The keys of the shared dialogues only run B solved. */
  public List<String> bOnly() {
    return overall.bOnly().stream().map(shared::get).toList();
  }
}
