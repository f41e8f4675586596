package io.clarq.eval.kernel;

import java.nio.file.Path;

/**
 * A run that stopped because playing an item threw: no new item started after it, the items in flight ended, every
 * finished record stays in the item log, and no results were written. Starting the same run again resumes it.
 */
public final class RunStopped extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The key of the item whose play threw first. */
  private final String item;
  private final int finished;
  private final int failed;
  private final int total;
  private final transient Path log;

  RunStopped(String item, Throwable cause, int finished, int failed, int total, Path log) {
    super("item " + item + " failed: " + cause.getMessage() + "; " + finished + " of " + total
        + " finished items are kept in " + log + (failed == 0 ? "" : " (and " + failed + " failed ones)")
        + "; run the same command again to resume", cause);
    this.item = item;
    this.finished = finished;
    this.failed = failed;
    this.total = total;
    this.log = log;
  }

  /** The key of the item whose play threw first. */
  public String item() {
    return item;
  }

  /** Finished records in the item log, resumed ones included. */
  public int finished() {
    return finished;
  }

  /** Unfinished (failed) records this run wrote before the stop. */
  public int failed() {
    return failed;
  }

  /** The run's items. */
  public int total() {
    return total;
  }

  /** The item log. */
  public Path log() {
    return log;
  }
}
