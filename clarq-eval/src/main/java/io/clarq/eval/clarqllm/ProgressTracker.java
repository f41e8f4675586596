package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import java.time.Duration;
import java.util.Optional;

/** Counts a run's dialogues as they end and tells the listener, one call at a time. */
final class ProgressTracker {
  private final RunListener listener;
  private final int total;
  private final int resumed;
  private final long start = System.nanoTime();
  private int doneNow;
  private int failed;
  private int succeeded;
  private int scored;
  private long calls;
  private long tokens;

  ProgressTracker(RunListener listener, int total, int resumed) {
    this.listener = listener;
    this.total = total;
    this.resumed = resumed;
  }

  synchronized void started() {
    listener.started(snapshot());
  }

  /** A dialogue of this run ended; {@code score} is empty when it failed or could not be scored. */
  synchronized void dialogueDone(DialogueRecord record, Optional<DialogueScore> score) {
    doneNow++;
    if (!record.finished()) {
      failed++;
    }
    score.ifPresent(s -> {
      scored++;
      if (s.success().success()) {
        succeeded++;
      }
    });
    calls += record.totalLlmCalls();
    tokens += record.totalUsage().totalTokens();
    listener.dialogueDone(record, snapshot());
  }

  synchronized void finished() {
    listener.finished(snapshot());
  }

  synchronized long calls() {
    return calls;
  }

  synchronized long tokens() {
    return tokens;
  }

  private RunProgress snapshot() {
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    int remaining = total - resumed - doneNow;
    Optional<Duration> eta = doneNow == 0 ? Optional.empty()
        : Optional.of(elapsed.multipliedBy(remaining).dividedBy(doneNow));
    return new RunProgress(total, resumed + doneNow, resumed, failed, succeeded, scored, calls, tokens, elapsed, eta);
  }
}
