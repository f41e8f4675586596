package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.ClarificationNeedRunWriter;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.trec.TrecRunWriter;
import io.clarq.retrieval.clariq.question.QuestionRanker;
import io.clarq.retrieval.clariq.question.QuestionRankerConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestionRankingTest {
  @TempDir Path dir;

  @Test
  void testBeatsOfficialBm25SampleOnDev() {
    Path data = SharedData.require("clariq");
    ClariqDataDir dataDir = new ClariqDataDir(data);
    Path run = dir.resolve("dev_clarq");
    try (QuestionRanker ranker = new QuestionRanker(dataDir.questionBank(), QuestionRankerConfig.DEFAULT)) {
      TrecRunWriter.write(run, QuestionRanking.rank(ranker, QuestionRanking.requests(dataDir, ClariqSplit.DEV), 30, "x"),
          "0", TrecRunWriter.COMPACT);
    }
    Map<String, Double> means =
        ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV, run, false, null).means();
    // better than the official sample run dev_bm25 (regressions/clariq.json)
    Regressions official = Regressions.of("clariq").table("question_relevance_dev");
    assertThat(means.get("Recall10")).isGreaterThan(official.figure("dev_bm25", "Recall10"));
    assertThat(means.get("Recall30")).isGreaterThan(official.figure("dev_bm25", "Recall30"));
  }

  @Test
  void testNeedBaselineBeatsConstantPrediction() {
    Path data = SharedData.require("clariq");
    ClariqDataDir dataDir = new ClariqDataDir(data);
    Path run = dir.resolve("cn_dev");
    ClarificationNeedRunWriter.write(run, ClarificationNeedBaseline.predict(ClarificationNeedBaseline.train(dataDir),
        QuestionRanking.requests(dataDir, ClariqSplit.DEV)));
    ClariqReport report = ClariqEvaluator.evaluate(data, ClariqTask.CLARIFICATION_NEED, ClariqSplit.DEV, run, false, null);
    // better than predicting the majority label 2 everywhere (reference run cn_dev_all2, regressions/clariq.json)
    assertThat(report.means().get("F1"))
        .isGreaterThan(Regressions.of("clariq").table("clarification_need_dev").figure("cn_dev_all2", "F1"));
    // every topic got a prediction: no dummy class 0
    assertThat(report.classification().classes()).extracting(c -> c.label()).doesNotContain(0);
  }
}
