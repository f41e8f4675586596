package io.clarq.core.clariq;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The official precomputed document-relevance table: metric -> facet -> question id (plus {@code MIN} and
 * {@code MAX}) -> the retrieval score of the facet's documents for the request expanded with that question, without
 * and with the user's answer. The official tool scores a run by looking up its top question per topic here.
 */
public final class DocumentRelevanceTable {
  /** The entry a question outside the table falls back to. */
  public static final String MIN = "MIN";
  /** The best question's entry; a run naming it is scored as {@link #MIN} (it would be an oracle). */
  public static final String MAX = "MAX";

  /** One cell of the table. */
  public record Cell(double noAnswer, double withAnswer) {}

  private final Map<String, Map<String, Map<String, Cell>>> cells;

  /** A table from metric -> facet -> question -> cell; order is kept. */
  public DocumentRelevanceTable(Map<String, Map<String, Map<String, Cell>>> cells) {
    Map<String, Map<String, Map<String, Cell>>> copy = new LinkedHashMap<>();
    cells.forEach((metric, facets) -> {
      Map<String, Map<String, Cell>> f = new LinkedHashMap<>();
      facets.forEach((facet, questions) -> f.put(facet, Collections.unmodifiableMap(new LinkedHashMap<>(questions))));
      copy.put(metric, Collections.unmodifiableMap(f));
    });
    this.cells = Collections.unmodifiableMap(copy);
  }

  /** The metrics, in table order (NDCG1, NDCG3, ..., MRR100 in the official tables). */
  public Iterable<String> metrics() {
    return cells.keySet();
  }

  /** The facets of a metric, in table order. */
  public Iterable<String> facets(String metric) {
    return cells.getOrDefault(metric, Map.of()).keySet();
  }

  /** The cell of a metric, facet and question, if the table has it. */
  public Optional<Cell> cell(String metric, String facet, String question) {
    Objects.requireNonNull(question, "question");
    return Optional.ofNullable(cells.getOrDefault(metric, Map.of()).getOrDefault(facet, Map.of()).get(question));
  }

  @Override
  public String toString() {
    return "DocumentRelevanceTable" + cells.keySet();
  }
}
