package io.clarq.eval.clariq.retrieval;

import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.ir.ScoredItem;
import io.clarq.datasets.trec.CacmTopicsReader;
import io.clarq.datasets.trec.QrelsReader;
import io.clarq.datasets.trec.RunRow;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import io.clarq.retrieval.clariq.document.DocumentIndex;
import io.clarq.retrieval.clariq.document.DocumentSearcher;
import io.clarq.retrieval.clariq.document.HtmlCollection;
import io.clarq.retrieval.clariq.document.RetrievalModel;
import io.clarq.retrieval.clariq.document.Rm3;
import io.clarq.retrieval.clariq.document.ScoreTies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CACM test collection indexed once (cacm.tar.gz, topics.cacm.txt, qrels.cacm.txt in one directory), ready to
 * run and score any model. Reproduces Anserini's Lucene regression with the four {@link RetrievalSetup}s.
 */
public final class CacmExperiment implements AutoCloseable {
  /** Hits per topic, as in the regression. */
  public static final int HITS = 1000;

  private final DocumentIndex index;
  private final Map<String, String> topics;
  private final RelevanceJudgments qrels;

  private CacmExperiment(DocumentIndex index, Map<String, String> topics, RelevanceJudgments qrels) {
    this.index = index;
    this.topics = topics;
    this.qrels = qrels;
  }

  /**
   * Reads and indexes the collection in {@code dir}.
   *
   * @throws IllegalArgumentException naming the file when the collection holds no document, the topics file no
   *     topic, or the judgments judge topics the topics file lacks (a truncated topics file would otherwise be
   *     scored on fewer topics in silence)
   */
  public static CacmExperiment open(Path dir) {
    for (String f : List.of("cacm.tar.gz", "topics.cacm.txt", "qrels.cacm.txt")) {
      if (!Files.isRegularFile(dir.resolve(f))) {
        throw new IllegalArgumentException("CACM directory " + dir + " has no " + f);
      }
    }
    Map<String, String> topics = CacmTopicsReader.read(dir.resolve("topics.cacm.txt"));
    RelevanceJudgments qrels = QrelsReader.read(dir.resolve("qrels.cacm.txt"));
    if (topics.isEmpty()) {
      throw new IllegalArgumentException("topics file " + dir.resolve("topics.cacm.txt") + " holds no topic");
    }
    List<String> unknown = qrels.topics().stream().filter(t -> !topics.containsKey(t)).sorted().toList();
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("topics file " + dir.resolve("topics.cacm.txt") + " holds " + topics.size()
          + " topics but " + dir.resolve("qrels.cacm.txt") + " judges " + unknown.size() + " more (first: "
          + unknown.get(0) + "); is the topics file cut short?");
    }
    DocumentIndex index = DocumentIndex.build(HtmlCollection.read(dir.resolve("cacm.tar.gz")), EnglishAnalysis.porter());
    if (index.documentCount() == 0) {
      index.close();
      throw new IllegalArgumentException("collection " + dir.resolve("cacm.tar.gz") + " holds no document");
    }
    return new CacmExperiment(index, topics, qrels);
  }

  /** One line for every output: how many documents and topics the figures rest on. */
  public String describe() {
    return index.documentCount() + " documents, " + topics.size() + " topics (" + qrels.topics().size()
        + " with judgments)";
  }

  /** The index. */
  public DocumentIndex index() {
    return index;
  }

  /** Topic id -> query text. */
  public Map<String, String> topics() {
    return topics;
  }

  /** The judgments. */
  public RelevanceJudgments qrels() {
    return qrels;
  }

  /**
   * Runs every topic (its text, or the text a {@code queries} override gives) and returns topic -> hits, with scores
   * adjusted by {@link ScoreTies#keepOrder} as Anserini writes them.
   */
  public Map<String, List<ScoredItem>> run(RetrievalModel model, Rm3 rm3, Map<String, String> queries) {
    DocumentSearcher searcher = new DocumentSearcher(index, model, rm3);
    Map<String, List<ScoredItem>> run = new LinkedHashMap<>();
    topics.forEach((id, text) -> run.put(id, ScoreTies.keepOrder(searcher.search(queries.getOrDefault(id, text), HITS))));
    return run;
  }

  /** The hits as TREC run rows (rank from 1), topic by topic. */
  public static List<RunRow> runRows(Map<String, List<ScoredItem>> hits, String tag) {
    List<RunRow> rows = new ArrayList<>();
    hits.forEach((topic, list) -> {
      for (int i = 0; i < list.size(); i++) {
        rows.add(new RunRow(0, topic, list.get(i).id(), i + 1, list.get(i).score(), tag));
      }
    });
    return rows;
  }

  /** Runs and scores a model. */
  public RetrievalScores evaluate(String name, RetrievalModel model, Rm3 rm3, Map<String, String> queries) {
    return TrecEvaluation.score(name, run(model, rm3, queries), qrels);
  }

  @Override
  public void close() {
    index.close();
  }
}
