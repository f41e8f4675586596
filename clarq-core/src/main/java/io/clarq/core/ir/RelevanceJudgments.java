package io.clarq.core.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Relevance judgments (qrels): for each topic, the judged documents and their relevance grade. A grade of 1 or
 * more is relevant (trec_eval's default level); 0 and negative grades are judged non-relevant.
 */
public final class RelevanceJudgments {
  private final Map<String, Map<String, Integer>> byTopic;

  /** Judgments from topic -> document -> grade; the maps are copied, keeping their order. */
  public RelevanceJudgments(Map<String, Map<String, Integer>> byTopic) {
    Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
    byTopic.forEach((t, docs) -> copy.put(t, Collections.unmodifiableMap(new LinkedHashMap<>(docs))));
    this.byTopic = Collections.unmodifiableMap(copy);
  }

  /** The judged topics in file order. */
  public Set<String> topics() {
    return byTopic.keySet();
  }

  /** The judged documents of a topic (empty when the topic is not judged). */
  public Map<String, Integer> of(String topic) {
    return byTopic.getOrDefault(topic, Map.of());
  }

  /** Number of relevant documents (grade at least 1) of a topic. */
  public int relevantCount(String topic) {
    return (int) of(topic).values().stream().filter(g -> g >= 1).count();
  }

  /** Total number of judgments. */
  public int size() {
    return byTopic.values().stream().mapToInt(Map::size).sum();
  }

  @Override
  public String toString() {
    return "RelevanceJudgments[" + byTopic.size() + " topics, " + size() + " judgments]";
  }
}
