package io.clarq.core.clarqllm.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Outcome;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Stage;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Paired comparison and grouped statistics on small cases worked out by hand. */
class PairedComparisonTest {
  private static DialogueScore score(int type, int index, Outcome outcome, int aqd, double aql, int turns, int gold) {
    List<GoldMatch> lines = new ArrayList<>();
    for (int i = 1; i <= gold; i++) {
      lines.add(new GoldMatch(io.clarq.core.clarqllm.tree.NodeId.parse(String.valueOf(i)), "g" + i, GoldMatch.Found.LEFTOVER,
          java.util.OptionalInt.empty()));
    }
    return new DialogueScore(new TaskId(type, index), new SuccessBreakdown(outcome, Stage.JUDGE, lines, List.of("x"),
        List.of()), aqd, new QueryLength(Language.ENGLISH, turns, aql, aql));
  }

  @Test
  void testDiscordantPairsAndTheirMcNemarP() {
    List<DialogueScore> a = new ArrayList<>();
    List<DialogueScore> b = new ArrayList<>();
    // 10 tasks: A alone succeeds on 0-5 (6), B alone on 6 (1), both on 7, neither on 8, 9 unjudged in B
    for (int i = 0; i < 10; i++) {
      Outcome oa = i <= 5 || i == 7 || i == 9 ? Outcome.SUCCESS : Outcome.FAILURE;
      Outcome ob = i == 6 || i == 7 ? Outcome.SUCCESS : i == 9 ? Outcome.UNJUDGED : Outcome.FAILURE;
      a.add(score(1, i, oa, 2, 10, 5, 3));
      b.add(score(1, i, ob, 1, 10, 5, 3));
    }
    PairedFigures f = PairedComparison.of(a, b, new Bootstrap(1000, 1));
    assertThat(f.shared()).isEqualTo(10);
    assertThat(f.judgedInBoth()).isEqualTo(9);
    assertThat(f.aOnly()).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(f.bOnly()).containsExactly(6);
    // 2 * (C(7,0) + C(7,1)) / 2^7 = 16/128
    assertThat(f.mcnemarP()).isCloseTo(0.125, within(1e-15));
    assertThat(f.successA()).isCloseTo(7 / 9.0, within(1e-15));
    assertThat(f.successB()).isCloseTo(2 / 9.0, within(1e-15));
    assertThat(f.success().value()).isCloseTo(5 / 9.0, within(1e-12));
    // AQD differs by exactly 1 on every dialogue, AQL by 0: point intervals
    assertThat(f.aqd().interval()).isEqualTo(new Interval(1, 1));
    assertThat(f.aql().interval()).isEqualTo(new Interval(0, 0));
    assertThatThrownBy(() -> PairedComparison.of(a, b.subList(1, 10), Bootstrap.DEFAULT))
        .hasMessageContaining("10 dialogues against 9");
    List<DialogueScore> shuffled = new ArrayList<>(b);
    java.util.Collections.swap(shuffled, 0, 1);
    assertThatThrownBy(() -> PairedComparison.of(a, shuffled, Bootstrap.DEFAULT))
        .hasMessageContaining("position 0 holds task 1.0 in one run and 1.1 in the other");
  }

  @Test
  void testGroupsByTypeAndGoldLines() {
    List<DialogueScore> s = List.of(
        score(1, 0, Outcome.SUCCESS, 1, 4, 4, 3), score(1, 1, Outcome.FAILURE, 0, 6, 6, 3),
        score(2, 0, Outcome.UNJUDGED, 2, 8, 8, 5), score(2, 1, Outcome.SUCCESS, 3, 2, 6, 5));
    GroupFigures all = ClarqStatistics.of(s, Bootstrap.DEFAULT);
    assertThat(all.dialogues()).isEqualTo(4);
    assertThat(all.success().value()).isCloseTo(2 / 3.0, within(1e-15));   // over the 3 judged
    assertThat(all.successRange()).isEqualTo(new Interval(0.5, 0.75));     // 2/4 .. 3/4
    assertThat(all.aqd().value()).isCloseTo(1.5, within(1e-15));
    assertThat(all.turns().value()).isCloseTo(6, within(1e-15));
    assertThat(ClarqStatistics.byType(s, Bootstrap.DEFAULT)).containsOnlyKeys(1, 2);
    GroupFigures five = ClarqStatistics.byGoldLines(s, Bootstrap.DEFAULT).get(5);
    assertThat(five.dialogues()).isEqualTo(2);
    assertThat(five.unjudged()).isEqualTo(1);
    assertThat(five.success().value()).isEqualTo(1.0);
    assertThat(five.turns().value()).isCloseTo(7, within(1e-15));
  }
}
