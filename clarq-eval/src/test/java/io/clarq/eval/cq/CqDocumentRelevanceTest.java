package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.eval.clariq.retrieval.RetrievalScores;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import io.clarq.retrieval.clariq.document.DocumentIndex;
import io.clarq.retrieval.clariq.document.DocumentSearcher;
import io.clarq.retrieval.clariq.document.RetrievalModel;
import io.clarq.retrieval.clariq.document.SourceDocument;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Template questions for ClariQ dev topic 101, through the multi-turn run, into retrieval-mode document relevance. */
class CqDocumentRelevanceTest {
  private static final String REQUEST = "Find me information about the Ritz Carlton Lake Las Vegas.";

  @Test
  void testGeneratedQuestionsAreScoredLikeARankersSelectedQuestion() {
    ClariqTopics dev = new ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.DEV);
    ClariqTopics topic = new ClariqTopics(dev.rows().stream().filter(r -> r.topicId() == 101).toList());
    Map<String, GeneratedQuestion> byFacet = new HashMap<>();
    ClariqFacetRequests.of(topic).forEach(r -> byFacet.put(r.id(), new TemplateQuestionGenerator().generate(r)));
    List<MultiTurnRunRow> run = CqMultiTurnRun.rows(CqMultiTurnRun.requestContexts(topic), topic, byFacet, "t");
    String asked = "are you looking for resort of the ritz carlton lake las vegas?";
    assertThat(run.get(0).question()).isEqualTo(asked);

    Map<String, String> withAnswers =
        CqDocumentRelevance.queries(topic, run, byFacet, CqDocumentRelevance.Answer.ORACLE_FACET);
    assertThat(withAnswers).containsOnlyKeys("F0010", "F0011", "F0012", "F0013");
    assertThat(withAnswers.get("F0010"))
        .isEqualTo(REQUEST + " " + asked + " Find information about the Ritz Carlton resort at Lake Las Vegas.");
    assertThat(withAnswers.get("F0013")).isEqualTo(REQUEST + " " + asked + " no");
    Map<String, String> noAnswers = CqDocumentRelevance.queries(topic, run, byFacet, CqDocumentRelevance.Answer.NONE);
    assertThat(noAnswers.get("F0012")).isEqualTo(REQUEST + " " + asked);
    assertThat(CqDocumentRelevance.queries(topic, List.of(), byFacet, CqDocumentRelevance.Answer.ORACLE_FACET)
        .get("F0011")).isEqualTo(REQUEST);
    // the default: the human answer the data records for that facet and question (this generated question is not in
    // the data: no answer, no facet description)
    Map<String, String> human = CqDocumentRelevance.queries(topic, run, byFacet, CqDocumentRelevance.Answer.HUMAN);
    assertThat(human.values()).allMatch(q -> q.equals(REQUEST + " " + asked));
    var row = topic.rows().stream().filter(r -> r.facet().id().equals("F0012")).findFirst().orElseThrow();
    List<MultiTurnRunRow> bankRun = List.of(new MultiTurnRunRow(1, "101", row.question(), 1, 1.0, "t"));
    Map<String, String> recorded = CqDocumentRelevance.queries(topic, bankRun, byFacet, CqDocumentRelevance.Answer.HUMAN);
    assertThat(recorded.get("F0012")).isEqualTo(REQUEST + " " + row.question() + " " + row.answer());
    assertThat(recorded.values()).noneMatch(q -> q.contains("Find information about the Ritz Carlton resort"));
    assertThat(CqDocumentRelevance.label("t", CqDocumentRelevance.Answer.ORACLE_FACET)).contains("ORACLE UPPER BOUND");
    assertThat(CqDocumentRelevance.label("t", CqDocumentRelevance.Answer.HUMAN)).isEqualTo("t [answers: human]");

    List<SourceDocument> docs = List.of(
        new SourceDocument("d1", "The Ritz Carlton resort and spa at Lake Las Vegas, a resort on the lake."),
        new SourceDocument("d2", "Room price and availability at the Ritz Carlton: check rates and book a room."),
        new SourceDocument("d3", "Directions to the Ritz Carlton Lake Las Vegas from the airport, with a map."),
        new SourceDocument("d4", "Guest reviews of the Ritz Carlton Lake Las Vegas, rated by travellers."));
    RelevanceJudgments qrels = new RelevanceJudgments(Map.of("F0010", Map.of("d1", 1), "F0011", Map.of("d2", 1),
        "F0012", Map.of("d3", 1), "F0013", Map.of("d4", 1)));
    try (DocumentIndex index = DocumentIndex.build(docs, EnglishAnalysis.porter())) {
      DocumentSearcher searcher = new DocumentSearcher(index, new RetrievalModel.Bm25(0.9f, 0.4f), null);
      RetrievalScores s = CqDocumentRelevance.evaluate("template", searcher, withAnswers, qrels, 10);
      assertThat(s.topics()).isEqualTo(4);
      assertThat(s.means().keySet()).first().isEqualTo("NDCG3");
      Map<String, Double> rr = s.perTopic().metric("MRR100");
      // the user with the asked-about facet says so and finds the resort page first; the others answered "no"
      assertThat(rr.get("F0010")).isEqualTo(1.0);
      assertThat(rr.get("F0011")).isLessThan(1.0);
      assertThat(s.mean("MRR100")).isBetween(0.0, 1.0);
    }
  }
}
