package io.clarq.core.llm.openai;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds a blocking call on the calling thread: at the deadline one timer thread interrupts the caller, once, unless
 * {@link #end()} came first. {@link #end()} says whether the deadline struck, and clears the interrupt it caused, so
 * an interrupt from anyone else is never mistaken for the deadline nor swallowed.
 *
 * <p>Why not {@code HttpClient.sendAsync(...).get(timeout)}: the JDK's {@code sendAsync} hands every completed
 * exchange to {@code CompletableFuture}'s default executor, which on a machine of one or two cores (the common
 * pool's parallelism below 2) starts a new thread for each call. The synchronous {@code send} does not; this class
 * gives it the same whole-attempt bound.
 */
final class AttemptDeadline {
  private static final int RUNNING = 0;
  private static final int DONE = 1;
  private static final int FIRING = 2;
  private static final int FIRED = 3;
  private static final int CLEARED = 4;

  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private final Thread caller;
  private final AtomicInteger state = new AtomicInteger(RUNNING);
  private final ScheduledFuture<?> task;

  private AttemptDeadline(Duration after) {
    this.caller = Thread.currentThread();
    this.task = TIMER.schedule(this::fire, after.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** A deadline {@code after} from now for the calling thread. */
  static AttemptDeadline start(Duration after) {
    return new AttemptDeadline(after);
  }

  /**
   * Ends the bound; whether the deadline struck first (its interrupt of the calling thread is then cleared). Call it
   * from the thread that started the deadline; calling it again gives the same answer.
   */
  boolean end() {
    if (state.compareAndSet(RUNNING, DONE)) {
      task.cancel(false);
      return false;
    }
    if (state.get() == DONE) {
      return false;
    }
    while (state.get() == FIRING) {
      Thread.onSpinWait();   // the timer is between claiming the deadline and interrupting: nanoseconds
    }
    if (state.compareAndSet(FIRED, CLEARED)) {
      Thread.interrupted();
    }
    return true;
  }

  private void fire() {
    if (state.compareAndSet(RUNNING, FIRING)) {
      caller.interrupt();
      state.set(FIRED);
    }
  }

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread thread = new Thread(r, "clarq-llm-attempt-deadline");
      thread.setDaemon(true);
      return thread;
    });
    t.setRemoveOnCancelPolicy(true);   // a deadline met is forgotten at once, not kept until it would have struck
    return t;
  }
}
