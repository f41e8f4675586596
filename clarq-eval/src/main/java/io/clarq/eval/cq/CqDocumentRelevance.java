package io.clarq.eval.cq;

import io.clarq.core.clariq.ClariqTopic;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.Facet;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.ir.ScoredItem;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.eval.retrieval.RetrievalScores;
import io.clarq.eval.retrieval.TrecEvaluation;
import io.clarq.retrieval.document.DocumentSearcher;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Document relevance of generated questions in clarq's retrieval mode (ClariQ's precomputed tables cover only bank
 * questions, and ClueWeb is not obtainable): for every facet of a topic, the user behind that facet is asked the
 * question the run puts first for the topic's context (context id = topic id, as {@link CqMultiTurnRun} writes
 * request contexts; highest score wins, ties to the later line, as the official tool picks), the collection is
 * searched with request + question + answer, and the ranking is scored against the facet's qrels with trec_eval's
 * definitions ({@link TrecEvaluation}), exactly as a ranker's selected question is scored.
 *
 * <p>Generated questions have no recorded answers, so the answer is simulated ({@link Answer}).
 */
public final class CqDocumentRelevance {
  /** How the user answers the selected question. */
  public enum Answer {
    /** No answer: the query is request + question (the official tables' {@code no_answer} column). */
    NONE,
    /**
     * The user behind facet f answers a question generated for f with f's description (a yes that restates the
     * need, as ClariQ's answers do), and any other question with "no".
     */
    FACET
  }

  private CqDocumentRelevance() {}

  /**
   * The query of every facet (facet id -> text).
   *
   * @param topics the topics and their facets
   * @param run the run; a topic without lines is asked no question
   * @param byFacetId the generated question of each facet (to know which facet a selected question was made for)
   * @param answer how the user answers
   */
  public static Map<String, String> queries(ClariqTopics topics, List<MultiTurnRunRow> run,
      Map<String, GeneratedQuestion> byFacetId, Answer answer) {
    Map<String, MultiTurnRunRow> selected = new LinkedHashMap<>();
    for (MultiTurnRunRow r : run) {
      MultiTurnRunRow best = selected.get(r.contextId());
      if (best == null || r.score() >= best.score()) {
        selected.put(r.contextId(), r);
      }
    }
    Map<String, String> queries = new LinkedHashMap<>();
    for (ClariqTopic t : topics.topics()) {
      MultiTurnRunRow row = selected.get(Integer.toString(t.id()));
      String question = row == null ? "" : row.question();
      for (Facet f : t.facets()) {
        StringBuilder q = new StringBuilder(t.initialRequest());
        if (!question.isEmpty()) {
          q.append(' ').append(question);
          if (answer == Answer.FACET) {
            GeneratedQuestion own = byFacetId.get(f.id());
            q.append(' ').append(own != null && own.question().equals(question) ? f.description() : "no");
          }
        }
        queries.put(f.id(), q.toString());
      }
    }
    return queries;
  }

  /** Searches every facet's query and scores the rankings against the qrels (facet ids as topics). */
  public static RetrievalScores evaluate(String name, DocumentSearcher searcher, Map<String, String> queries,
      RelevanceJudgments qrels, int hits) {
    Map<String, List<ScoredItem>> rankings = new LinkedHashMap<>();
    queries.forEach((facet, text) -> rankings.put(facet, searcher.search(text, hits)));
    return TrecEvaluation.score(name, rankings, qrels);
  }
}
