package io.clarq.eval.clarqllm.evaluate;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The six published runs scored with the published verdicts reproduce the reference evaluator's success, AQD and AQL
 * (expected values from regressions/clarq-llm.json, which says where they come from; never from our own output).
 */
class PublishedParityTest {
  static final Regressions EXPECTED = Regressions.of("clarq-llm");

  static List<String> runs() {
    return EXPECTED.runs();
  }

  @ParameterizedTest
  @MethodSource("runs")
  void testReproducesPublishedRun(String run) throws Exception {
    Path file = SharedData.require("clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_" + run + ".json");
    Path tasks = SharedData.require("clarq-llm/tasks/" + EXPECTED.text(run, "language"));
    Path verdicts = SharedData.require("clarq-llm/judge-verdicts.jsonl");
    try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(verdicts, Judge.none())) {
      ClarqSummary s = ClarqEvaluation.score(file, tasks, judge);
      assertThat(judge.hits()).isEqualTo(s.judgeCalls());
      assertThat(s.dialogues()).isEqualTo(260);
      assertThat(s.unjudged()).isEmpty();
      EXPECTED.assertFigure(run, "success", s.success());
      EXPECTED.assertFigure(run, "aqd", s.aqd());
      EXPECTED.assertFigure(run, "aql", s.aql());
    }
  }
}
