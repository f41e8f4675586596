package io.clarq.core.toa;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A recovery ({@link Recovery}, the ratio of the dataset-level means) with its 95% bootstrap interval
 * ({@link RecoveryBootstrap}).
 *
 * @param value the recovery of all examples, empty when R(x^c) = R(x^i)
 * @param ci95Low the 2.5th percentile of the resampled recoveries, empty when no resample was defined
 * @param ci95High the 97.5th percentile of the resampled recoveries, empty when no resample was defined
 * @param bootstrap how the interval was drawn
 * @param undefinedResamples resamples whose R(x^c) = R(x^i), left out of the percentiles
 */
public record RecoveryEstimate(
    OptionalDouble value, OptionalDouble ci95Low, OptionalDouble ci95High, RecoveryBootstrap bootstrap,
    int undefinedResamples) {
  public RecoveryEstimate {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(ci95Low, "ci95Low");
    Objects.requireNonNull(ci95High, "ci95High");
    Objects.requireNonNull(bootstrap, "bootstrap");
    if (ci95Low.isPresent() != ci95High.isPresent()
        || ci95Low.isPresent() && !(ci95Low.getAsDouble() <= ci95High.getAsDouble())) {
      throw new IllegalArgumentException("illegal recovery interval [" + ci95Low + ", " + ci95High + "]");
    }
    if (undefinedResamples < 0 || undefinedResamples > bootstrap.resamples()) {
      throw new IllegalArgumentException("illegal undefined resample count " + undefinedResamples
          + ": must be in [0, " + bootstrap.resamples() + "]");
    }
  }

  /** {@code "0.8449 (95% CI 0.7912 to 0.8950)"}, or {@code "undefined"} when R(x^c) = R(x^i). */
  @Override
  public String toString() {
    if (value.isEmpty()) {
      return "undefined (complete = incomplete)";
    }
    String ci = ci95Low.isPresent()
        ? String.format(Locale.ROOT, "95%% CI %.4f to %.4f", ci95Low.getAsDouble(), ci95High.getAsDouble())
        : "95% CI undefined";
    return String.format(Locale.ROOT, "%.4f (%s)", value.getAsDouble(), ci);
  }
}
