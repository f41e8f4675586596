package io.clarq.retrieval.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.TermQuery;

/**
 * A question as a query that any of its terms can match: the question analysed with the index's own chain, each
 * token (repeats included) one SHOULD clause, so BM25 scores a candidate by the question's terms it holds. The
 * offline oracle and the offline MediQ patient both rank facts this way.
 */
public final class AnyTermQuery {
  private AnyTermQuery() {}

  /**
   * The query over {@code field} for {@code question}, analysed by {@code analyzer}.
   *
   * @throws UncheckedIOException when the analyzer fails, naming the question
   */
  public static BooleanQuery of(Analyzer analyzer, String field, String question) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    try (TokenStream ts = analyzer.tokenStream(field, question)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        b.add(new TermQuery(new Term(field, term.toString())), BooleanClause.Occur.SHOULD);
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysing question \"" + question + "\" failed", e);
    }
    return b.build();
  }
}
