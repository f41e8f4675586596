package io.clarq.eval.clarqllm;

import java.time.Duration;
import java.util.Optional;

/**
 * Where a run stands, for a progress display.
 *
 * @param total dialogues selected
 * @param done dialogues with a result: finished now or earlier (resumed), or failed now
 * @param resumed finished dialogues found in the output directory and not run again
 * @param failed dialogues that failed for infrastructure reasons in this run (retried on the next resume)
 * @param succeeded finished dialogues scored successful so far
 * @param scored finished dialogues scored so far
 * @param llmCalls model calls recorded so far (this run's dialogues)
 * @param tokens tokens recorded so far (this run's dialogues; 0 when no client is metered)
 * @param elapsed time since this run started
 * @param eta estimated time to the end, from this run's pace; empty before the first dialogue of this run
 */
public record RunProgress(int total, int done, int resumed, int failed, int succeeded, int scored, long llmCalls,
    long tokens, Duration elapsed, Optional<Duration> eta) {
  public RunProgress {
    if (total < 0 || done < 0 || done > total || resumed < 0 || failed < 0 || succeeded < 0 || succeeded > scored) {
      throw new IllegalArgumentException("illegal run progress: total " + total + ", done " + done + ", resumed "
          + resumed + ", failed " + failed + ", succeeded " + succeeded + " of " + scored);
    }
  }

  /** One line for a console: "123/260 dialogues, success 40/118 (33.9%), 2 failed, 5,010 calls, ...". */
  public String line() {
    StringBuilder sb = new StringBuilder();
    sb.append(done).append('/').append(total).append(" dialogues");
    if (resumed > 0) {
      sb.append(" (").append(resumed).append(" resumed)");
    }
    sb.append(", success ").append(succeeded).append('/').append(scored);
    if (scored > 0) {
      sb.append(String.format(java.util.Locale.ROOT, " (%.1f%%)", 100.0 * succeeded / scored));
    }
    if (failed > 0) {
      sb.append(", ").append(failed).append(" failed");
    }
    sb.append(String.format(java.util.Locale.ROOT, ", %,d calls, %,d tokens, %s elapsed", llmCalls, tokens,
        format(elapsed)));
    eta.ifPresent(d -> sb.append(", ETA ").append(format(d)));
    return sb.toString();
  }

  static String format(Duration d) {
    long s = Math.max(0, d.toSeconds());
    return s >= 3600 ? String.format(java.util.Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60)
        : s >= 60 ? String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }

  @Override
  public String toString() {
    return line();
  }
}
