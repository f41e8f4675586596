package io.clarq.core.llm.route;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * What one server of an {@link EndpointPool} did.
 *
 * @param endpoint the server, without credentials
 * @param calls attempts sent to it
 * @param failures attempts that failed (connection refused, timeout, HTTP error, ...)
 * @param benched how many times it was benched for failing repeatedly
 * @param totalLatency summed wall time of its successful attempts
 */
public record EndpointStats(String endpoint, long calls, long failures, long benched, Duration totalLatency) {
  public EndpointStats {
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(totalLatency, "totalLatency");
    if (calls < 0 || failures < 0 || failures > calls || benched < 0) {
      throw new IllegalArgumentException("illegal endpoint stats for " + endpoint + ": calls " + calls
          + ", failures " + failures + ", benched " + benched);
    }
  }

  /** Mean latency of its successful attempts, zero when none succeeded. */
  public Duration meanLatency() {
    long ok = calls - failures;
    return ok == 0 ? Duration.ZERO : totalLatency.dividedBy(ok);
  }

  /** One line, e.g. {@code http://10.0.0.5:8000/v1: 2,911 calls, 3 failed, benched 1x, mean 412 ms}. */
  public String summary() {
    return String.format(Locale.ROOT, "%s: %,d calls, %,d failed, benched %dx, mean %,d ms", endpoint, calls,
        failures, benched, meanLatency().toMillis());
  }
}
