package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.OfficialEvalFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Expected values are the official tool's output, from docs/protocol/clariq.md. */
class ClariqEvaluatorParityTest {
  private static ClariqReport questionRelevance(String run) {
    Path data = SharedData.require("clariq");
    return ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV,
        data.resolve("sample_runs").resolve(run), false, null);
  }

  @Test
  void testReproducesDevBm25Recall() {
    assertThat(questionRelevance("dev_bm25").officialLines()).containsExactly(
        "Recall5: 0.3245570421150917",
        "Recall10: 0.5638042646208281",
        "Recall20: 0.6674997108155003",
        "Recall30: 0.6912818698329535");
  }

  @Test
  void testReproducesDevBertRankerRecall() {
    assertThat(questionRelevance("dev_BERT-ranker").officialLines()).containsExactly(
        "Recall5: 0.3493763159784832",
        "Recall10: 0.6134226147949058",
        "Recall20: 0.7248462956032615",
        "Recall30: 0.7542703960126561");
  }

  @Test
  void testReproducesDevNoQuestionRecall() {
    assertThat(questionRelevance("dev_no_q").officialLines()).containsExactly(
        "Recall5: 0.05560622994136926",
        "Recall10: 0.05560622994136926",
        "Recall20: 0.05560622994136926",
        "Recall30: 0.05560622994136926");
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
    for (Path run : new Path[] {trailing, fiveColumns}) {
      // without its run tag a run is refused as malformed; the official tool (--lenient) reads it alike
      boolean lenient = run == fiveColumns;
      ClariqReport r = ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV, run, lenient,
          null);
      assertThat(r.officialLines()).as(run.getFileName().toString()).containsExactly(
          "Recall5: 0.3245570421150917",
          "Recall10: 0.5638042646208281",
          "Recall20: 0.6674997108155003",
          "Recall30: 0.6912818698329535");
      assertThat(r.warnings()).isEmpty();
    }
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ClariqEvaluator.evaluate(data,
        ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV, fiveColumns, false, null)).hasMessageEndingWith("got 5 fields");
    Path cn = dir.resolve("cn");
    Files.writeString(cn, Files.readString(data.resolve("reference-runs/cn_dev_all2")).replace("\n", " \r\n"));
    assertThat(ClariqEvaluator.evaluate(data, ClariqTask.CLARIFICATION_NEED, ClariqSplit.DEV, cn, false, null)
        .officialLines()).containsExactly("Precision:  0.1764", "Recall:  0.42", "F1: 0.24845070422535212");
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
    assertThat(all2.officialLines()).containsExactly("Precision:  0.1764", "Recall:  0.42", "F1: 0.24845070422535212");
    ClariqReport half = ClariqEvaluator.evaluate(data, ClariqTask.CLARIFICATION_NEED, ClariqSplit.DEV,
        data.resolve("reference-runs/cn_dev_gold_firsthalf"), false, null);
    assertThat(half.officialLines()).containsExactly("Precision:  0.92", "Recall:  0.5", "F1: 0.6421538461538462");
  }

  @Test
  void testCommittedPerFacetFilesAverageToPublishedDocumentRelevance() {
    var bm25 = OfficialEvalFiles.readPerTopic(SharedData.require("clariq/sample_runs/dev_bm25.eval")).means();
    assertThat(bm25).containsEntry("NDCG1", 0.1859375).containsEntry("NDCG3", 0.16076878817226317)
        .containsEntry("P1", 0.23125).containsEntry("MRR100", 0.30959228090067364);
    var noQ = OfficialEvalFiles.readPerTopic(SharedData.require("clariq/sample_runs/dev_no_q.eval")).means();
    assertThat(noQ).containsEntry("NDCG1", 0.1390625).containsEntry("NDCG3", 0.14504362859721148)
        .containsEntry("P1", 0.20625).containsEntry("MRR100", 0.29998363816703477);
    assertThat(OfficialEvalFiles.readPerTopic(SharedData.require("clariq/sample_runs/dev_bm25.eval"))
        .metric("NDCG1")).hasSize(160);
  }
}
