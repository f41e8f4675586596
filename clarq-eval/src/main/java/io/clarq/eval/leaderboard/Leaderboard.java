package io.clarq.eval.leaderboard;

import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Holm;
import io.clarq.core.stats.McNemar;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.RunSetup;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs of one setup over one task set ranked by success, each language on its own (English and Chinese are never
 * pooled). The leader of a language is the run with the highest success over its judged dialogues. Every pair of
 * ranked runs is tested with McNemar's exact two-sided test over the dialogues both judged, and the p-values of all
 * those pairs are adjusted together by Holm's method. A run is significantly better than another when its success is
 * higher and their adjusted p-value is below {@link #ALPHA}. A run's rank is 1 + the number of runs significantly
 * better than it, raised where needed to the rank of any run with a higher success, so that ranks never fall as
 * success falls: a run never ranks above one with a higher success, and runs of equal success share a rank. Runs that
 * share a rank are adjacent and shown "2=". A run without a judged dialogue in a language is listed last, unranked.
 *
 * @param runs the runs, in the order given (with only their shared tasks when ranked on those)
 * @param extras what each run's results.json adds (tokens, pass^k), in the same order
 * @param setupDifferences each run's setup differences from the first run's, as lines; empty when every run shares
 *     the first one's setup
 * @param taskSets the tasks the runs hold; when they differ, the board was ranked on the shared tasks only
 * @param languages the board of each language any run holds, English first
 * @param bootstrap how the AQD and AQL intervals were drawn
 */
public record Leaderboard(List<ComparedRun> runs, List<RunExtras> extras, List<String> setupDifferences,
    TaskSets taskSets, Map<Language, List<Row>> languages, Bootstrap bootstrap) {
  /** The level at which two runs differ (on the Holm-adjusted p-value over all pairs). */
  public static final double ALPHA = 0.05;

  public Leaderboard {
    runs = List.copyOf(runs);
    extras = List.copyOf(extras);
    setupDifferences = List.copyOf(setupDifferences);
    Map<Language, List<Row>> copy = new EnumMap<>(Language.class);
    languages.forEach((l, rows) -> copy.put(l, List.copyOf(rows)));
    languages = java.util.Collections.unmodifiableMap(copy);
    Objects.requireNonNull(bootstrap, "bootstrap");
    Objects.requireNonNull(taskSets, "taskSets");
    if (runs.size() != extras.size()) {
      throw new IllegalArgumentException("illegal leaderboard: " + runs.size() + " runs but " + extras.size()
          + " extras");
    }
  }

  /**
   * How a run stands against the leader of its language.
   *
   * @param shared dialogues both hold
   * @param judgedInBoth dialogues both judged (the test's pairs)
   * @param leaderOnly pairs only the leader solved
   * @param runOnly pairs only this run solved
   * @param mcnemarP McNemar's exact two-sided p-value; NaN when no pair was judged in both
   * @param holmP that p-value adjusted by Holm's method over every pair of ranked runs on the board; NaN with it
   */
  public record VersusLeader(int shared, int judgedInBoth, int leaderOnly, int runOnly, double mcnemarP,
      double holmP) {
    public VersusLeader {
      if (shared < 0 || judgedInBoth < 0 || judgedInBoth > shared || leaderOnly < 0 || runOnly < 0
          || leaderOnly + runOnly > judgedInBoth) {
        throw new IllegalArgumentException("illegal comparison with the leader: shared " + shared + ", judged in both "
            + judgedInBoth + ", leader only " + leaderOnly + ", run only " + runOnly);
      }
    }

    /** Whether the run differs significantly from the leader (Holm-adjusted p below {@link #ALPHA}). */
    public boolean differs() {
      return !Double.isNaN(holmP) && holmP < ALPHA;
    }
  }

  /**
   * One run's line on a language's board.
   *
   * @param run the run's name
   * @param rank its rank (1 = the leader's), 0 when unranked (no judged dialogue)
   * @param shared whether another run holds the same rank
   * @param tiedWithLeader whether it shares the leader's rank without being the leader
   * @param significantlyBetter the runs significantly better than this one (higher success, Holm-adjusted McNemar p
   *     below {@link #ALPHA}), best first; the rank is at least 1 + their number
   * @param figures success (95% Wilson interval over the judged dialogues), AQD, AQL and their bootstrap intervals
   * @param versusLeader the test against the leader; null for the leader and unranked runs
   * @param passHat pass^k for k = 1.. when the run played trials; empty otherwise
   * @param tokens the tokens the whole run used (all languages), -1 when not recorded
   * @param cachedTokens the cached input tokens among them ({@link RunExtras#cachedTokens()}), -1 when not recorded
   * @param cost the whole run's cost in US dollars at the board's prices ({@link RunExtras#cost()}), NaN when unknown
   * @param costAtBatchPrices whether the run played in batch mode and {@code cost} is at batch prices
   *     ({@link RunExtras#costAtBatchPrices()})
   */
  public record Row(String run, int rank, boolean shared, boolean tiedWithLeader, List<String> significantlyBetter,
      GroupFigures figures, VersusLeader versusLeader, List<Double> passHat, long tokens, long cachedTokens,
      double cost, boolean costAtBatchPrices) {
    public Row {
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(figures, "figures");
      significantlyBetter = List.copyOf(significantlyBetter);
      passHat = List.copyOf(passHat);
      if (rank < 0) {
        throw new IllegalArgumentException("illegal rank " + rank + " of " + run + ": must be >= 0");
      }
    }

    /** "1", "1=" for a shared rank, "-" when unranked. */
    public String rankLabel() {
      return rank == 0 ? "-" : rank + (shared ? "=" : "");
    }
  }

  /**
   * Ranks runs over one task set.
   *
   * @param allowDifferentSetup whether runs whose setup differs from the first run's may be ranked together (every
   *     output then opens with the differences)
   * @throws IllegalArgumentException when no run is given, runs hold different tasks, or a run's setup differs from the
   *     first's and that is not allowed (naming each difference with both values)
   */
  public static Leaderboard of(List<ComparedRun> runs, List<RunExtras> extras, Bootstrap bootstrap,
      boolean allowDifferentSetup) {
    return of(runs, extras, bootstrap, allowDifferentSetup, false);
  }

  /**
   * Ranks the runs.
   *
   * @param allowDifferentSetup whether runs whose setup differs from the first run's may be ranked together (every
   *     output then opens with the differences)
   * @param sharedTasksOnly whether runs over different task sets are ranked on the tasks all of them hold (every
   *     output then says so first) rather than refused
   * @throws IllegalArgumentException when no run is given, the runs hold different tasks and {@code sharedTasksOnly}
   *     is false (naming the runs, how many tasks each holds and the first few one lacks), or a run's setup differs
   *     from the first's and that is not allowed (naming each difference with both values)
   */
  public static Leaderboard of(List<ComparedRun> runs, List<RunExtras> extras, Bootstrap bootstrap,
      boolean allowDifferentSetup, boolean sharedTasksOnly) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a leaderboard needs at least one run, got none");
    }
    ComparedRun first = runs.get(0);
    List<String> differences = new ArrayList<>();
    for (ComparedRun r : runs.subList(1, runs.size())) {
      for (RunSetup.Difference d : first.setup().differences(r.setup())) {
        differences.add(r.name() + " differs from " + first.name() + " in " + d.describe(first.name(), r.name()));
      }
    }
    if (!differences.isEmpty() && !allowDifferentSetup) {
      throw new IllegalArgumentException("runs of different setups cannot share a board: "
          + String.join("; ", differences) + ". A difference in rank would not be the seeker's alone: rank runs of"
          + " one setup, or allow it (--allow-different-setup)");
    }
    TaskSets taskSets = TaskSets.of(runs);
    if (!taskSets.same()) {
      if (!sharedTasksOnly) {
        throw new IllegalArgumentException(taskSets.refusal());
      }
      if (taskSets.shared() == 0) {
        throw new IllegalArgumentException("runs over different task sets cannot share a board: "
            + String.join("; ", taskSets.differences()) + ". They hold no task in common, so there is nothing to"
            + " rank them on");
      }
      runs = TaskSets.restrict(runs);
    }
    Map<Language, List<Row>> boards = new EnumMap<>(Language.class);
    for (Language l : Language.values()) {
      List<Row> rows = board(l, runs, extras, bootstrap);
      if (!rows.isEmpty()) {
        boards.put(l, rows);
      }
    }
    return new Leaderboard(runs, extras, differences, taskSets, boards, bootstrap);
  }

  private static List<Row> board(Language language, List<ComparedRun> runs, List<RunExtras> extras,
      Bootstrap bootstrap) {
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      List<DialogueScore> scores = scores(runs.get(i), language);
      if (!scores.isEmpty()) {
        entries.add(new Entry(i, ClarqStatistics.of(scores, bootstrap)));
      }
    }
    if (entries.isEmpty()) {
      return List.of();
    }
    // highest success first, runs without a judged dialogue last; equal ones in the order given (stable sort)
    entries.sort(Comparator.comparingDouble((Entry e) -> {
      double s = e.figures().success().value();
      return Double.isNaN(s) ? Double.POSITIVE_INFINITY : -s;
    }));
    int n = entries.size();
    int ranked = 0;   // entries [0, ranked) have a success; the rest are unranked
    while (ranked < n && !Double.isNaN(entries.get(ranked).figures().success().value())) {
      ranked++;
    }
    // every pair of ranked runs, i above j in the order of success; Holm over all of them at once
    VersusLeader[][] pair = new VersusLeader[n][n];
    List<int[]> tested = new ArrayList<>();
    for (int i = 0; i < ranked; i++) {
      for (int j = i + 1; j < ranked; j++) {
        pair[i][j] = versus(runs.get(entries.get(i).index()), runs.get(entries.get(j).index()), language);
        if (!Double.isNaN(pair[i][j].mcnemarP())) {
          tested.add(new int[] {i, j});
        }
      }
    }
    double[] adjusted = Holm.adjust(tested.stream().mapToDouble(t -> pair[t[0]][t[1]].mcnemarP()).toArray());
    for (int t = 0; t < tested.size(); t++) {
      VersusLeader v = pair[tested.get(t)[0]][tested.get(t)[1]];
      pair[tested.get(t)[0]][tested.get(t)[1]] = new VersusLeader(v.shared(), v.judgedInBoth(), v.leaderOnly(),
          v.runOnly(), v.mcnemarP(), adjusted[t]);
    }
    // rank = 1 + the runs significantly better, raised to the rank above it; equal success, equal rank
    int[] rank = new int[n];
    List<List<String>> better = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      List<String> b = new ArrayList<>();
      for (int i = 0; i < j && j < ranked; i++) {
        if (success(entries.get(i)) > success(entries.get(j)) && pair[i][j].differs()) {
          b.add(runs.get(entries.get(i).index()).name());
        }
      }
      better.add(b);
    }
    double[] successes = new double[ranked];
    int[] betterCounts = new int[ranked];
    for (int k = 0; k < ranked; k++) {
      successes[k] = success(entries.get(k));
      betterCounts[k] = better.get(k).size();
    }
    System.arraycopy(Ranks.monotone(successes, betterCounts), 0, rank, 0, ranked);
    List<Row> rows = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int sameRank = 0;
      for (int r : rank) {
        if (r == rank[k]) {
          sameRank++;
        }
      }
      Entry e = entries.get(k);
      RunExtras x = extras.get(e.index());
      rows.add(new Row(runs.get(e.index()).name(), rank[k], rank[k] > 0 && sameRank > 1, k > 0 && rank[k] == 1,
          better.get(k), e.figures(), k == 0 ? null : pair[0][k], x.passHat().getOrDefault(language, List.of()),
          x.tokens().orElse(-1), x.cachedTokens().orElse(-1), x.cost().orElse(Double.NaN), x.costAtBatchPrices()));
    }
    return rows;
  }

  private record Entry(int index, GroupFigures figures) {}

  private static double success(Entry entry) {
    return entry.figures().success().value();
  }

  private static List<DialogueScore> scores(ComparedRun run, Language language) {
    List<DialogueScore> out = new ArrayList<>();
    run.scores().forEach((k, s) -> {
      if (ComparedRun.language(k) == language) {
        out.add(s);
      }
    });
    return out;
  }

  private static VersusLeader versus(ComparedRun leader, ComparedRun run, Language language) {
    int shared = 0;
    int judged = 0;
    int leaderOnly = 0;
    int runOnly = 0;
    for (Map.Entry<String, DialogueScore> e : leader.scores().entrySet()) {
      DialogueScore other = run.scores().get(e.getKey());
      if (other == null || ComparedRun.language(e.getKey()) != language) {
        continue;
      }
      shared++;
      if (e.getValue().success().unjudged() || other.success().unjudged()) {
        continue;
      }
      judged++;
      boolean a = e.getValue().success().success();
      boolean b = other.success().success();
      if (a && !b) {
        leaderOnly++;
      } else if (b && !a) {
        runOnly++;
      }
    }
    double p = judged == 0 ? Double.NaN : McNemar.exactTwoSided(leaderOnly, runOnly);
    return new VersusLeader(shared, judged, leaderOnly, runOnly, p, Double.NaN);
  }
}
