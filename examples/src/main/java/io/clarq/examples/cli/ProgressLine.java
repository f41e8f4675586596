package io.clarq.examples.cli;

import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.Progress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Progress of a long command on stderr, one line per twentieth of the work ("cq generate: 85/425 rows"), so that
 * stdout keeps only the result. Thread-safe: items may finish on several worker threads.
 */
public final class ProgressLine {
  private final PrintWriter err;
  private final String what;
  private final int total;
  private final int step;
  private final AtomicInteger done;

  /** Progress over {@code total} items of which {@code already} were done before (resumed). */
  public ProgressLine(PrintWriter err, String what, int total, int already) {
    this.err = err;
    this.what = what;
    this.total = total;
    this.step = Math.max(1, total / 20);
    this.done = new AtomicInteger(already);
  }

  /** One more item finished. */
  public void tick() {
    int n = done.incrementAndGet();
    if (n % step == 0 || n == total) {
      synchronized (err) {
        err.printf(Locale.ROOT, "%s: %d/%d%s%n", what, n, total, rateLimitNote());
        err.flush();
      }
    }
  }

  /**
   * What the run waits for at the providers' rate limits, for the end of a progress line ({@code
   *   "  [openai:gpt-4o: waiting on the provider's rate limit (429), 1.2 s more]"}); empty when it waits for none.
   */
  public static String rateLimitNote() {
    java.util.List<String> waiting = io.clarq.core.llm.pacing.RateBudgets.waiting();
    return waiting.isEmpty() ? "" : "  [" + String.join("; ", waiting) + "]";
  }

  /**
   * A run kernel listener printing {@code "WHAT: n/total"} about twenty times over a run, and the kernel's progress
   * line (resumed, failed, elapsed, time left) at its end.
   */
  public static <I, R> ItemListener<I, R> listener(PrintWriter err, String what) {
    return new ItemListener<>() {
      private ProgressLine line;

      @Override
      public void started(Progress progress) {
        line = new ProgressLine(err, what, progress.total(), progress.resumed());
      }

      @Override
      public void itemDone(I item, R record, Progress progress) {
        line.tick();
      }

      @Override
      public void finished(Progress progress) {
        synchronized (err) {
          err.println(progress.line(what));
          err.flush();
        }
      }
    };
  }
}
