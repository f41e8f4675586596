package io.clarq.eval.cq;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.llm.LlmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
   * @throws LlmException the first model failure, naming the example; what finished before it reached the sink
   */
  public static List<CqGeneration> run(List<CqExample> examples, QuestionGenerator generator,
      List<CqGeneration> done, int threads, Consumer<CqGeneration> sink) throws LlmException {
    Objects.requireNonNull(generator, "generator");
    Map<String, CqGeneration> byId = new HashMap<>();
    done.forEach(g -> byId.put(g.example().id(), g));
    if (!byId.isEmpty()) {
      LOG.info("resuming: {} questions already generated", byId.size());
    }
    return ItemRun.run(examples, CqExample::id, byId, threads, "clarq-cq-generate", e -> {
      try {
        return new CqGeneration(e, generator.generate(e.request()));
      } catch (LlmException ex) {
        throw new LlmException("example " + e.id() + " (topic " + e.request().topicId() + "): " + ex.getMessage(),
            ex);
      }
    }, sink);
  }
}
