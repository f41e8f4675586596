package io.clarq.eval.clarqllm;

import java.util.List;

/** The forecast's percentiles: nearest rank, as its docs and the derivation script define them. */
final class NearestRank {
  private NearestRank() {}

  /** The nearest-rank percentile of {@code values}: the ceil(p n)-th smallest. */
  static double percentile(List<Double> values, double p) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values for a percentile");
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(p * v.length);
    return v[Math.max(0, Math.min(v.length, rank) - 1)];
  }
}
