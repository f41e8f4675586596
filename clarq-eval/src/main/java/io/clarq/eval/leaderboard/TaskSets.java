package io.clarq.eval.leaderboard;

import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.eval.compare.ComparedRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tasks (dialogue keys, "en:3.2") the runs of a board hold. Success over 30 tasks and success over 260 are not
 * figures of one kind, so runs over different task sets are refused, or, when asked, ranked on the tasks all of them
 * hold, which every output then says first.
 *
 * @param shared the number of tasks every run holds
 * @param differences one line per run whose tasks differ from the first run's, naming both runs, how many tasks each
 *     holds and the first few one holds and the other lacks; empty when every run holds the same tasks
 */
public record TaskSets(int shared, List<String> differences) {
  /** How many keys a difference line names before it says how many more there are. */
  static final int NAMED = 3;

  public TaskSets {
    differences = List.copyOf(differences);
    if (shared < 0) {
      throw new IllegalArgumentException("illegal shared task count " + shared + ": must be >= 0");
    }
  }

  /** The task sets of {@code runs} (at least one), each set against the first run's. */
  public static TaskSets of(List<ComparedRun> runs) {
    return of(runs.stream().map(ComparedRun::name).toList(), runs.stream().map(r -> r.scores().keySet()).toList());
  }

  /**
   * The item sets of runs of any benchmark, each against the first run's.
   *
   * @param names the runs' names (at least one)
   * @param keys each run's item ids, in the same order
   */
  public static TaskSets of(List<String> names, List<Set<String>> keys) {
    Set<String> common = new LinkedHashSet<>(keys.get(0));
    List<String> lines = new ArrayList<>();
    for (int i = 1; i < names.size(); i++) {
      common.retainAll(keys.get(i));
      List<String> firstOnly = missing(keys.get(0), keys.get(i));
      List<String> runOnly = missing(keys.get(i), keys.get(0));
      if (!firstOnly.isEmpty() || !runOnly.isEmpty()) {
        lines.add(names.get(i) + " holds " + tasks(keys.get(i).size()) + ", " + names.get(0) + " "
            + tasks(keys.get(0).size()) + ": " + holdsThatLacks(names.get(0), names.get(i), firstOnly) + "; "
            + holdsThatLacks(names.get(i), names.get(0), runOnly));
      }
    }
    return new TaskSets(common.size(), lines);
  }

  /** Whether every run holds the same tasks. */
  public boolean same() {
    return differences.isEmpty();
  }

  /** The refusal when the task sets differ: each difference, then what to do. */
  String refusal() {
    return "runs over different task sets cannot share a board: " + String.join("; ", differences)
        + ". Success over different tasks is not comparable: rank runs over the same tasks, or rank them on the "
        + tasks(shared) + " all of them hold (--shared-tasks)";
  }

  /** The line every output opens with when the runs were ranked on their shared tasks. */
  public String headline() {
    return "Ranked on the " + tasks(shared) + " all runs hold (--shared-tasks), not on each run's own tasks: every"
        + " figure below, success, AQD, AQL and the tests, is over those " + shared + " only.";
  }

  /** Each run with only the dialogues of the tasks every run holds. */
  static List<ComparedRun> restrict(List<ComparedRun> runs) {
    Set<String> common = new LinkedHashSet<>(runs.get(0).scores().keySet());
    runs.forEach(r -> common.retainAll(r.scores().keySet()));
    List<ComparedRun> out = new ArrayList<>();
    for (ComparedRun r : runs) {
      Map<String, DialogueScore> kept = new LinkedHashMap<>();
      r.scores().forEach((k, s) -> {
        if (common.contains(k)) {
          kept.put(k, s);
        }
      });
      out.add(new ComparedRun(r.name(), r.judge(), kept, r.typeNames(), r.setup()));
    }
    return out;
  }

  private static List<String> missing(Set<String> from, Set<String> in) {
    return from.stream().filter(k -> !in.contains(k)).toList();
  }

  private static String holdsThatLacks(String holder, String lacker, List<String> keys) {
    if (keys.isEmpty()) {
      return holder + " holds none that " + lacker + " lacks";
    }
    String named = String.join(", ", keys.subList(0, Math.min(NAMED, keys.size())));
    return holder + " holds " + keys.size() + " that " + lacker + " lacks (" + named
        + (keys.size() > NAMED ? " and " + (keys.size() - NAMED) + " more" : "") + ")";
  }

  private static String tasks(int n) {
    return n + (n == 1 ? " task" : " tasks");
  }
}
