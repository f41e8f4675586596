package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.datasets.clariq.MultiTurnRuns;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CqMultiTurnRunTest {
  @TempDir Path dir;

  @Test
  void testFacetKeywordsDropTheRequestStopwordsAndAskingVerbs() {
    assertThat(ClariqFacetRequests.keywords("Find me information about the Ritz Carlton Lake Las Vegas.",
        "Find reviews of the Ritz Carlton Lake Las Vegas.")).isEqualTo("reviews");
    assertThat(ClariqFacetRequests.keywords("tell me about cass county missouri",
        "What was the 2008 budget for Cass County, MO?")).isEqualTo("2008 budget mo");
    assertThat(ClariqFacetRequests.keywords("dinosaurs", "Dinosaurs.")).isEqualTo("dinosaurs");
  }

  @Test
  void testTemplateQuestionsForEveryDevFacetBecomeAMultiTurnRun() {
    ClariqTopics dev = new ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.DEV);
    List<FacetRequest> requests = ClariqFacetRequests.of(dev);
    assertThat(requests).hasSize(dev.facetCount());
    Map<String, GeneratedQuestion> byFacet = new HashMap<>();
    TemplateQuestionGenerator g = new TemplateQuestionGenerator();
    requests.forEach(r -> byFacet.put(r.id(), g.generate(r)));
    List<MultiTurnRunRow> rows = CqMultiTurnRun.rows(CqMultiTurnRun.requestContexts(dev), dev, byFacet, "template");
    assertThat(rows).hasSize(dev.facetCount());
    assertThat(rows.stream().map(MultiTurnRunRow::contextId).distinct()).hasSize(50);
    MultiTurnRunRow first = rows.get(0);
    assertThat(first.contextId()).isEqualTo("101");
    assertThat(first.rank()).isEqualTo(1);
    assertThat(first.question()).isEqualTo("are you looking for resort of the ritz carlton lake las vegas?");
    Path run = dir.resolve("run.txt");
    MultiTurnRuns.write(run, rows);
    assertThat(MultiTurnRuns.read(run)).hasSize(rows.size()).first()
        .satisfies(r -> assertThat(r.question()).isEqualTo(first.question()));
  }

  private static GeneratedQuestion q(String facetId, String text, boolean satisfied, Double score) {
    return GeneratedQuestion.single(facetId, "g", new QuestionCandidate("f", text, 1, List.of(),
        satisfied ? List.of() : List.of("x"), score == null ? OptionalDouble.empty() : OptionalDouble.of(score)));
  }

  @Test
  void testRankingPutsFacetFailuresLastUsesScoresAndSkipsAskedQuestions() {
    ClariqTopics dev = new ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.DEV);
    var topic = dev.topic(101).orElseThrow();
    List<String> ids = topic.facets().stream().map(f -> f.id()).toList();
    assertThat(ids).hasSize(4);
    Map<String, GeneratedQuestion> byFacet = Map.of(
        ids.get(0), q(ids.get(0), "q0", false, -0.1),
        ids.get(1), q(ids.get(1), "q1", true, -0.9),
        ids.get(2), q(ids.get(2), "Q2", true, -0.2),
        ids.get(3), q(ids.get(3), "q3", true, -0.5));
    MultiTurnContext later = new MultiTurnContext("5-1", 101, topic.initialRequest(),
        List.of(new ConversationTurn(" q2 ", "no")));
    List<MultiTurnRunRow> rows = CqMultiTurnRun.rows(List.of(later), dev, byFacet, "t");
    assertThat(rows).extracting(MultiTurnRunRow::question).containsExactly("q3", "q1", "q0");
    assertThat(rows).extracting(MultiTurnRunRow::score).containsExactly(3.0, 2.0, 1.0);
    Map<String, GeneratedQuestion> unscored = new HashMap<>(byFacet);
    unscored.put(ids.get(3), q(ids.get(3), "q3", true, null));
    assertThat(CqMultiTurnRun.rows(List.of(later), dev, unscored, "t")).extracting(MultiTurnRunRow::question)
        .containsExactly("q1", "q3", "q0");
    Map<String, GeneratedQuestion> missing = new HashMap<>(byFacet);
    missing.remove(ids.get(1));
    assertThatThrownBy(() -> CqMultiTurnRun.rows(List.of(later), dev, missing, "t"))
        .hasMessage("facet " + ids.get(1) + " of topic 101 has no generated question");
  }
}
