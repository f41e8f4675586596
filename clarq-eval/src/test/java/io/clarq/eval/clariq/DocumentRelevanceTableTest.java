package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.PythonFloat;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.OfficialEvalFiles;
import io.clarq.datasets.trec.RunRow;
import io.clarq.datasets.trec.TrecRunReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official tables are not public, so this builds one from the committed per-facet results: each facet's entry
 * for dev_bm25's top question holds dev_bm25's value, MIN holds dev_no_q's, MAX holds 1. Looking questions up as
 * the official tool does must then give the published means of both runs.
 */
class DocumentRelevanceTableTest {
  /** The means of the official per-facet files (regressions/clariq.json). */
  private static final Regressions OFFICIAL = Regressions.of("clariq").table("document_relevance_dev");

  @TempDir static Path dir;
  static Path data;
  static Path table;

  @BeforeAll
  static void buildTable() throws Exception {
    data = SharedData.require("clariq");
    MetricTable bm25 = OfficialEvalFiles.readPerTopic(data.resolve("sample_runs/dev_bm25.eval"));
    MetricTable noQ = OfficialEvalFiles.readPerTopic(data.resolve("sample_runs/dev_no_q.eval"));
    Map<String, RunRow> top = new HashMap<>();
    for (RunRow r : TrecRunReader.read(data.resolve("sample_runs/dev_bm25"), TrecRunReader.QUESTION_RUN).rows()) {
      top.merge(r.topic(), r, (a, b) -> b.score() >= a.score() ? b : a);
    }
    var facetToTopic = new io.clarq.datasets.clariq.ClariqDataDir(data).topics(ClariqSplit.DEV).facetToTopic();
    StringBuilder json = new StringBuilder("{");
    for (String metric : bm25.values().keySet()) {
      json.append(json.length() > 1 ? "," : "").append('"').append(metric).append("\":{");
      boolean first = true;
      for (var e : bm25.metric(metric).entrySet()) {
        String q = top.get(Integer.toString(facetToTopic.get(e.getKey()))).item();
        json.append(first ? "" : ",").append('"').append(e.getKey()).append("\":{")
            .append('"').append(q).append("\":{\"no_answer\":0.0,\"with_answer\":").append(PythonFloat.json(e.getValue()))
            .append("},\"MIN\":{\"no_answer\":0.0,\"with_answer\":")
            .append(PythonFloat.json(noQ.metric(metric).get(e.getKey())))
            .append("},\"MAX\":{\"no_answer\":1.0,\"with_answer\":1.0}}");
        first = false;
      }
      json.append('}');
    }
    table = dir.resolve("single_turn_train_eval.json");
    Files.writeString(table, json.append('}'));
  }

  private static ClariqReport evaluate(Path run) {
    return ClariqEvaluator.evaluate(data, ClariqTask.DOCUMENT_RELEVANCE, ClariqSplit.DEV, run, false, table);
  }

  @Test
  void testTopQuestionIsLookedUpPerFacet() {
    Map<String, Double> means = evaluate(data.resolve("sample_runs/dev_bm25")).means();
    for (String metric : OFFICIAL.metrics()) {
      OFFICIAL.assertFigure("dev_bm25", metric, means.get(metric));
    }
    assertThat(evaluate(data.resolve("sample_runs/dev_bm25")).officialLines()).first()
        .isEqualTo("NDCG1: " + OFFICIAL.printed("dev_bm25", "NDCG1"));
  }

  @Test
  void testUnknownQuestionAndMaxScoreTheFacetMinimum() throws Exception {
    Map<String, Double> noQ = evaluate(data.resolve("sample_runs/dev_no_q")).means();
    for (String metric : OFFICIAL.metrics()) {
      OFFICIAL.assertFigure("dev_no_q", metric, noQ.get(metric));
    }
    Path max = dir.resolve("dev_max");
    Files.writeString(max, Files.readString(data.resolve("sample_runs/dev_no_q")).replace("Q00001", "MAX"));
    assertThat(evaluate(max).means()).isEqualTo(noQ);
  }

  @Test
  void testFacetWithoutMinScoresZeroAndNonObjectsAreErrors() throws Exception {
    Path small = dir.resolve("small_table.json");
    Files.writeString(small, "{\"NDCG3\": {\"F0001\": {\"Q00002\": {\"no_answer\": 0.1, \"with_answer\": 0.5}},"
        + " \"F0002\": {\"MIN\": {\"no_answer\": 0.1, \"with_answer\": 0.25}}}}");
    var table = OfficialEvalFiles.readDocumentRelevanceTable(small);
    var gold = new io.clarq.core.clariq.ClariqTopics(java.util.List.of(row(1, "F0001"), row(1, "F0002")));
    Path run = dir.resolve("small_run");
    Files.writeString(run, "1 0 Q09999 1 1 x\n");
    // F0001 has neither Q09999 nor MIN: 0, as the official tool; F0002 falls back to its MIN
    var report = ClariqEvaluator.documentRelevance(gold, TrecRunReader.read(run, TrecRunReader.QUESTION_RUN), table,
        false);
    assertThat(report.perItem().metric("NDCG3")).containsExactly(Map.entry("F0001", 0.0), Map.entry("F0002", 0.25));
    Path notObject = dir.resolve("bad_table.json");
    Files.writeString(notObject, "{\"NDCG3\": {\"F0001\": [1, 2]}, \"P1\": 3}");
    assertThatThrownBy(() -> OfficialEvalFiles.readDocumentRelevanceTable(notObject))
        .hasMessage("document-relevance table " + notObject + ": NDCG3 / F0001: expected an object of questions, got [1,2]");
    Files.writeString(notObject, "{\"P1\": 3}");
    assertThatThrownBy(() -> OfficialEvalFiles.readDocumentRelevanceTable(notObject))
        .hasMessage("document-relevance table " + notObject + ": P1: expected an object of facets, got 3");
  }

  private static io.clarq.core.clariq.ClariqRow row(int topic, String facet) {
    return new io.clarq.core.clariq.ClariqRow(topic, "request", "desc", new io.clarq.core.clariq.ClarificationNeed(2),
        new io.clarq.core.clariq.Facet(facet, "facet " + facet), "Q00002", "question?", "answer");
  }

  @Test
  void testMissingTopicScoresZeroAndTableIsRequired() throws Exception {
    Path one = dir.resolve("dev_one_topic");
    Files.writeString(one, "101 0 Q00001 1 1 x\n");
    assertThat(evaluate(one).means().get("P1")).isLessThan(0.01);
    assertThatThrownBy(() -> ClariqEvaluator.evaluate(data, ClariqTask.DOCUMENT_RELEVANCE, ClariqSplit.DEV, one,
        false, null)).hasMessageStartingWith("document_relevance needs the official table (--table FILE");
  }
}
