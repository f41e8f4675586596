package io.clarq.eval.cq;

import io.clarq.core.llm.LlmException;
import io.clarq.eval.concurrent.WorkerPools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs a model-backed step over items, on one thread or a named pool: items already done (resume) are skipped, each
 * new result goes to the sink as soon as it exists, results come back in item order, and the first model failure
 * ends the run after what was finished reached the sink.
 */
final class ItemRun {
  /** One step. */
  @FunctionalInterface
  interface Step<I, O> {
    O apply(I item) throws LlmException;
  }

  private ItemRun() {}

  static <I, O> List<O> run(List<I> items, Function<I, String> idOf, Map<String, O> done, int threads,
      String threadName, Step<I, O> step, Consumer<O> sink) throws LlmException {
    if (threads < 1) {
      throw new IllegalArgumentException("illegal thread count " + threads + ": must be >= 1");
    }
    Map<String, O> byId = new ConcurrentHashMap<>(done);
    List<I> pending = items.stream().filter(i -> !byId.containsKey(idOf.apply(i))).toList();
    Step<I, O> recorded = item -> {
      O out = step.apply(item);
      sink.accept(out);
      byId.put(idOf.apply(item), out);
      return out;
    };
    if (threads == 1) {
      for (I item : pending) {
        recorded.apply(item);
      }
    } else {
      ExecutorService pool = WorkerPools.fixed(threads, threadName + "-");
      try {
        List<Future<O>> futures = new ArrayList<>();
        for (I item : pending) {
          futures.add(pool.submit(() -> recorded.apply(item)));
        }
        for (Future<O> f : futures) {
          f.get();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LlmException(threadName + " interrupted", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof LlmException le) {
          throw le;
        }
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException(threadName + " failed: " + e.getCause(), e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }
    List<O> out = new ArrayList<>(items.size());
    for (I item : items) {
      out.add(byId.get(idOf.apply(item)));
    }
    return out;
  }
}
