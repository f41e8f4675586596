package io.clarq.retrieval.clariq.document;

/**
 * RM3 pseudo-relevance feedback settings, defaults as Anserini's: first pass of 50 hits, 10 feedback documents,
 * 10 feedback terms, original query weight 0.5; feedback terms of 2-20 characters of [a-z0-9] found in at most 10%
 * of the documents.
 *
 * @param firstPassHits hits retrieved before feedback
 * @param feedbackDocs top documents used as feedback
 * @param feedbackTerms terms kept per feedback document and in the final model
 * @param originalQueryWeight weight of the original query in the interpolation, 0-1
 * @param maxDocumentFrequencyRatio feedback terms found in a larger share of documents are dropped
 */
public record Rm3(
    int firstPassHits, int feedbackDocs, int feedbackTerms, float originalQueryWeight, float maxDocumentFrequencyRatio) {
  /** Anserini's defaults. */
  public static final Rm3 ANSERINI = new Rm3(50, 10, 10, 0.5f, 0.1f);

  public Rm3 {
    if (firstPassHits <= 0 || feedbackDocs <= 0 || feedbackTerms <= 0) {
      throw new IllegalArgumentException("illegal RM3 sizes: hits " + firstPassHits + ", docs " + feedbackDocs
          + ", terms " + feedbackTerms + ": must be positive");
    }
    if (!(originalQueryWeight >= 0 && originalQueryWeight <= 1)) {
      throw new IllegalArgumentException("illegal original query weight " + originalQueryWeight + ": must be 0-1");
    }
    if (!(maxDocumentFrequencyRatio > 0 && maxDocumentFrequencyRatio <= 1)) {
      throw new IllegalArgumentException("illegal document frequency ratio " + maxDocumentFrequencyRatio + ": must be in (0, 1]");
    }
  }
}
