package io.clarq.core.ir;

import java.util.List;

/**
 * Weighted precision, recall and F1 over the classes, and the per-class breakdown they average.
 *
 * @param precision support-weighted mean of per-class precision
 * @param recall support-weighted mean of per-class recall
 * @param f1 support-weighted mean of per-class F1 (not the harmonic mean of the two above)
 * @param classes per class, by ascending label
 */
public record ClassificationScores(double precision, double recall, double f1, List<ClassScore> classes) {
  public ClassificationScores {
    classes = List.copyOf(classes);
  }
}
