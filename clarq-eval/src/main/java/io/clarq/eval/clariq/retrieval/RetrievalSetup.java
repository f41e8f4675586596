package io.clarq.eval.clariq.retrieval;

import io.clarq.retrieval.clariq.document.RetrievalModel;
import io.clarq.retrieval.clariq.document.Rm3;

/**
 * The four configurations of Anserini's CACM regression: BM25 (k1 0.9, b 0.4) and query likelihood (Dirichlet,
 * mu 1000), each alone or with RM3 (10 documents, 10 terms, weight 0.5).
 */
public enum RetrievalSetup {
  BM25("bm25", RetrievalModel.Bm25.ANSERINI, null),
  QL("ql", RetrievalModel.QueryLikelihood.ANSERINI, null),
  BM25_RM3("bm25+rm3", RetrievalModel.Bm25.ANSERINI, Rm3.ANSERINI),
  QL_RM3("ql+rm3", RetrievalModel.QueryLikelihood.ANSERINI, Rm3.ANSERINI);

  private final String id;
  private final RetrievalModel model;
  private final Rm3 rm3;

  RetrievalSetup(String id, RetrievalModel model, Rm3 rm3) {
    this.id = id;
    this.model = model;
    this.rm3 = rm3;
  }

  /** The command-line name, e.g. {@code bm25+rm3}. */
  public String id() {
    return id;
  }

  /** The ranking function. */
  public RetrievalModel model() {
    return model;
  }

  /** The RM3 settings, or null without feedback. */
  public Rm3 rm3() {
    return rm3;
  }

  /** Parses bm25, ql, bm25+rm3 or ql+rm3; the error lists them. */
  public static RetrievalSetup parse(String text) {
    for (RetrievalSetup s : values()) {
      if (s.id.equals(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown model \"" + text + "\": expected bm25, ql, bm25+rm3 or ql+rm3");
  }
}
