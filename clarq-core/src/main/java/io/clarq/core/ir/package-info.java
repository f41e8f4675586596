/**
 * Ranking and classification metrics as pure functions: ClariQ's Recall@k with the official tie rule,
 * scikit-learn's weighted precision/recall/F1, trec_eval's AP, P@k, nDCG@k and reciprocal rank, exact means, and
 * Python's shortest round-trip printing of numbers.
 * Start with {@link io.clarq.core.ir.TrecMetrics}, {@link io.clarq.core.ir.QuestionRecall} and
 * {@link io.clarq.core.ir.WeightedClassification}.
 */
package io.clarq.core.ir;
