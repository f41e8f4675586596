package io.clarq.eval.cq;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.llm.LlmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a generator over examples. Each finished question is handed to a sink at once (the CLI appends it to the
 * output file), so an interrupted run loses nothing finished; examples already done (resume) are skipped. Results
 * come back in input order.
 */
public final class CqGenerationRun {
  private static final Logger LOG = LoggerFactory.getLogger(CqGenerationRun.class);

  private CqGenerationRun() {}

  /**
   * @param examples what to generate for, in order
   * @param generator the generator (thread-safe when {@code threads} &gt; 1)
   * @param done generations finished earlier (resume), reused as they are
   * @param threads how many examples to generate at once (1 = sequentially)
   * @param sink receives each new generation as soon as it is finished (from worker threads)
   * @throws LlmException the first model failure; generations finished before it have reached the sink
   */
  public static List<CqGeneration> run(List<CqExample> examples, QuestionGenerator generator,
      List<CqGeneration> done, int threads, Consumer<CqGeneration> sink) throws LlmException {
    Objects.requireNonNull(generator, "generator");
    if (threads < 1) {
      throw new IllegalArgumentException("illegal thread count " + threads + ": must be >= 1");
    }
    Map<String, CqGeneration> byId = new HashMap<>();
    done.forEach(g -> byId.put(g.example().id(), g));
    List<CqExample> todo = examples.stream().filter(e -> !byId.containsKey(e.id())).toList();
    if (!byId.isEmpty()) {
      LOG.info("resuming: {} of {} questions already generated", examples.size() - todo.size(), examples.size());
    }
    if (threads == 1) {
      for (CqExample e : todo) {
        CqGeneration g = generate(generator, e);
        sink.accept(g);
        byId.put(e.id(), g);
      }
    } else {
      AtomicInteger n = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "clarq-cq-generate-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
      try {
        List<Future<CqGeneration>> futures = new ArrayList<>();
        for (CqExample e : todo) {
          futures.add(pool.submit(() -> {
            CqGeneration g = generate(generator, e);
            sink.accept(g);
            return g;
          }));
        }
        for (Future<CqGeneration> f : futures) {
          CqGeneration g = f.get();
          byId.put(g.example().id(), g);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LlmException("question generation interrupted", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof LlmException le) {
          throw le;
        }
        throw new IllegalStateException("question generation failed: " + e.getCause().getMessage(), e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }
    List<CqGeneration> out = new ArrayList<>(examples.size());
    for (CqExample e : examples) {
      out.add(byId.get(e.id()));
    }
    return out;
  }

  private static CqGeneration generate(QuestionGenerator generator, CqExample e) throws LlmException {
    try {
      GeneratedQuestion q = generator.generate(e.request());
      return new CqGeneration(e, q);
    } catch (LlmException ex) {
      throw new LlmException("example " + e.id() + " (topic " + e.request().topicId() + "): " + ex.getMessage(), ex);
    }
  }
}
