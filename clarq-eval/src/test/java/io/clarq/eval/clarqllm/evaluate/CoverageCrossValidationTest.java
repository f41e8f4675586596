package io.clarq.eval.clarqllm.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageCrossValidationTest {
  @Test
  void testFoldsByTaskOnTheRecordedVerdicts() throws Exception {
    List<VerdictRecord> recorded = VerdictFile.read(SharedData.require("clarq-llm/judge-verdicts.jsonl"));
    Path dir = SharedData.require("clarq-llm/tasks");
    List<TaskSet> tasks = new ArrayList<>();
    for (Language l : Language.values()) {
      tasks.add(ClarqLlmTasks.load(dir, l));
    }
    CoverageCrossValidation cv = CoverageCrossValidation.run(recorded, tasks, 10, 8848);
    assertThat(cv.verdicts()).isEqualTo(560);
    assertThat(cv.folds()).hasSize(10);
    assertThat(cv.folds().stream().mapToInt(CoverageCrossValidation.Fold::verdicts).sum()).isEqualTo(560);
    assertThat(cv.folds().stream().mapToInt(CoverageCrossValidation.Fold::agreed).sum()).isEqualTo(cv.heldOutAgreed());
    // every verdict's task is found by its purpose; tasks sharing a purpose are one group, fewer than the 620 tasks
    assertThat(cv.groups()).isBetween(100, 620);
    // held out, no coverage can do better than the best coverage in-sample
    int bestInSample = 0;
    for (double c : CoverageCrossValidation.GRID) {
      bestInSample = Math.max(bestInSample, JudgeAgreement.measure(new OfflineJudge(c), recorded).all().agreed());
    }
    assertThat(cv.heldOutAgreed()).isLessThanOrEqualTo(bestInSample);
    // where every fold chose the same coverage, the held-out tally is that coverage's tally on all verdicts
    if (cv.chosen().size() == 1) {
      double c = cv.chosen().keySet().iterator().next();
      assertThat(cv.heldOutAgreed()).isEqualTo(JudgeAgreement.measure(new OfflineJudge(c), recorded).all().agreed());
    }
    assertThat(CoverageCrossValidation.run(recorded, tasks, 10, 8848)).isEqualTo(cv);
    assertThat(cv.toString()).startsWith("held-out agreement " + cv.heldOutAgreed() + "/560 (");
    assertThatThrownBy(() -> CoverageCrossValidation.run(recorded, tasks, 1, 1))
        .hasMessageStartingWith("illegal fold count 1: must be 2 to ");
    assertThatThrownBy(() -> CoverageCrossValidation.run(List.of(), tasks, 2, 1))
        .hasMessage("no verdicts to cross-validate on");
  }
}
