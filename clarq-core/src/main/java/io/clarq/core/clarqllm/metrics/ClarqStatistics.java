package io.clarq.core.clarqllm.metrics;

import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Interval;
import io.clarq.core.stats.Wilson;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * How sure the ClarQ-LLM figures are, and how they vary: success with its 95% Wilson interval (over the judged
 * dialogues, with the range the unjudged ones leave open), AQD, AQL and seeker turns with seeded bootstrap
 * intervals, for any group of dialogues, per task type, and per number of gold lines in the task (the grouping of
 * the paper's Fig. 4: tasks that need more information take more turns and succeed less often).
 */
public final class ClarqStatistics {
  private ClarqStatistics() {}

  /** The figures of these dialogues. */
  public static GroupFigures of(List<DialogueScore> scores, Bootstrap bootstrap) {
    int n = scores.size();
    int successes = (int) scores.stream().filter(s -> s.success().success()).count();
    int unjudged = (int) scores.stream().filter(s -> s.success().unjudged()).count();
    Interval range = n == 0 ? Interval.UNDEFINED
        : new Interval((double) successes / n, (double) (successes + unjudged) / n);
    return new GroupFigures(n, successes, unjudged, Wilson.rate(successes, n - unjudged), range,
        bootstrap.mean(values(scores, DialogueScore::aqd)), bootstrap.mean(values(scores, s -> s.aql().reference())),
        bootstrap.mean(values(scores, ClarqStatistics::turns)));
  }

  /** The figures per task type, by type number. */
  public static Map<Integer, GroupFigures> byType(List<DialogueScore> scores, Bootstrap bootstrap) {
    return grouped(scores, s -> s.taskId().type(), bootstrap);
  }

  /** The figures per number of gold lines in the task (nodes other than node 0), the paper's Fig. 4 grouping. */
  public static Map<Integer, GroupFigures> byGoldLines(List<DialogueScore> scores, Bootstrap bootstrap) {
    return grouped(scores, ClarqStatistics::goldLines, bootstrap);
  }

  /** The number of gold lines of a dialogue's task. */
  public static int goldLines(DialogueScore score) {
    return score.success().gold().size();
  }

  /** The seeker's utterances in a dialogue, the first request and the goodbye included. */
  public static int turns(DialogueScore score) {
    return score.aql().seekerLines();
  }

  private static Map<Integer, GroupFigures> grouped(List<DialogueScore> scores, Function<DialogueScore, Integer> key,
      Bootstrap bootstrap) {
    Map<Integer, List<DialogueScore>> groups = scores.stream()
        .collect(Collectors.groupingBy(key, TreeMap::new, Collectors.toList()));
    Map<Integer, GroupFigures> out = new TreeMap<>();
    groups.forEach((k, v) -> out.put(k, of(v, bootstrap)));
    return out;
  }

  private static double[] values(List<DialogueScore> scores, ToDoubleFunction<DialogueScore> f) {
    return scores.stream().mapToDouble(f).toArray();
  }
}
