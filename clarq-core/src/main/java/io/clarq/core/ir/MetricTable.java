package io.clarq.core.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-item scores of several metrics (metric -> topic or facet id -> value), in insertion order, the shape of the
 * official ClariQ tool's {@code --out_file}; {@link #means()} gives the exact mean of each metric.
 */
public final class MetricTable {
  private final Map<String, Map<String, Double>> values = new LinkedHashMap<>();

  /** Records one value; the error names a repeated metric/id pair or a non-finite value. */
  public MetricTable put(String metric, String id, double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("illegal value " + value + " for " + metric + " of " + id);
    }
    if (values.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(id, value) != null) {
      throw new IllegalArgumentException(metric + " of " + id + " recorded twice");
    }
    return this;
  }

  /** Metric -> id -> value, read-only. */
  public Map<String, Map<String, Double>> values() {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    values.forEach((m, v) -> out.put(m, Collections.unmodifiableMap(v)));
    return Collections.unmodifiableMap(out);
  }

  /** The values of one metric by id (empty when unknown). */
  public Map<String, Double> metric(String metric) {
    return Collections.unmodifiableMap(values.getOrDefault(metric, Map.of()));
  }

  /** The exact mean of every metric, in metric order (Python's statistics.mean). */
  public Map<String, Double> means() {
    Map<String, Double> out = new LinkedHashMap<>();
    values.forEach((m, v) -> out.put(m, ExactMean.of(v.values())));
    return Collections.unmodifiableMap(out);
  }

  @Override
  public String toString() {
    return "MetricTable" + values.keySet();
  }
}
