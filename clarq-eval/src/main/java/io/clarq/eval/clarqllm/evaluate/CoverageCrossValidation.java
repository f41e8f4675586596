package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * Chooses the {@link OfflineJudge}'s coverage by k-fold cross-validation over recorded verdicts, folds by task, and
 * reports the agreement on the held-out folds: the honest figure for a threshold that is otherwise chosen on the very
 * verdicts it is scored against.
 *
 * <p>Each verdict belongs to the task whose gold line it judges, found by its purpose (the annotation of a gold
 * line); tasks that share a purpose text are kept in one group, and a verdict whose purpose no task holds is a group
 * of its own. The groups are dealt to the folds in a seeded shuffle. For each fold the coverage with the highest
 * agreement on the other folds is chosen from the grid 0.05, 0.10, ..., 1.00 (ties go to the lowest: a stricter
 * coverage that agrees no more often only refuses matches a model judge might grant) and the verdicts of the fold are
 * judged at it.
 *
 * @param folds one per fold: the coverage chosen on the others and the agreement on it
 * @param heldOutAgreed verdicts the judge agreed with on their held-out fold
 * @param verdicts all verdicts
 * @param groups the task groups dealt to the folds
 */
public record CoverageCrossValidation(List<Fold> folds, int heldOutAgreed, int verdicts, int groups) {
  /** The coverages tried: 0.05 to 1.00 in steps of 0.05. */
  public static final List<Double> GRID = grid();

  /**
   * One fold.
   *
   * @param coverage the coverage chosen on the other folds
   * @param trainingRate the agreement it had there
   * @param agreed held-out verdicts agreed
   * @param verdicts held-out verdicts
   */
  public record Fold(double coverage, double trainingRate, int agreed, int verdicts) {}

  public CoverageCrossValidation {
    folds = List.copyOf(folds);
  }

  /** Agreement on the held-out folds. */
  public double heldOutRate() {
    return verdicts == 0 ? Double.NaN : (double) heldOutAgreed / verdicts;
  }

  /** How many folds chose each coverage. */
  public Map<Double, Integer> chosen() {
    Map<Double, Integer> m = new TreeMap<>();
    folds.forEach(f -> m.merge(f.coverage(), 1, Integer::sum));
    return m;
  }

  /**
   * Runs the cross-validation.
   *
   * @param recorded the recorded verdicts (e.g. the 560 of judge-verdicts.jsonl)
   * @param tasks the task sets the verdicts' gold lines come from
   * @param k the number of folds, 2 to the number of task groups
   * @param seed the seed of the shuffle that deals task groups to folds
   */
  public static CoverageCrossValidation run(List<VerdictRecord> recorded, Collection<TaskSet> tasks, int k,
      long seed) {
    if (recorded.isEmpty()) {
      throw new IllegalArgumentException("no verdicts to cross-validate on");
    }
    List<String> groupOf = groups(recorded, tasks);
    List<String> distinct = new ArrayList<>(new LinkedHashSet<>(groupOf));
    Collections.sort(distinct);
    if (k < 2 || k > distinct.size()) {
      throw new IllegalArgumentException("illegal fold count " + k + ": must be 2 to " + distinct.size()
          + " (the task groups of the verdicts)");
    }
    Collections.shuffle(distinct, new Random(seed));
    Map<String, Integer> foldOf = new HashMap<>();
    for (int i = 0; i < distinct.size(); i++) {
      foldOf.put(distinct.get(i), i % k);
    }
    // agree[g][v]: whether the judge at GRID[g] agrees with verdict v
    boolean[][] agree = new boolean[GRID.size()][recorded.size()];
    for (int g = 0; g < GRID.size(); g++) {
      OfflineJudge judge = new OfflineJudge(GRID.get(g));
      for (int v = 0; v < recorded.size(); v++) {
        VerdictRecord r = recorded.get(v);
        Verdict.Outcome given = judge.judge(r.question()).map(Verdict::outcome).orElse(Verdict.Outcome.UNPARSED);
        agree[g][v] = r.match() ? given == Verdict.Outcome.MATCH : given == Verdict.Outcome.NO_MATCH;
      }
    }
    List<Fold> folds = new ArrayList<>();
    int heldOut = 0;
    for (int f = 0; f < k; f++) {
      int best = -1;
      double bestRate = -1;
      for (int g = 0; g < GRID.size(); g++) {
        int agreed = 0;
        int n = 0;
        for (int v = 0; v < recorded.size(); v++) {
          if (foldOf.get(groupOf.get(v)) != f) {
            n++;
            agreed += agree[g][v] ? 1 : 0;
          }
        }
        double rate = (double) agreed / n;
        if (rate > bestRate) { // ties go to the first, lowest coverage
          best = g;
          bestRate = rate;
        }
      }
      int agreed = 0;
      int n = 0;
      for (int v = 0; v < recorded.size(); v++) {
        if (foldOf.get(groupOf.get(v)) == f) {
          n++;
          agreed += agree[best][v] ? 1 : 0;
        }
      }
      heldOut += agreed;
      folds.add(new Fold(GRID.get(best), bestRate, agreed, n));
    }
    return new CoverageCrossValidation(folds, heldOut, recorded.size(), distinct.size());
  }

  /** The task group of each verdict: tasks holding its purpose, tasks sharing a purpose joined. */
  private static List<String> groups(List<VerdictRecord> recorded, Collection<TaskSet> tasks) {
    Map<String, Set<String>> tasksOfPurpose = new HashMap<>();
    for (TaskSet set : tasks) {
      for (ClarqTask t : set.tasks()) {
        String id = set.language().code() + ":" + t.id();
        for (ResponseNode n : t.tree().nodes()) {
          n.purpose().ifPresent(p -> tasksOfPurpose.computeIfAbsent(p, x -> new LinkedHashSet<>()).add(id));
        }
      }
    }
    Map<String, String> parent = new HashMap<>();
    List<List<String>> perVerdict = new ArrayList<>();
    for (VerdictRecord r : recorded) {
      List<String> ids = new ArrayList<>(tasksOfPurpose.getOrDefault(r.purpose(), Set.of("purpose:" + r.purpose())));
      perVerdict.add(ids);
      for (String id : ids) {
        union(parent, ids.get(0), id);
      }
    }
    // name a group by its smallest member, so the grouping does not depend on the order of the verdicts
    Map<String, String> name = new HashMap<>();
    for (String id : new ArrayList<>(parent.keySet())) {
      name.merge(find(parent, id), id, (a, b) -> a.compareTo(b) <= 0 ? a : b);
    }
    List<String> out = new ArrayList<>();
    for (List<String> ids : perVerdict) {
      out.add(name.get(find(parent, ids.get(0))));
    }
    return out;
  }

  private static String find(Map<String, String> parent, String x) {
    parent.putIfAbsent(x, x);
    String root = x;
    while (!parent.get(root).equals(root)) {
      root = parent.get(root);
    }
    return root;
  }

  private static void union(Map<String, String> parent, String a, String b) {
    String ra = find(parent, a);
    String rb = find(parent, b);
    if (!ra.equals(rb)) {
      parent.put(rb, ra);
    }
  }

  private static List<Double> grid() {
    List<Double> g = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      g.add(i / 20.0);
    }
    return List.copyOf(g);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "held-out agreement %d/%d (%.4f) over %d folds of %d task groups; coverage"
        + " chosen per fold: %s", heldOutAgreed, verdicts, heldOutRate(), folds.size(), groups, chosen());
  }
}
