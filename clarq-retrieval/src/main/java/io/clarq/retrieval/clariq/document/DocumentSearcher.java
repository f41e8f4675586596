package io.clarq.retrieval.clariq.document;

import io.clarq.core.ir.ScoredItem;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;

/**
 * Searches a {@link DocumentIndex} with a bag-of-words query under a retrieval model, optionally expanded with RM3.
 * Hits are ordered by score, ties broken by ascending document id (as Anserini does).
 */
public final class DocumentSearcher {
  private static final Sort SCORE_THEN_ID =
      new Sort(SortField.FIELD_SCORE, new SortField(DocumentIndex.ID, SortField.Type.STRING));

  private final DocumentIndex index;
  private final RetrievalModel model;
  private final Rm3 rm3;
  private final IndexSearcher searcher;

  /**
   * A searcher of the index.
   *
   * @param rm3 RM3 settings, or null for no feedback
   */
  public DocumentSearcher(DocumentIndex index, RetrievalModel model, Rm3 rm3) {
    this.index = Objects.requireNonNull(index, "index");
    this.model = Objects.requireNonNull(model, "model");
    this.rm3 = rm3;
    this.searcher = new IndexSearcher(index.reader());
    this.searcher.setSimilarity(model.similarity());
  }

  /** The best {@code hits} documents for the query text, best first; an empty query yields no hits. */
  public List<ScoredItem> search(String queryText, int hits) {
    if (hits <= 0) {
      throw new IllegalArgumentException("illegal number of hits " + hits + ": must be positive");
    }
    Map<String, Float> counts =
        BagOfWords.counts(EnglishAnalysis.terms(index.analyzer(), DocumentIndex.CONTENTS, queryText));
    if (counts.isEmpty()) {
      return List.of();
    }
    try {
      Query query = BagOfWords.query(DocumentIndex.CONTENTS, counts);
      if (rm3 != null) {
        TopDocs first = searcher.search(query, rm3.firstPassHits(), SCORE_THEN_ID, true);
        Map<String, Float> expanded = new Rm3Expander(index.reader(), DocumentIndex.CONTENTS, rm3)
            .expand(counts, first.scoreDocs);
        query = BagOfWords.query(DocumentIndex.CONTENTS, expanded);
      }
      TopDocs top = searcher.search(query, hits, SCORE_THEN_ID, true);
      StoredFields stored = index.reader().storedFields();
      List<ScoredItem> out = new ArrayList<>(top.scoreDocs.length);
      for (ScoreDoc sd : top.scoreDocs) {
        out.add(new ScoredItem(stored.document(sd.doc).get(DocumentIndex.ID), sd.score));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("search failed: " + e.getMessage(), e);
    }
  }

  /** The model searched with. */
  public RetrievalModel model() {
    return model;
  }

  @Override
  public String toString() {
    return "DocumentSearcher[" + model + (rm3 == null ? "" : "+" + rm3) + "]";
  }
}
