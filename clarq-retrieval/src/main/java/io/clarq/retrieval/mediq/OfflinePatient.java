package io.clarq.retrieval.mediq;

import io.clarq.core.mediq.Exchange;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.Patient;
import io.clarq.retrieval.analysis.AnyTermQuery;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 * The offline MediQ patient: no model. Each case's atomic facts (the data set's, numbered as in the file) form a
 * small in-memory Lucene index (English analysis: stopwords, Porter stemming; BM25, k1 1.2, b 0.75); a question is
 * answered with its best-scoring fact, and with the next ones (up to {@code maxFacts}) that score at least half as
 * well, verbatim, one a line. A question sharing no indexed term with any fact gets the "cannot answer" line, as
 * the reference's patients say it. How often it agrees with the reference's FactSelect patient is measured, not
 * assumed (docs/mediq.md).
 */
public final class OfflinePatient implements Patient {
  private static final String TEXT = "text";
  private static final String POSITION = "position";

  private final String cannotAnswer;
  private final int maxFacts;
  private final Analyzer analyzer = EnglishAnalysis.porter();
  private final BM25Similarity similarity = new BM25Similarity(1.2f, 0.75f);

  /**
   * @param cannotAnswer what the patient says when no fact answers (the reference pack's line, or another)
   * @param maxFacts the most facts one answer holds (at least 1)
   */
  public OfflinePatient(String cannotAnswer, int maxFacts) {
    this.cannotAnswer = Objects.requireNonNull(cannotAnswer, "cannotAnswer");
    if (maxFacts < 1) {
      throw new IllegalArgumentException("illegal max facts " + maxFacts + ": must be at least 1");
    }
    this.maxFacts = maxFacts;
  }

  @Override
  public Consultation start(MediqCase c) {
    return new Consultation() {
      @Override
      public String initialInfo() {
        return c.context().isEmpty() ? "" : c.context().get(0);
      }

      @Override
      public String respond(String question, List<Exchange> history) {
        List<String> facts = answer(c, question);
        return facts.isEmpty() ? cannotAnswer : String.join("\n", facts);
      }

      @Override
      public Optional<List<String>> facts() {
        return Optional.of(c.facts());
      }
    };
  }

  /** The facts that answer {@code question}, best first; empty when none shares an indexed term with it. */
  public List<String> answer(MediqCase c, String question) {
    List<String> facts = c.facts();
    BooleanQuery query = query(question);
    List<String> out = new ArrayList<>();
    if (query.clauses().isEmpty() || facts.isEmpty()) {
      return out;
    }
    IndexWriterConfig config = new IndexWriterConfig(analyzer).setSimilarity(similarity).setUseCompoundFile(false)
        .setMergePolicy(NoMergePolicy.INSTANCE).setCommitOnClose(false);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory(); IndexWriter writer = new IndexWriter(dir, config)) {
      for (int i = 0; i < facts.size(); i++) {
        Document doc = new Document();
        doc.add(new TextField(TEXT, facts.get(i), Field.Store.NO));
        doc.add(new StoredField(POSITION, i));
        writer.addDocument(doc);
      }
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setSimilarity(similarity);
        ScoreDoc[] hits = searcher.search(query, facts.size()).scoreDocs;
        for (ScoreDoc sd : hits) {
          if (out.size() == maxFacts || sd.score < hits[0].score / 2) {
            break;
          }
          out.add(facts.get(searcher.storedFields().document(sd.doc).getField(POSITION).numericValue().intValue()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory index of case " + c.id() + "'s facts failed", e);
    }
    return out;
  }

  private BooleanQuery query(String question) {
    return AnyTermQuery.of(analyzer, TEXT, question);
  }
}
