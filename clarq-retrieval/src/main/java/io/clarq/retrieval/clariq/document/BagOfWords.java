package io.clarq.retrieval.clariq.document;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/** Bag-of-words queries as Anserini builds them: one SHOULD clause per distinct term, boosted by its weight. */
public final class BagOfWords {
  private BagOfWords() {}

  /** Term to count, in order of first occurrence. */
  public static Map<String, Float> counts(List<String> terms) {
    Map<String, Float> counts = new LinkedHashMap<>();
    for (String t : terms) {
      counts.merge(t, 1f, Float::sum);
    }
    return counts;
  }

  /** The query: each term a SHOULD clause boosted by its weight. */
  public static Query query(String field, Map<String, Float> weights) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    weights.forEach((term, w) -> b.add(new BoostQuery(new TermQuery(new Term(field, term)), w), BooleanClause.Occur.SHOULD));
    return b.build();
  }
}
