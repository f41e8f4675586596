package io.clarq.eval.cq;

import io.clarq.core.clariq.ClariqRow;
import io.clarq.core.clariq.ClariqTopic;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.Facet;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.ir.ScoredItem;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.eval.clariq.retrieval.RetrievalScores;
import io.clarq.eval.clariq.retrieval.TrecEvaluation;
import io.clarq.retrieval.clariq.document.DocumentSearcher;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Document relevance of generated questions in clarq's retrieval mode (ClariQ's precomputed tables cover only bank
 * questions, and ClueWeb is not obtainable): for every facet of a topic, the user behind that facet is asked the
 * question the run puts first for the topic's context (context id = topic id, as {@link CqMultiTurnRun} writes
 * request contexts; highest score wins, ties to the later line, as the official tool picks), the collection is
 * searched with request + question + answer, and the ranking is scored against the facet's qrels with ClariQ's
 * measures under trec_eval's definitions ({@link TrecEvaluation#CLARIQ_MEASURES}: NDCG3 first, ..., MRR100, MAP).
 *
 * <p>The answer is by default the one the data records for that facet's user and that question ({@link
 * Answer#HUMAN}); a query holding the gold facet description ({@link Answer#ORACLE_FACET}) is an oracle upper
 * bound, never the default, and {@link #label} marks it in every output.
 */
public final class CqDocumentRelevance {
  /** How the user answers the selected question. */
  public enum Answer {
    /**
     * The human answer from the data: when the selected question is one the data asked the user behind facet f
     * (same text), the answer recorded for it; otherwise no answer (request + question).
     */
    HUMAN,
    /** No answer: the query is request + question (the official tables' {@code no_answer} column). */
    NONE,
    /**
     * Oracle upper bound, never a result: the user behind facet f answers a question generated for f with f's gold
     * description, and any other question with "no". The gold facet description leaks into the query.
     */
    ORACLE_FACET;

    /** Parses {@code human}, {@code none} or {@code oracle-facet}; the error lists them. */
    public static Answer parse(String text) {
      for (Answer a : values()) {
        if (a.id().equals(text)) {
          return a;
        }
      }
      throw new IllegalArgumentException("unknown answer mode \"" + text + "\": expected human, none or oracle-facet"
          + " (an upper bound that puts the gold facet description into the query)");
    }

    /** The command-line name: {@code human}, {@code none}, {@code oracle-facet}. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /** What every output names a run of this answer mode: the oracle mode says it is an upper bound. */
  public static String label(String run, Answer answer) {
    return answer == Answer.ORACLE_FACET
        ? run + " [ORACLE UPPER BOUND: the gold facet description is in the query]" : run + " [answers: " + answer.id()
        + "]";
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
    Map<String, String> recorded = new HashMap<>(); // facet id + question text -> the first answer recorded
    for (ClariqRow r : topics.rows()) {
      recorded.putIfAbsent(r.facet().id() + "\t" + r.question(), r.answer());
    }
    Map<String, String> queries = new LinkedHashMap<>();
    for (ClariqTopic t : topics.topics()) {
      MultiTurnRunRow row = selected.get(Integer.toString(t.id()));
      String question = row == null ? "" : row.question();
      for (Facet f : t.facets()) {
        StringBuilder q = new StringBuilder(t.initialRequest());
        if (!question.isEmpty()) {
          q.append(' ').append(question);
          if (answer == Answer.ORACLE_FACET) {
            GeneratedQuestion own = byFacetId.get(f.id());
            q.append(' ').append(own != null && own.question().equals(question) ? f.description() : "no");
          } else if (answer == Answer.HUMAN) {
            String a = recorded.get(f.id() + "\t" + question);
            if (a != null && !a.isEmpty()) {
              q.append(' ').append(a);
            }
          }
        }
        queries.put(f.id(), q.toString());
      }
    }
    return queries;
  }

  /**
   * Searches every facet's query and scores the rankings against the qrels (facet ids as topics) with ClariQ's
   * measures; {@code name} should come from {@link #label} so that an oracle run says so.
   */
  public static RetrievalScores evaluate(String name, DocumentSearcher searcher, Map<String, String> queries,
      RelevanceJudgments qrels, int hits) {
    Map<String, List<ScoredItem>> rankings = new LinkedHashMap<>();
    queries.forEach((facet, text) -> rankings.put(facet, searcher.search(text, hits)));
    return TrecEvaluation.score(name, rankings, qrels, TrecEvaluation.CLARIQ_MEASURES);
  }
}
