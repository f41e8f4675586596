package io.clarq.eval.cq;

import io.clarq.core.clariq.ClariqTopic;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.clariq.Facet;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns generated questions into ClariQ's multi-turn run format, {@code <context_id> 0 "<question>" <rank> <score>
 * <run_id>}, so a generator is scored by the same tools as a ranker. A system does not know which facet its user
 * has, so every context lists one generated question per facet of its topic, ranked: questions holding every facet
 * word first, then by the generator's own score when every facet's question has one, then in facet order. A question
 * already asked in the context's history (same text, ignoring case and surrounding space) is left out. The score
 * column is n, n-1, ..., 1 down the ranking, so the official tool's "highest score wins" picks rank 1.
 */
public final class CqMultiTurnRun {
  private CqMultiTurnRun() {}

  /** One context per topic: the request alone, named by the topic id (as single-turn ClariQ runs name topics). */
  public static List<MultiTurnContext> requestContexts(ClariqTopics topics) {
    return topics.topics().stream()
        .map(t -> new MultiTurnContext(Integer.toString(t.id()), t.id(), t.initialRequest(), List.of())).toList();
  }

  /**
   * The run rows.
   *
   * @param contexts the contexts to answer, in order
   * @param topics the topics with their facets
   * @param byFacetId the generated question of each facet ({@link ClariqFacetRequests} ids)
   * @param tag the run id (no spaces)
   * @throws IllegalArgumentException naming a context whose topic is unknown or a facet with no question
   */
  public static List<MultiTurnRunRow> rows(List<MultiTurnContext> contexts, ClariqTopics topics,
      Map<String, GeneratedQuestion> byFacetId, String tag) {
    List<MultiTurnRunRow> rows = new ArrayList<>();
    for (MultiTurnContext c : contexts) {
      ClariqTopic topic = topics.topic(c.topicId()).orElseThrow(() -> new IllegalArgumentException(
          "context " + c.contextId() + ": topic " + c.topicId() + " is not in the ClariQ topics"));
      List<GeneratedQuestion> ranked = ranked(topic, byFacetId);
      Set<String> asked = c.history().stream().map(ConversationTurn::question).map(CqMultiTurnRun::normal)
          .collect(Collectors.toSet());
      List<String> questions = ranked.stream().map(GeneratedQuestion::question)
          .filter(q -> !q.isBlank() && !asked.contains(normal(q))).distinct().toList();
      for (int i = 0; i < questions.size(); i++) {
        rows.add(new MultiTurnRunRow(0, c.contextId(), questions.get(i), i + 1, questions.size() - i, tag));
      }
    }
    return rows;
  }

  private static List<GeneratedQuestion> ranked(ClariqTopic topic, Map<String, GeneratedQuestion> byFacetId) {
    List<GeneratedQuestion> qs = new ArrayList<>();
    for (Facet f : topic.facets()) {
      GeneratedQuestion q = byFacetId.get(f.id());
      if (q == null) {
        throw new IllegalArgumentException(
            "facet " + f.id() + " of topic " + topic.id() + " has no generated question");
      }
      qs.add(q);
    }
    boolean scored = qs.stream().allMatch(q -> q.choice().score().isPresent());
    Comparator<GeneratedQuestion> order = Comparator.comparing((GeneratedQuestion q) -> !q.facetSatisfied());
    if (scored) {
      order = order.thenComparing(q -> -q.choice().score().getAsDouble());
    }
    // a stable sort keeps facet order among equals
    return qs.stream().sorted(order).toList();
  }

  private static String normal(String question) {
    return question.strip().toLowerCase(Locale.ROOT);
  }
}
