package io.clarq.eval.leaderboard;

import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Wilson;
import io.clarq.eval.compare.ItemOutcome;
import io.clarq.eval.compare.OutcomePair;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.RunSetup;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Runs of one benchmark over one item set ranked by their mean per-item outcome ({@link OutcomeRun}): what
 * {@code clarq leaderboard} gives for MediQ, TOA and CQ runs, under the rules of the ClarQ-LLM board
 * ({@link Leaderboard}). Every pair of runs is tested on the items both hold (McNemar's exact test for binary
 * outcomes, the paired bootstrap test for graded ones), the p-values of all pairs adjusted together by Holm's method;
 * a run's rank is 1 + the number of runs significantly better than it (a higher mean and adjusted p below
 * {@link Leaderboard#ALPHA}), raised where needed so that ranks never fall as the mean falls ({@link Ranks}).
 *
 * @param runs the runs, in the order given (with only their shared items when ranked on those)
 * @param setupDifferences each run's setup differences from the first run's, as lines
 * @param itemSets the items the runs hold; when they differ, the board was ranked on the shared items only
 * @param rows the board, best first
 * @param bootstrap how the intervals (and graded tests) were drawn
 */
public record OutcomeLeaderboard(List<OutcomeRun> runs, List<String> setupDifferences, TaskSets itemSets,
    List<Row> rows, Bootstrap bootstrap) {
  public OutcomeLeaderboard {
    runs = List.copyOf(runs);
    setupDifferences = List.copyOf(setupDifferences);
    Objects.requireNonNull(itemSets, "itemSets");
    rows = List.copyOf(rows);
    Objects.requireNonNull(bootstrap, "bootstrap");
  }

  /**
   * One run's line.
   *
   * @param run the run's name
   * @param agent the run's agent settings as one line
   * @param rank its rank (1 = the leader's)
   * @param shared whether another run holds the same rank
   * @param tiedWithLeader whether it shares the leader's rank without being the leader
   * @param significantlyBetter the runs significantly better than this one, best first
   * @param items how many items the mean is over
   * @param mean the mean outcome: a 95% Wilson interval for binary outcomes, a 95% percentile bootstrap for graded
   * @param versusLeader the leader (A) against this run (B), with the Holm-adjusted p; null for the leader
   * @param tokens the tokens the whole run used ({@link RunExtras#tokens()}), -1 when not recorded
   * @param cachedTokens the cached input tokens among them ({@link RunExtras#cachedTokens()}), -1 when not recorded
   * @param cost the whole run's cost in US dollars at the board's prices ({@link RunExtras#cost()}), NaN when unknown
   * @param costAtBatchPrices whether the run played in batch mode and {@code cost} is at batch prices
   */
  public record Row(String run, String agent, int rank, boolean shared, boolean tiedWithLeader,
      List<String> significantlyBetter, int items, Estimate mean, OutcomePair versusLeader, long tokens,
      long cachedTokens, double cost, boolean costAtBatchPrices) {
    public Row {
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(agent, "agent");
      significantlyBetter = List.copyOf(significantlyBetter);
      Objects.requireNonNull(mean, "mean");
      if (rank < 1) {
        throw new IllegalArgumentException("illegal rank " + rank + " of " + run + ": must be >= 1");
      }
      if (!Double.isNaN(cost) && !(cost >= 0)) {
        throw new IllegalArgumentException("illegal cost " + cost + " of " + run + ": must be >= 0 or NaN");
      }
    }

    /** "1", "1=" for a shared rank. */
    public String rankLabel() {
      return rank + (shared ? "=" : "");
    }
  }

  /**
   * Ranks the runs.
   *
   * @param allowDifferentSetup whether runs whose setup differs from the first run's may be ranked together
   * @param sharedItemsOnly whether runs over different item sets are ranked on the items all of them hold rather than
   *     refused
   * @throws IllegalArgumentException when no run is given, the runs are of different benchmarks, hold different items
   *     (unless {@code sharedItemsOnly}) or none in common, or differ in setup and that is not allowed
   */
  public static OutcomeLeaderboard of(List<OutcomeRun> runs, Bootstrap bootstrap, boolean allowDifferentSetup,
      boolean sharedItemsOnly) {
    return of(runs, runs.stream().map(r -> RunExtras.NONE).toList(), bootstrap, allowDifferentSetup,
        sharedItemsOnly);
  }

  /**
   * Ranks the runs, each row with the tokens and cost its run's {@link RunExtras} record.
   *
   * @param extras what each run's results.json adds ({@link RunExtras#of(java.nio.file.Path, java.util.Optional)}),
   *     in the order of {@code runs}
   * @param allowDifferentSetup whether runs whose setup differs from the first run's may be ranked together
   * @param sharedItemsOnly whether runs over different item sets are ranked on the items all of them hold
   * @throws IllegalArgumentException as {@link #of(List, Bootstrap, boolean, boolean)}, or when {@code extras} is not
   *     one per run
   */
  public static OutcomeLeaderboard of(List<OutcomeRun> runs, List<RunExtras> extras, Bootstrap bootstrap,
      boolean allowDifferentSetup, boolean sharedItemsOnly) {
    if (extras.size() != runs.size()) {
      throw new IllegalArgumentException("a leaderboard needs one set of extras per run: got " + extras.size()
          + " for " + runs.size() + " runs");
    }
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a leaderboard needs at least one run, got none");
    }
    OutcomeRun.requireOneBenchmark(runs);
    OutcomeRun first = runs.get(0);
    List<String> differences = new ArrayList<>();
    for (OutcomeRun r : runs.subList(1, runs.size())) {
      for (RunSetup.Difference d : first.differences(r)) {
        differences.add(r.name() + " differs from " + first.name() + " in " + d.describe(first.name(), r.name()));
      }
    }
    if (!differences.isEmpty() && !allowDifferentSetup) {
      throw new IllegalArgumentException("runs of different setups cannot share a board: "
          + String.join("; ", differences) + ". A difference in rank would not be the agent's alone: rank runs of"
          + " one setup, or allow it (--allow-different-setup)");
    }
    TaskSets items = TaskSets.of(runs.stream().map(OutcomeRun::name).toList(),
        runs.stream().map(r -> r.compared().keySet()).toList());
    if (!items.same()) {
      if (!sharedItemsOnly || items.shared() == 0) {
        throw new IllegalArgumentException("runs over different item sets cannot share a board: "
            + String.join("; ", items.differences()) + (sharedItemsOnly ? ". They hold no item in common, so there"
            + " is nothing to rank them on" : ". Means over different items are not comparable: rank runs over the"
            + " same items, or rank them on the " + items.shared() + " all of them hold (--shared-tasks)"));
      }
      Set<String> common = new LinkedHashSet<>(first.compared().keySet());
      runs.forEach(r -> common.retainAll(r.compared().keySet()));
      runs = runs.stream().map(r -> r.restrictedTo(common)).toList();
    }
    return new OutcomeLeaderboard(runs, differences, items, board(runs, extras, bootstrap), bootstrap);
  }

  private static List<Row> board(List<OutcomeRun> runs, List<RunExtras> extras, Bootstrap bootstrap) {
    List<Integer> index = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      index.add(i);
    }
    // stable: equal means in the order given
    index.sort(Comparator.comparingDouble(i -> -mean(runs.get(i))));
    List<OutcomeRun> order = index.stream().map(runs::get).toList();
    int n = order.size();
    List<OutcomePair> pairs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        pairs.add(OutcomePair.of(order.get(i), order.get(j), bootstrap));
      }
    }
    pairs = io.clarq.eval.compare.OutcomeComparison.holm(pairs);
    OutcomePair[][] pair = new OutcomePair[n][n];
    int t = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        pair[i][j] = pairs.get(t++);
      }
    }
    double[] means = new double[n];
    int[] betterCounts = new int[n];
    List<List<String>> better = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      means[j] = mean(order.get(j));
      List<String> b = new ArrayList<>();
      for (int i = 0; i < j; i++) {
        if (mean(order.get(i)) > mean(order.get(j)) && pair[i][j].holmP() < Leaderboard.ALPHA) {
          b.add(order.get(i).name());
        }
      }
      better.add(b);
      betterCounts[j] = b.size();
    }
    int[] rank = Ranks.monotone(means, betterCounts);
    List<Row> rows = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int same = 0;
      for (int r : rank) {
        same += r == rank[k] ? 1 : 0;
      }
      OutcomeRun r = order.get(k);
      RunExtras x = extras.get(index.get(k));
      rows.add(new Row(r.name(), r.agentText(), rank[k], same > 1, k > 0 && rank[k] == 1, better.get(k),
          r.compared().size(), estimate(r, bootstrap), k == 0 ? null : pair[0][k], x.tokens().orElse(-1),
          x.cachedTokens().orElse(-1), x.cost().orElse(Double.NaN), x.costAtBatchPrices()));
    }
    return rows;
  }

  private static double mean(OutcomeRun r) {
    return r.compared().values().stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static Estimate estimate(OutcomeRun r, Bootstrap bootstrap) {
    double[] v = r.compared().values().stream().mapToDouble(Double::doubleValue).toArray();
    if (r.kind() == ItemOutcome.Kind.BINARY) {
      int successes = (int) java.util.Arrays.stream(v).filter(x -> x == 1).count();
      return Wilson.rate(successes, v.length);
    }
    return bootstrap.mean(v);
  }

  /** The benchmark of the runs. */
  public String benchmark() {
    return runs.get(0).benchmark();
  }

  /** The line every output opens with when the runs were ranked on their shared items. */
  public String itemsHeadline() {
    return "Ranked on the " + itemSets.shared() + " items all runs hold (--shared-tasks), not on each run's own"
        + " items: every figure below is over those " + itemSets.shared() + " only.";
  }
}
