package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.stats.Bootstrap;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.eval.compare.ItemOutcome;
import io.clarq.eval.compare.OutcomeComparison;
import io.clarq.eval.compare.OutcomePair;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compare and the leaderboard on TOA runs made with model-free askers, the offline oracle and a peeking primary. */
class ToaCompareTest {
  @TempDir Path dir;

  /** An asker that asks about nothing in particular: the oracle seldom returns the masked fact to it. */
  private static final class VagueAsker implements Asker {
    @Override
    public String ask(IncompleteTask task) {
      return "What else is there?";
    }

    @Override
    public String describe() {
      return "vague";
    }
  }

  private ToaRun.Result run(String name, Asker asker, List<FlmExample> examples) throws Exception {
    return ToaRun.run(new ToaPipeline(asker, new Bm25Oracle(), new ToaRunTest.OraclePeekingPrimary(examples, null)),
        examples, new RunKernel.Plan(dir.resolve(name), Shard.ALL, 2, "t"), RecoveryBootstrap.DEFAULT,
        new ItemListener<>() {});
  }

  @Test
  void testTwoAskersAreComparedAndRankedOnRecoveredF1() throws Exception {
    List<FlmExample> examples = ToaRunTest.dev();
    ToaRun.Result repeater = run("repeater", new RepeaterAsker(), examples);
    ToaRun.Result vague = run("vague", new VagueAsker(), examples);
    OutcomeRun a = OutcomeRuns.load(dir.resolve("repeater"));
    OutcomeRun b = OutcomeRuns.load(dir.resolve("vague"));
    assertThat(a.benchmark()).isEqualTo("toa");
    assertThat(a.kind()).isEqualTo(ItemOutcome.Kind.GRADED);
    assertThat(a.compared()).hasSize(53);
    assertThat(a.agent()).containsEntry("asker", "repeater");
    assertThat(b.agent()).containsEntry("asker", "vague");
    assertThat(a.setup()).containsEntry("oracle", new Bm25Oracle().describe()).doesNotContainKeys("asker",
        "examples_sha256");

    OutcomeComparison c = OutcomeComparison.of(List.of(a, b), Bootstrap.DEFAULT, false);
    OutcomePair p = c.pairs().get(0);
    // the means are the runs' own mean recovered F1 (ToaSummary, computed from the outcomes by the run)
    assertThat(p.meanA()).isCloseTo(repeater.summary().f1().recovered(), within(1e-12));
    assertThat(p.meanB()).isCloseTo(vague.summary().f1().recovered(), within(1e-12));
    assertThat(p.difference().value()).isCloseTo(p.meanA() - p.meanB(), within(1e-12));
    assertThat(p.difference().interval().contains(p.difference().value())).isTrue();
    // with this primary, recovered F1 is 1 exactly where the masked fact came back
    long aOnly = repeater.outcomes().stream().filter(o -> o.f1Recovered() > vague.outcomes().stream()
        .filter(v -> v.exampleId().equals(o.exampleId())).mapToDouble(ToaOutcome::f1Recovered).sum()).count();
    assertThat(p.aBetter()).hasSize((int) aOnly);
    assertThat(p.p()).isBetween(0.0, 1.0);
    assertThat(c.text()).contains("f1_recovered, shared items 53", "paired bootstrap test");

    OutcomeLeaderboard board = OutcomeLeaderboard.of(List.of(b, a), Bootstrap.DEFAULT, false, false);
    assertThat(board.rows().get(0).mean().value()).isGreaterThanOrEqualTo(board.rows().get(1).mean().value());
    assertThat(board.rows()).extracting(OutcomeLeaderboard.Row::rank).isSorted();
  }
}
