package io.clarq.retrieval.clariq.question;

import io.clarq.core.clariq.ClarifyingQuestion;
import io.clarq.core.clariq.QuestionBank;
import io.clarq.core.ir.ScoredItem;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import io.clarq.retrieval.clariq.document.DocumentIndex;
import io.clarq.retrieval.clariq.document.DocumentSearcher;
import io.clarq.retrieval.clariq.document.SourceDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/**
 * Ranks the ClariQ question bank for a request with Lucene BM25 (and optionally RM3) over the English analysis
 * chain. Ties are broken by bank order. The empty question Q00001 is left out unless the configuration asks for it.
 * Thread-safe once built; close it to free the in-memory index.
 */
public final class QuestionRanker implements AutoCloseable {
  private final QuestionBank bank;
  private final QuestionRankerConfig config;
  private final DocumentIndex index;
  private final DocumentSearcher searcher;

  /** Indexes the bank (without Q00001, whose text is empty). */
  public QuestionRanker(QuestionBank bank, QuestionRankerConfig config) {
    this.bank = Objects.requireNonNull(bank, "bank");
    this.config = Objects.requireNonNull(config, "config");
    List<SourceDocument> docs = new ArrayList<>();
    for (ClarifyingQuestion q : bank.questions()) {
      if (!q.isNoQuestion()) {
        docs.add(new SourceDocument(q.id(), q.text()));
      }
    }
    CharArraySet stops = config.stopwords() ? EnglishAnalyzer.ENGLISH_STOP_WORDS_SET : CharArraySet.EMPTY_SET;
    this.index = DocumentIndex.build(docs, EnglishAnalysis.chain(stops, true));
    this.searcher = new DocumentSearcher(index, config.bm25(), config.rm3());
  }

  /** The configuration. */
  public QuestionRankerConfig config() {
    return config;
  }

  /** The best {@code depth} questions for the query text. */
  public List<RankedQuestion> rank(String query, int depth) {
    return rank(query, depth, Set.of());
  }

  /** The best {@code depth} questions for the query text, leaving out the given question ids. */
  public List<RankedQuestion> rank(String query, int depth, Set<String> exclude) {
    if (depth <= 0) {
      throw new IllegalArgumentException("illegal depth " + depth + ": must be positive");
    }
    List<RankedQuestion> out = new ArrayList<>(depth);
    if (config.includeNoQuestion() && !exclude.contains(ClarifyingQuestion.NO_QUESTION_ID)) {
      bank.byId(ClarifyingQuestion.NO_QUESTION_ID)
          .ifPresent(q -> out.add(new RankedQuestion(q, Double.POSITIVE_INFINITY)));
    }
    if (out.size() < depth) {
      for (ScoredItem hit : searcher.search(query, depth + exclude.size())) {
        if (out.size() == depth) {
          break;
        }
        if (!exclude.contains(hit.id())) {
          out.add(new RankedQuestion(bank.byId(hit.id()).orElseThrow(), hit.score()));
        }
      }
    }
    return out;
  }

  @Override
  public void close() {
    index.close();
  }

  @Override
  public String toString() {
    return "QuestionRanker[" + config + "]";
  }
}
