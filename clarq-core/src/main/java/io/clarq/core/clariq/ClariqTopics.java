package io.clarq.core.clariq;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The rows of one labelled ClariQ file and the topics they form. Topics keep the order of their first row; a
 * topic's label and request come from its first row (the official tool's {@code drop_duplicates('topic_id')}).
 */
public final class ClariqTopics {
  private final List<ClariqRow> rows;
  private final Map<Integer, ClariqTopic> topics;
  private final Map<String, Integer> facetToTopic;

  /** Groups the rows into topics; an empty list is an error. */
  public ClariqTopics(List<ClariqRow> rows) {
    this.rows = List.copyOf(rows);
    if (this.rows.isEmpty()) {
      throw new IllegalArgumentException("a ClariQ file must hold at least one row");
    }
    Map<Integer, List<ClariqRow>> grouped = new LinkedHashMap<>();
    Map<String, Integer> facets = new LinkedHashMap<>();
    for (ClariqRow r : this.rows) {
      grouped.computeIfAbsent(r.topicId(), k -> new ArrayList<>()).add(r);
      facets.put(r.facet().id(), r.topicId()); // last row wins, as pandas' to_dict does
    }
    Map<Integer, ClariqTopic> built = new LinkedHashMap<>();
    grouped.forEach((id, group) -> {
      ClariqRow first = group.get(0);
      Map<String, Facet> topicFacets = new LinkedHashMap<>();
      Set<String> questions = new LinkedHashSet<>();
      for (ClariqRow r : group) {
        topicFacets.putIfAbsent(r.facet().id(), r.facet());
        questions.add(r.questionId());
      }
      built.put(id, new ClariqTopic(id, first.initialRequest(), first.topicDescription(), first.need(),
          List.copyOf(topicFacets.values()), questions));
    });
    this.topics = Collections.unmodifiableMap(built);
    this.facetToTopic = Collections.unmodifiableMap(facets);
  }

  /** All rows in file order. */
  public List<ClariqRow> rows() {
    return rows;
  }

  /** Topics in the order of their first row. */
  public List<ClariqTopic> topics() {
    return List.copyOf(topics.values());
  }

  /** Topics by ascending id (the order of the official tool's per-topic output). */
  public SortedMap<Integer, ClariqTopic> topicsById() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(topics));
  }

  /** The topic with this id. */
  public Optional<ClariqTopic> topic(int id) {
    return Optional.ofNullable(topics.get(id));
  }

  /** Facet id to topic id, for every facet in the file, in file order. */
  public Map<String, Integer> facetToTopic() {
    return facetToTopic;
  }

  /** Number of distinct facets. */
  public int facetCount() {
    return facetToTopic.size();
  }

  @Override
  public String toString() {
    return "ClariqTopics[" + rows.size() + " rows, " + topics.size() + " topics, " + facetToTopic.size() + " facets]";
  }
}
