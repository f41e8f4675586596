package io.clarq.eval.compare;

import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.metrics.PairedComparison;
import io.clarq.core.metrics.PairedFigures;
import io.clarq.core.metrics.stats.Bootstrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Two runs compared on the dialogues they share (A minus B), overall and per task type.
 *
 * @param a run A
 * @param b run B
 * @param shared the keys of the shared dialogues, in (language, task) order
 * @param overall the comparison over all shared dialogues
 * @param byType the comparison per task type
 */
public record RunPair(ComparedRun a, ComparedRun b, List<String> shared, PairedFigures overall,
    Map<Integer, PairedFigures> byType) {
  public RunPair {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    shared = List.copyOf(shared);
    Objects.requireNonNull(overall, "overall");
    byType = java.util.Collections.unmodifiableMap(new TreeMap<>(byType));
  }

  /**
   * @throws IllegalArgumentException when the runs share no dialogue
   */
  public static RunPair of(ComparedRun a, ComparedRun b, Bootstrap bootstrap) {
    List<String> shared = a.scores().keySet().stream().filter(b.scores()::containsKey).toList();
    if (shared.isEmpty()) {
      throw new IllegalArgumentException("runs " + a.name() + " and " + b.name() + " share no dialogue (same language"
          + " and task)");
    }
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
    return new RunPair(a, b, shared, PairedComparison.of(sa, sb, bootstrap), byType);
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
