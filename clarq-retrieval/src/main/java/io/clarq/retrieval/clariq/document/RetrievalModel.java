package io.clarq.retrieval.clariq.document;

import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.similarities.LMDirichletSimilarity;
import org.apache.lucene.search.similarities.Similarity;

/** A ranking function: BM25 or query likelihood with Dirichlet smoothing, as Lucene implements them. */
public sealed interface RetrievalModel {
  /** The Lucene similarity. */
  Similarity similarity();

  /**
   * Okapi BM25 (Lucene's, with its lossy length norms); Anserini's defaults are k1 0.9, b 0.4.
   *
   * @param k1 term-frequency saturation, non-negative
   * @param b length normalisation, 0-1
   */
  record Bm25(float k1, float b) implements RetrievalModel {
    /** Anserini's default BM25 (k1 0.9, b 0.4). */
    public static final Bm25 ANSERINI = new Bm25(0.9f, 0.4f);

    public Bm25 {
      if (!Float.isFinite(k1) || k1 < 0) {
        throw new IllegalArgumentException("illegal k1 value: " + k1 + ", must be a non-negative finite value");
      }
      if (Float.isNaN(b) || b < 0 || b > 1) {
        throw new IllegalArgumentException("illegal b value: " + b + ", must be between 0 and 1");
      }
    }

    @Override
    public Similarity similarity() {
      return new BM25Similarity(k1, b);
    }

    @Override
    public String toString() {
      return "bm25(k1=" + k1 + ",b=" + b + ")";
    }
  }

  /**
   * Query likelihood with Dirichlet smoothing (Lucene's LMDirichletSimilarity); Anserini's default mu is 1000.
   *
   * @param mu the Dirichlet prior, positive
   */
  record QueryLikelihood(float mu) implements RetrievalModel {
    /** Anserini's default query likelihood (mu 1000). */
    public static final QueryLikelihood ANSERINI = new QueryLikelihood(1000f);

    public QueryLikelihood {
      if (!Float.isFinite(mu) || mu <= 0) {
        throw new IllegalArgumentException("illegal mu value: " + mu + ", must be a positive finite value");
      }
    }

    @Override
    public Similarity similarity() {
      return new LMDirichletSimilarity(mu);
    }

    @Override
    public String toString() {
      return "ql(mu=" + mu + ")";
    }
  }
}
