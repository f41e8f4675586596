package io.clarq.eval.kernel;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How far a run is.
 *
 * @param total the run's items (a shard's part)
 * @param done items with a record, resumed ones included
 * @param resumed items read back from an earlier run
 * @param failed records of this run that are not finished (failures the run went on after)
 * @param elapsed time since the run started
 * @param eta the expected time left, from this run's pace; empty before the first item ends
 */
public record Progress(int total, int done, int resumed, int failed, Duration elapsed, Optional<Duration> eta) {
  /** One line for a terminal, e.g. {@code "toa: 12/40 done (2 resumed, 1 failed), 0:31 elapsed, ~1:12 left"}. */
  public String line(String label) {
    StringBuilder sb = new StringBuilder(label).append(": ").append(done).append('/').append(total).append(" done");
    if (resumed > 0 || failed > 0) {
      sb.append(" (").append(resumed).append(" resumed, ").append(failed).append(" failed)");
    }
    sb.append(", ").append(clock(elapsed)).append(" elapsed");
    eta.ifPresent(e -> sb.append(", ~").append(clock(e)).append(" left"));
    return sb.toString();
  }

  private static String clock(Duration d) {
    long s = d.toSeconds();
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
