package io.clarq.eval.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GoldMatch;
import io.clarq.core.clarqllm.metrics.QueryLength;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Outcome;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.RunSetup;
import io.clarq.eval.results.WrittenFileSchemas;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntPredicate;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ranks and task sets on boards made here, task by task (no data needed): the issue's 100-task example, ranks that
 * never fall as success falls, and runs over different tasks refused or ranked on their shared tasks.
 */
class LeaderboardRankTest {
  private static final Bootstrap BOOTSTRAP = new Bootstrap(200, 1);
  private static final RunSetup SETUP = new RunSetup(Map.of("provider", "offline", "provider_model", "-", "prompts",
      "ours", "judge", "offline", "deviations", "none"));
  @TempDir Path dir;

  /** A run that played tasks {@code from..to-1} (as 1.0, 1.1, ... 10.9) and succeeded where {@code success} holds. */
  private static ComparedRun run(String name, int from, int to, IntPredicate success) {
    Map<String, DialogueScore> scores = new LinkedHashMap<>();
    for (int i = from; i < to; i++) {
      DialogueScore s = new DialogueScore(new TaskId(1 + i / 10, i % 10), new SuccessBreakdown(success.test(i)
          ? Outcome.SUCCESS : Outcome.FAILURE, SuccessBreakdown.Stage.JUDGE, List.of(new GoldMatch(
          io.clarq.core.clarqllm.tree.NodeId.parse("1"), "g", GoldMatch.Found.LEFTOVER, java.util.OptionalInt.empty())),
          List.of("x"), List.of()), 1, new QueryLength(Language.ENGLISH, 3, 5, 5));
      scores.put(ComparedRun.key(Language.ENGLISH, s), s);
    }
    return new ComparedRun(name, "offline", scores, Map.of(), SETUP);
  }

  private static ComparedRun run(String name, Set<Integer> successes) {
    return run(name, 0, 100, successes::contains);
  }

  private static Leaderboard board(boolean sharedTasks, ComparedRun... runs) {
    return Leaderboard.of(List.of(runs), Collections.nCopies(runs.length, RunExtras.NONE), BOOTSTRAP, false,
        sharedTasks);
  }

  private static Set<Integer> range(int from, int to) {
    Set<Integer> s = new java.util.HashSet<>();
    for (int i = from; i < to; i++) {
      s.add(i);
    }
    return s;
  }

  /** McNemar's exact two-sided p from first principles: 2 * sum_{i <= min(b, c)} C(b + c, i) / 2^(b + c), at most 1. */
  private static double mcnemar(int b, int c) {
    int n = b + c;
    BigInteger sum = BigInteger.ZERO;
    BigInteger choose = BigInteger.ONE;   // C(n, 0)
    for (int i = 0; i <= Math.min(b, c); i++) {
      sum = sum.add(choose);
      choose = choose.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
    }
    BigDecimal p = new BigDecimal(sum.shiftLeft(1)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(n)),
        MathContext.DECIMAL64);
    return Math.min(1, p.doubleValue());
  }

  /*
   * The issue's example, 100 tasks (0-99). Leader A succeeds on 0-59 (60%). B on 0-47 and 60-61 (50%): A alone 12
   * (48-59), B alone 2. C on 0-29 and 60-77 (48%): A alone 30 (30-59), C alone 18. B against C: B alone 18 (30-47),
   * C alone 16 (62-77). Figures computed outside the project with exact fractions (Python 3.11):
   *   python3 - <<'EOF'
   *   from fractions import Fraction; from math import comb
   *   def mcnemar(b, c):
   *       n = b + c; return min(Fraction(1), 2 * Fraction(sum(comb(n, i) for i in range(min(b, c) + 1)), 2 ** n))
   *   def holm(p):
   *       m = len(p); order = sorted(range(m), key=lambda i: p[i]); out = [0] * m; run = 0
   *       for r, i in enumerate(order): run = max(run, min(1, (m - r) * p[i])); out[i] = run
   *       return out
   *   a = set(range(60)); b = set(range(48)) | {60, 61}; c = set(range(30)) | set(range(60, 78))
   *   d = [(len(x - y), len(y - x)) for x, y in [(a, b), (a, c), (b, c)]]
   *   p = [mcnemar(*x) for x in d]
   *   print(d, [float(x) for x in p], [float(x) for x in holm(p)], p[0], holm(p)[0])
   *   print([float(x) for x in holm(p[:2])])
   *   EOF
   * prints
   *   [(12, 2), (30, 18), (18, 16)] [0.012939453125, 0.11140289106101875, 0.8641662404406816]
   *     [0.038818359375, 0.2228057821220375, 0.8641662404406816] 53/4096 159/4096
   *   [0.02587890625, 0.11140289106101875]
   * By hand: A vs B is 2 * (C(14,0) + C(14,1) + C(14,2)) / 2^14 = 2 * 106 / 16384 = 53/4096; Holm over three pairs
   * multiplies the smallest by 3: 159/4096 = 0.0388 < 0.05, so A is significantly better than B. A vs C (Holm
   * 2 * 0.1114) and B vs C (0.8642) are not significant. The old rule (against the leader only, Holm over two: B
   * 0.0259 "differs", C 0.1114 "tied") gave 1=, 2, 1=. Now: A 1 + 0 = 1; B 1 + 1 = 2; C 1 + 0 = 1, raised to B's 2
   * since B's success is higher: A "1", B "2=", C "2=".
   */
  private static final double P_AB = 0.012939453125;
  private static final double P_AC = 0.11140289106101875;
  private static final double P_BC = 0.8641662404406816;
  private static final double HOLM_AB = 0.038818359375;
  private static final double HOLM_AC = 0.2228057821220375;

  @Test
  void testTheIssuesHundredTaskBoardIsMonotone() {
    Set<Integer> b = range(0, 48);
    b.addAll(Set.of(60, 61));
    Set<Integer> c = range(0, 30);
    c.addAll(range(60, 78));
    ComparedRun runA = run("A", range(0, 60));
    ComparedRun runB = run("B", b);
    ComparedRun runC = run("C", c);
    // the binomial sums above, here, agree with the script's figures and with the library's McNemar
    assertThat(mcnemar(12, 2)).isEqualTo(53.0 / 4096).isEqualTo(P_AB);
    assertThat(mcnemar(30, 18)).isCloseTo(P_AC, within(1e-15));
    assertThat(mcnemar(18, 16)).isCloseTo(P_BC, within(1e-15));
    Leaderboard board = board(false, runC, runB, runA);
    List<Leaderboard.Row> rows = board.languages().get(Language.ENGLISH);
    assertThat(rows).extracting(Leaderboard.Row::run).containsExactly("A", "B", "C");
    assertThat(rows).extracting(r -> r.figures().successes()).containsExactly(60, 50, 48);
    assertThat(rows).extracting(Leaderboard.Row::rankLabel).containsExactly("1", "2=", "2=");
    assertThat(rows).extracting(Leaderboard.Row::tiedWithLeader).containsExactly(false, false, false);
    assertThat(rows.get(1).significantlyBetter()).containsExactly("A");
    assertThat(rows.get(2).significantlyBetter()).isEmpty();
    Leaderboard.VersusLeader vb = rows.get(1).versusLeader();
    Leaderboard.VersusLeader vc = rows.get(2).versusLeader();
    assertThat(List.of(vb.leaderOnly(), vb.runOnly(), vc.leaderOnly(), vc.runOnly())).containsExactly(12, 2, 30, 18);
    assertThat(vb.mcnemarP()).isCloseTo(P_AB, within(1e-15));
    assertThat(vc.mcnemarP()).isCloseTo(P_AC, within(1e-15));
    assertThat(vb.holmP()).isCloseTo(HOLM_AB, within(1e-15));
    assertThat(vc.holmP()).isCloseTo(HOLM_AC, within(1e-15));
    assertThat(LeaderboardFiles.markdown(board)).contains("| 2= | C |").contains("| 2= | B |").contains("| 1 | A |");
  }

  /** Random boards: down the list success never rises and rank never falls; equal success, equal rank. */
  @Test
  void testRanksNeverFallAsSuccessFalls() {
    Random random = new Random(29);
    for (int trial = 0; trial < 200; trial++) {
      int n = 2 + random.nextInt(5);
      List<ComparedRun> runs = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        double rate = random.nextDouble();
        boolean[] ok = new boolean[100];
        for (int i = 0; i < 100; i++) {
          ok[i] = random.nextDouble() < rate;
        }
        runs.add(run("r" + r, 0, 100, i -> ok[i]));
      }
      List<Leaderboard.Row> rows = Leaderboard.of(runs, Collections.nCopies(n, RunExtras.NONE), BOOTSTRAP, false)
          .languages().get(Language.ENGLISH);
      assertThat(rows.get(0).rank()).isEqualTo(1);
      for (int k = 1; k < rows.size(); k++) {
        double above = rows.get(k - 1).figures().success().value();
        double here = rows.get(k).figures().success().value();
        assertThat(here).isLessThanOrEqualTo(above);
        assertThat(rows.get(k).rank()).isGreaterThanOrEqualTo(rows.get(k - 1).rank());
        assertThat(rows.get(k).rank()).isGreaterThanOrEqualTo(1 + rows.get(k).significantlyBetter().size());
        if (here == above) {
          assertThat(rows.get(k).rank()).isEqualTo(rows.get(k - 1).rank());
        }
      }
    }
  }

  @Test
  void testRunsOverDifferentTasksAreRefusedNamingTheDifference() {
    ComparedRun full = run("full", 0, 100, i -> i % 2 == 0);
    ComparedRun part = run("part", 0, 30, i -> i % 3 == 0);
    assertThatThrownBy(() -> board(false, full, part)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("runs over different task sets cannot share a board")
        .hasMessageContaining("part holds 30 tasks, full 100 tasks")
        .hasMessageContaining("full holds 70 that part lacks (en:4.0, en:4.1, en:4.2 and 67 more)")
        .hasMessageContaining("part holds none that full lacks")
        .hasMessageContaining("--shared-tasks");
    ComparedRun other = run("other", 50, 100, i -> true);
    assertThatThrownBy(() -> board(true, part, other)).hasMessageContaining("no task in common");
  }

  @Test
  void testSharedTasksBoardSaysSoFirstInEveryFile() throws Exception {
    ComparedRun full = run("full", 0, 100, i -> i < 20);
    ComparedRun part = run("part", 10, 40, i -> i < 25);
    Leaderboard board = board(true, full, part);
    assertThat(board.taskSets().shared()).isEqualTo(30);
    List<Leaderboard.Row> rows = board.languages().get(Language.ENGLISH);
    // on tasks 10-39: full succeeds on 10-19 (10 of 30), part on 10-24 (15 of 30)
    assertThat(rows).extracting(Leaderboard.Row::run).containsExactly("part", "full");
    assertThat(rows).extracting(r -> r.figures().dialogues()).containsExactly(30, 30);
    assertThat(rows).extracting(r -> r.figures().successes()).containsExactly(15, 10);
    String headline = "Ranked on the 30 tasks all runs hold (--shared-tasks)";
    LeaderboardFiles.write(board, dir);
    assertThat(WrittenFileSchemas.validateTree(dir)).isEmpty();
    String md = Files.readString(dir.resolve("leaderboard.md"));
    assertThat(md.lines().filter(l -> !l.isBlank()).skip(1).findFirst().orElseThrow()).contains(headline);
    assertThat(md).contains("part holds 30 tasks, full 100 tasks: full holds 70 that part lacks (en:1.0, en:1.1,"
        + " en:1.2 and 67 more); part holds none that full lacks");
    assertThat(Files.readAllLines(dir.resolve("leaderboard.csv")).get(0)).startsWith("# " + headline);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile());
    List<String> fields = new ArrayList<>();
    json.fieldNames().forEachRemaining(fields::add);
    assertThat(fields.subList(0, 2)).containsExactly("format", "shared_tasks");
    assertThat(json.path("shared_tasks").path("note").asText()).startsWith(headline);
    assertThat(json.path("shared_tasks").path("tasks").asInt()).isEqualTo(30);
    assertThat(json.path("runs").get(0).path("dialogues").asInt()).isEqualTo(30);
    Document page = Jsoup.parse(Files.readString(dir.resolve("leaderboard.html")));
    assertThat(page.body().child(0).id()).isEqualTo("shared-tasks");
    assertThat(page.select("#shared-tasks").text()).contains(headline);
    // the same runs over the same tasks: nothing said, JSON null
    Leaderboard same = board(false, full, run("twin", 0, 100, i -> i < 50));
    assertThat(same.taskSets().same()).isTrue();
    assertThat(LeaderboardFiles.json(same).path("shared_tasks").isNull()).isTrue();
    assertThat(LeaderboardFiles.csv(same)).startsWith("compared_trial,language,");
    assertThat(Jsoup.parse(LeaderboardPage.render(same)).select("#shared-tasks")).isEmpty();
  }
}
