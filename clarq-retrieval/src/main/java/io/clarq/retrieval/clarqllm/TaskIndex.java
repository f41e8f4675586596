package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A task's term statistics, computed once: one TF-IDF vector per node over its text and purpose, with document
 * frequencies counted over the task's nodes, and the task's whole vocabulary (nodes and briefing). Scoring a turn is
 * then a sparse dot product in memory, no index is built per turn.
 */
final class TaskIndex {
  private final Language language;
  private final Map<String, Double> idf;
  private final double unknownIdf;
  private final Map<NodeId, Map<String, Double>> nodeVectors;
  private final Set<String> vocabulary;

  private TaskIndex(Language language, Map<String, Double> idf, double unknownIdf,
      Map<NodeId, Map<String, Double>> nodeVectors, Set<String> vocabulary) {
    this.language = language;
    this.idf = idf;
    this.unknownIdf = unknownIdf;
    this.nodeVectors = nodeVectors;
    this.vocabulary = vocabulary;
  }

  static TaskIndex build(ClarqTask task) {
    Language language = task.language();
    Map<NodeId, List<String>> docs = new LinkedHashMap<>();
    for (ResponseNode n : task.tree().nodes()) {
      String doc = n.text() + "\n" + n.purpose().orElse("");
      docs.put(n.id(), ProviderAnalyzers.terms(language, doc));
    }
    Map<String, Integer> df = new HashMap<>();
    for (List<String> terms : docs.values()) {
      for (String t : new HashSet<>(terms)) {
        df.merge(t, 1, Integer::sum);
      }
    }
    int n = docs.size();
    Map<String, Double> idf = new HashMap<>();
    df.forEach((t, d) -> idf.put(t, smoothedIdf(n, d)));
    Map<NodeId, Map<String, Double>> vectors = new LinkedHashMap<>();
    docs.forEach((id, terms) -> vectors.put(id, unitVector(termFrequencies(terms), idf, smoothedIdf(n, 0))));
    Set<String> vocabulary = new HashSet<>(df.keySet());
    var b = task.briefing();
    vocabulary.addAll(ProviderAnalyzers.terms(language, String.join("\n", b.role(), b.task(),
        String.join("\n", b.items()), String.join("\n", b.skills()), String.join("\n", b.scenes()))));
    return new TaskIndex(language, Collections.unmodifiableMap(idf), smoothedIdf(n, 0),
        Collections.unmodifiableMap(vectors), Collections.unmodifiableSet(vocabulary));
  }

  /** Smoothed inverse document frequency: a term in every node still counts a little. */
  private static double smoothedIdf(int docs, int df) {
    return Math.log((docs + 1.0) / (df + 1.0)) + 1.0;
  }

  private static Map<String, Integer> termFrequencies(List<String> terms) {
    Map<String, Integer> tf = new HashMap<>();
    for (String t : terms) {
      tf.merge(t, 1, Integer::sum);
    }
    return tf;
  }

  private static Map<String, Double> unitVector(Map<String, Integer> tf, Map<String, Double> idf, double unknown) {
    Map<String, Double> v = new HashMap<>();
    double norm = 0;
    for (var e : tf.entrySet()) {
      double w = (1 + Math.log(e.getValue())) * idf.getOrDefault(e.getKey(), unknown);
      v.put(e.getKey(), w);
      norm += w * w;
    }
    double len = Math.sqrt(norm);
    if (len > 0) {
      v.replaceAll((k, w) -> w / len);
    }
    return v;
  }

  /** The analysed query as a unit TF-IDF vector; terms the task never uses count only towards its length. */
  Map<String, Double> query(String text) {
    return unitVector(termFrequencies(ProviderAnalyzers.terms(language, text)), idf, unknownIdf);
  }

  /** Cosine similarity between a query vector and a node. */
  double score(Map<String, Double> query, NodeId node) {
    Map<String, Double> v = nodeVectors.get(node);
    if (v == null) {
      throw new IllegalArgumentException("no node \"" + node + "\" in this task's index");
    }
    double dot = 0;
    for (var e : query.entrySet()) {
      Double w = v.get(e.getKey());
      if (w != null) {
        dot += w * e.getValue();
      }
    }
    return dot;
  }

  /** How many of the query's terms the task (its nodes or the seeker's briefing) uses at all. */
  int knownTerms(Map<String, Double> query) {
    int k = 0;
    for (String t : query.keySet()) {
      if (vocabulary.contains(t)) {
        k++;
      }
    }
    return k;
  }
}
