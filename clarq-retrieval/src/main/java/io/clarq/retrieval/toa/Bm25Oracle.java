package io.clarq.retrieval.toa;

import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.flm.Fact;
import io.clarq.retrieval.analysis.AnyTermQuery;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The offline oracle: ranks one example's candidate responses ("title: sentence") by BM25 against the question and
 * returns the best. Each example's candidates form their own small in-memory index, so BM25's document statistics
 * are those of the example's own context, as a per-example oracle sees it. Equal scores go to the candidate that
 * comes first in context order. A question with no indexed term in common with any candidate is a
 * {@link OracleAnswer.Status#NO_MATCH}.
 */
public final class Bm25Oracle implements Oracle {
  private static final String TEXT = "text";
  private static final String POSITION = "position";

  private final Analyzer analyzer = new OracleAnalyzer();
  private final BM25Similarity similarity;

  /** BM25 with Lucene's defaults, k1 1.2 and b 0.75. */
  public Bm25Oracle() {
    this(1.2f, 0.75f);
  }

  /** BM25 with the given parameters (validated by Lucene, whose message names the bad value). */
  public Bm25Oracle(float k1, float b) {
    this.similarity = new BM25Similarity(k1, b);
  }

  /** The candidates ranked for the question, best first (score, then context order); all candidates scored. */
  public List<Ranked> rank(OracleQuery q) {
    String question = q.question();
    List<Fact> candidates = q.candidates();
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      // a throw-away index of a few dozen sentences: no compound files, no merges, no commit
      IndexWriterConfig config = new IndexWriterConfig(analyzer).setSimilarity(similarity)
          .setUseCompoundFile(false).setMergePolicy(NoMergePolicy.INSTANCE).setCommitOnClose(false);
      BooleanQuery query = query(question);
      List<Ranked> ranked = new ArrayList<>();
      if (query.clauses().isEmpty()) {
        return ranked;
      }
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        for (int i = 0; i < candidates.size(); i++) {
          Document doc = new Document();
          doc.add(new TextField(TEXT, candidates.get(i).rendered(), Field.Store.NO));
          doc.add(new StoredField(POSITION, i));
          writer.addDocument(doc);
        }
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
          IndexSearcher searcher = new IndexSearcher(reader);
          searcher.setSimilarity(similarity);
          for (ScoreDoc sd : searcher.search(query, candidates.size()).scoreDocs) {
            int position = searcher.storedFields().document(sd.doc).getField(POSITION).numericValue().intValue();
            ranked.add(new Ranked(candidates.get(position), position, sd.score));
          }
        }
      }
      ranked.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparingInt(Ranked::position));
      return ranked;
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory index for example " + q.exampleId() + " failed", e);
    }
  }

  /** One scored candidate. */
  public record Ranked(Fact fact, int position, float score) {}

  @Override
  public OracleAnswer answer(OracleQuery query) {
    List<Ranked> ranked = rank(query);
    if (ranked.isEmpty()) {
      return OracleAnswer.noMatch("no candidate shares an indexed term with the question");
    }
    Ranked best = ranked.get(0);
    String next = ranked.size() > 1 ? String.format(Locale.ROOT, ", next %.4f", ranked.get(1).score()) : "";
    return OracleAnswer.answered(best.fact(), String.format(Locale.ROOT, "bm25 %.4f%s", best.score(), next));
  }

  private BooleanQuery query(String question) {
    return AnyTermQuery.of(analyzer, TEXT, question);
  }

  @Override
  public String describe() {
    return "offline-bm25(k1=" + similarity.getK1() + ",b=" + similarity.getB() + ")";
  }
}
