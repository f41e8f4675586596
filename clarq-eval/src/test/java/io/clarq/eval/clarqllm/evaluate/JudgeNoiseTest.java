package io.clarq.eval.clarqllm.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.testing.SharedData;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JudgeNoiseTest {
  @Test
  void testAJudgeThatChangesItsMindEveryTrialFlipsEveryJudgedDialogueAndAFixedOneNone() throws Exception {
    RecordedRun run = RecordedRuns.load(SharedData.require(
        "clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json"), SharedData.require(
        "clarq-llm/tasks"));
    // yes to everything in odd trials, no in even ones: a dialogue that asks the judge succeeds in trial 1 (every
    // leftover gold line matched) and fails in trial 2 (the first question is a no); the others never ask it
    Judge fickle = Judge.named("fickle", q -> Optional.of(Verdict.of(q.trial() % 2 == 1, "fickle")));
    JudgeNoise n = JudgeNoise.measure(run, fickle, 2);
    assertThat(n.dialogues()).isEqualTo(run.dialogues().size());
    assertThat(n.decided()).isEqualTo(n.dialogues());
    assertThat(n.judged()).isPositive();
    assertThat(n.flipped()).isEqualTo(n.judged());
    assertThat(n.successPerTrial().get(0)).isGreaterThan(n.successPerTrial().get(1));
    assertThat(n.table()).contains("judged in 2 trials (seeds 8848-8849)").contains("verdict flips");

    JudgeNoise fixed = JudgeNoise.measure(run, new OfflineJudge(), 3);
    assertThat(fixed.flipped()).isZero();
    assertThat(fixed.successPerTrial()).hasSize(3).containsOnly(fixed.successPerTrial().get(0));
  }

  @Test
  void testBadCountsAreNamed() {
    assertThatThrownBy(() -> new JudgeNoise(1, 1, 0, 0, 0, List.of(1.0))).hasMessageContaining("illegal trial count");
    assertThatThrownBy(() -> new JudgeNoise(2, 3, 1, 2, 3, List.of(1.0, 1.0)))
        .hasMessageContaining("illegal judge noise counts");
  }
}
