/**
 * Retrieval-based evaluation: run a retrieval model over a TREC-style collection's topics and score the runs
 * against qrels with trec_eval's definitions (MAP, P@k, nDCG@k, MRR); the document-relevance measure clarq can
 * compute where ClariQ's precomputed tables and ClueWeb are not available.
 * Start with {@link io.clarq.eval.clariq.retrieval.TrecEvaluation}.
 */
package io.clarq.eval.clariq.retrieval;
