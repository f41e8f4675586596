package io.clarq.retrieval.clariq.document;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;

/**
 * A Lucene index of a document collection, laid out as Anserini lays it out: the id as a stored string with doc
 * values (to break score ties by id), the text analysed with positions and term vectors (RM3 reads feedback terms
 * from them), merged into one segment. Held in memory; close it when done.
 */
public final class DocumentIndex implements AutoCloseable {
  /** The id field. */
  public static final String ID = "id";
  /** The text field. */
  public static final String CONTENTS = "contents";

  private static final FieldType TEXT = new FieldType();

  static {
    TEXT.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS);
    TEXT.setTokenized(true);
    TEXT.setStoreTermVectors(true);
    TEXT.freeze();
  }

  private final Directory directory;
  private final DirectoryReader reader;
  private final Analyzer analyzer;

  private DocumentIndex(Directory directory, DirectoryReader reader, Analyzer analyzer) {
    this.directory = directory;
    this.reader = reader;
    this.analyzer = analyzer;
  }

  /** Indexes the documents in memory with the analyzer; a repeated id is an error. */
  public static DocumentIndex build(Iterable<SourceDocument> documents, Analyzer analyzer) {
    Directory dir = new ByteBuffersDirectory();
    try {
      IndexWriterConfig config = new IndexWriterConfig(analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE);
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (SourceDocument d : documents) {
          if (!seen.add(d.id())) {
            throw new IllegalArgumentException("document id " + d.id() + " appears twice in the collection");
          }
          Document doc = new Document();
          doc.add(new StringField(ID, d.id(), Field.Store.YES));
          doc.add(new SortedDocValuesField(ID, new BytesRef(d.id())));
          doc.add(new Field(CONTENTS, d.text(), TEXT));
          writer.addDocument(doc);
        }
        writer.forceMerge(1);
      }
      return new DocumentIndex(dir, DirectoryReader.open(dir), analyzer);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot build index: " + e.getMessage(), e);
    }
  }

  /** The index reader. */
  public IndexReader reader() {
    return reader;
  }

  /** The analyzer the text was indexed with (queries must use it too). */
  public Analyzer analyzer() {
    return analyzer;
  }

  /** Number of documents. */
  public int documentCount() {
    return reader.numDocs();
  }

  /** Number of distinct terms of the text field. */
  public long uniqueTerms() {
    try {
      return org.apache.lucene.index.MultiTerms.getTerms(reader, CONTENTS).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Total number of term occurrences in the text field. */
  public long totalTerms() {
    try {
      return reader.getSumTotalTermFreq(CONTENTS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Number of documents containing the (analysed) term. */
  public int documentFrequency(String term) {
    try {
      return reader.docFreq(new Term(CONTENTS, term));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      reader.close();
      directory.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return "DocumentIndex[" + documentCount() + " documents]";
  }
}
