package io.clarq.eval.kernel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fixed-size pools whose threads are named {@code <prefix><n>} (n from 1) and are daemons, so an abandoned run never
 * keeps the JVM alive.
 */
final class WorkerPools {
  private WorkerPools() {}

  /**
   * A pool of {@code threads} workers named {@code prefix + n}.
   *
   * @throws IllegalArgumentException naming the count when it is below 1
   */
  static ExecutorService fixed(int threads, String prefix) {
    if (threads < 1) {
      throw new IllegalArgumentException("illegal worker count " + threads + ": must be >= 1");
    }
    return Executors.newFixedThreadPool(threads, named(prefix));
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
