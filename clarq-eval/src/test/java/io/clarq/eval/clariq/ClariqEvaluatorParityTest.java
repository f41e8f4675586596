package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.OfficialEvalFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Expected values are the official tool's output, from regressions/clariq.json (docs/protocol/clariq.md quotes it). */
class ClariqEvaluatorParityTest {
  private static final Regressions CLARIQ = Regressions.of("clariq");

  /** What the official tool prints for a question-relevance run: "Recall5: 0.32..." as the file writes it. */
  static java.util.List<String> officialQuestionRelevance(String run) {
    Regressions t = CLARIQ.table("question_relevance_dev");
    return t.metrics().stream().map(m -> m + ": " + t.printed(run, m)).toList();
  }

  /** What the official tool prints for a clarification-need run (its two spaces after Precision and Recall). */
  static java.util.List<String> officialClarificationNeed(String run) {
    Regressions t = CLARIQ.table("clarification_need_dev");
    return java.util.List.of("Precision:  " + t.printed(run, "Precision"), "Recall:  " + t.printed(run, "Recall"),
        "F1: " + t.printed(run, "F1"));
  }

  private static ClariqReport questionRelevance(String run) {
    Path data = SharedData.require("clariq");
    return ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV,
        data.resolve("sample_runs").resolve(run), false, null);
  }

  @Test
  void testReproducesDevBm25Recall() {
    assertThat(questionRelevance("dev_bm25").officialLines()).isEqualTo(officialQuestionRelevance("dev_bm25"));
  }

  @Test
  void testReproducesDevBertRankerRecall() {
    assertThat(questionRelevance("dev_BERT-ranker").officialLines())
        .isEqualTo(officialQuestionRelevance("dev_BERT-ranker"));
  }

  @Test
  void testReproducesDevNoQuestionRecall() {
    assertThat(questionRelevance("dev_no_q").officialLines()).isEqualTo(officialQuestionRelevance("dev_no_q"));
  }

  @Test
  void testHarmlessVariantsGiveTheOfficialNumbersWithoutLenient(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path data = SharedData.require("clariq");
    java.util.List<String> lines = Files.readAllLines(data.resolve("sample_runs/dev_bm25"));
    Path trailing = dir.resolve("trailing");
    Files.writeString(trailing, String.join(" \r\n", lines) + " \r\n");
    Path fiveColumns = dir.resolve("five");
    Files.writeString(fiveColumns, lines.stream().map(l -> l.substring(0, l.lastIndexOf(' ')) + "\n")
        .collect(java.util.stream.Collectors.joining()));
    for (boolean lenient : new boolean[] {false, true}) {
      ClariqReport r = ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV, trailing,
          lenient, null);
      assertThat(r.officialLines()).as("trailing").isEqualTo(officialQuestionRelevance("dev_bm25"));
      assertThat(r.warnings()).isEmpty();
      // without its run tag the official tool reads columns 0, 2 and 4: the official figures, and a counted warning
      ClariqReport five = ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV, fiveColumns,
          lenient, null);
      assertThat(five.officialLines()).as("five columns").isEqualTo(officialQuestionRelevance("dev_bm25"));
      assertThat(five.warnings()).containsExactly(lines.size() + " run line(s) have 5 fields, no run tag (first:"
          + " line 1): scored from the topic, item and score columns, as the official tool does");
    }
    Path cn = dir.resolve("cn");
    Files.writeString(cn, Files.readString(data.resolve("reference-runs/cn_dev_all2")).replace("\n", " \r\n"));
    assertThat(ClariqEvaluator.evaluate(data, ClariqTask.CLARIFICATION_NEED, ClariqSplit.DEV, cn, false, null)
        .officialLines()).isEqualTo(officialClarificationNeed("cn_dev_all2"));
  }

  @Test
  void testPerTopicOutputIsTheOfficialFileByteForByte() throws Exception {
    // sample_runs/dev_bm25_question_relevance.eval was written by the official tool's --out_file
    String official = Files.readString(SharedData.require("clariq/sample_runs/dev_bm25_question_relevance.eval"));
    assertThat(OfficialEvalFiles.toJson(questionRelevance("dev_bm25").perItem())).isEqualTo(official.strip());
  }

  @Test
  void testReproducesClarificationNeedReferenceRuns() {
    Path data = SharedData.require("clariq");
    ClariqReport all2 = ClariqEvaluator.evaluate(data, ClariqTask.CLARIFICATION_NEED, ClariqSplit.DEV,
        data.resolve("reference-runs/cn_dev_all2"), false, null);
    assertThat(all2.officialLines()).isEqualTo(officialClarificationNeed("cn_dev_all2"));
    ClariqReport half = ClariqEvaluator.evaluate(data, ClariqTask.CLARIFICATION_NEED, ClariqSplit.DEV,
        data.resolve("reference-runs/cn_dev_gold_firsthalf"), false, null);
    assertThat(half.officialLines()).isEqualTo(officialClarificationNeed("cn_dev_gold_firsthalf"));
  }

  @Test
  void testCommittedPerFacetFilesAverageToPublishedDocumentRelevance() {
    Regressions expected = CLARIQ.table("document_relevance_dev");
    for (String run : expected.runs()) {
      var means = OfficialEvalFiles.readPerTopic(SharedData.require("clariq/sample_runs/" + run + ".eval")).means();
      for (String metric : expected.metrics()) {
        expected.assertFigure(run, metric, means.get(metric));
      }
    }
    assertThat(OfficialEvalFiles.readPerTopic(SharedData.require("clariq/sample_runs/dev_bm25.eval"))
        .metric("NDCG1")).hasSize(160);
  }
}
