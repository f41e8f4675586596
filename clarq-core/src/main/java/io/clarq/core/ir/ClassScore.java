package io.clarq.core.ir;

/**
 * Precision, recall and F1 of one class, with the counts they come from.
 *
 * @param label the class label
 * @param truePositives items of this class predicted as this class
 * @param predicted items predicted as this class
 * @param support items whose gold label is this class (the class's weight)
 * @param precision truePositives / predicted, 0 when nothing was predicted
 * @param recall truePositives / support, 0 when there is no gold item
 * @param f1 2 truePositives / (support + predicted), or 2PR/(P+R) in scikit-learn 1.2's form; 0 where undefined
 */
public record ClassScore(
    int label, int truePositives, int predicted, int support, double precision, double recall, double f1) {}
