package io.clarq.eval.toa;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.SettingsFile;
import io.clarq.core.flm.FlmExample;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.datasets.hotpotqa.FlmJsonl;
import io.clarq.eval.concurrent.WorkerPools;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link ToaPipeline} over many FLM examples at once (a bounded pool of named threads) and keeps the run in a
 * directory: {@value #CONFIG} (what was run: asker, oracle, primary model, a digest of the examples) and
 * {@value #RESULTS} (one outcome a line, appended and flushed as each example finishes). Rerunning on the same
 * directory skips finished examples; a directory holding a run of another configuration is refused. When an example
 * fails, no new example starts, the finished ones stay on disk, and the run ends with an error naming the example.
 */
public final class ToaRunner {
  /** The run's configuration file. */
  public static final String CONFIG = "toa-config.json";
  /** The per-example results file. */
  public static final String RESULTS = "toa-results.jsonl";

  private static final Logger LOG = LoggerFactory.getLogger(ToaRunner.class);
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final AtomicInteger RUNS = new AtomicInteger();

  /**
   * A finished run.
   *
   * @param summary the figures over all outcomes
   * @param outcomes one per example, in the examples' order
   * @param resumed outcomes read back from an earlier run
   * @param ran outcomes computed now
   */
  public record Result(ToaSummary summary, List<ToaOutcome> outcomes, int resumed, int ran) {}

  /**
   * Hears a run's progress, e.g. to print it (the CLI prints a line on stderr). Called from the runner's worker
   * threads; keep it quick and thread-safe.
   */
  public interface Listener {
    /** Hears nothing. */
    Listener NONE = new Listener() {};

    /** The run starts: {@code total} examples, of which {@code resumed} were finished in the directory. */
    default void started(int total, int resumed) {}

    /** One more example finished and was written to the results file. */
    default void exampleDone(ToaOutcome outcome) {}
  }

  private final ToaPipeline pipeline;
  private final int threads;
  private final RecoveryBootstrap bootstrap;

  /**
   * A runner whose summary draws recovery intervals with {@link RecoveryBootstrap#DEFAULT}.
   *
   * @param pipeline the asker, oracle and primary model
   * @param threads how many examples run at once (the LlmClient's own in-flight bound still applies)
   */
  public ToaRunner(ToaPipeline pipeline, int threads) {
    this(pipeline, threads, RecoveryBootstrap.DEFAULT);
  }

  /**
   * @param pipeline the asker, oracle and primary model
   * @param threads how many examples run at once (the LlmClient's own in-flight bound still applies)
   * @param bootstrap how the summary draws the recovery intervals
   */
  public ToaRunner(ToaPipeline pipeline, int threads, RecoveryBootstrap bootstrap) {
    this.pipeline = java.util.Objects.requireNonNull(pipeline, "pipeline");
    if (threads < 1) {
      throw new IllegalArgumentException("illegal thread count " + threads + ": must be at least 1");
    }
    this.threads = threads;
    this.bootstrap = java.util.Objects.requireNonNull(bootstrap, "bootstrap");
  }

  /**
   * Runs (or resumes) the examples in {@code dir}.
   *
   * @throws IllegalArgumentException before anything is written, when two examples share an id (their results
   *     could not be told apart, and the run could not resume its own output)
   */
  public Result run(List<FlmExample> examples, Path dir) throws IOException {
    return run(examples, dir, Listener.NONE);
  }

  /**
   * Runs (or resumes) the examples in {@code dir}, telling {@code listener} as each example finishes.
   *
   * @throws IllegalArgumentException before anything is written, when two examples share an id
   */
  public Result run(List<FlmExample> examples, Path dir, Listener listener) throws IOException {
    java.util.Objects.requireNonNull(listener, "listener");
    Map<String, Integer> positions = new java.util.HashMap<>();
    for (int i = 0; i < examples.size(); i++) {
      Integer before = positions.putIfAbsent(examples.get(i).id(), i);
      if (before != null) {
        throw new IllegalArgumentException("example id \"" + examples.get(i).id() + "\" appears twice (examples "
            + (before + 1) + " and " + (i + 1) + " of " + examples.size() + "); each example needs its own id");
      }
    }
    Files.createDirectories(dir);
    checkConfig(dir.resolve(CONFIG), config(examples));
    Path results = dir.resolve(RESULTS);
    Map<String, ToaOutcome> done = new ConcurrentHashMap<>(ToaResultsFile.read(results, examples));
    int resumed = done.size();
    List<FlmExample> pending = examples.stream().filter(e -> !done.containsKey(e.id())).toList();
    LOG.info("TOA run in {}: {} examples, {} already finished, {} to run on {} threads", dir, examples.size(),
        resumed, pending.size(), threads);
    listener.started(examples.size(), resumed);
    runAll(pending, results, done, listener);
    List<ToaOutcome> outcomes = examples.stream().map(e -> done.get(e.id())).toList();
    return new Result(ToaSummary.of(outcomes, bootstrap), outcomes, resumed, pending.size());
  }

  private void runAll(List<FlmExample> pending, Path results, Map<String, ToaOutcome> done, Listener listener)
      throws IOException {
    if (pending.isEmpty()) {
      return;
    }
    ExecutorService pool = WorkerPools.fixed(Math.min(threads, pending.size()),
        "toa-" + RUNS.incrementAndGet() + "-worker-");
    AtomicReference<Exception> failure = new AtomicReference<>();
    AtomicReference<String> failedExample = new AtomicReference<>();
    try (Writer out = Files.newBufferedWriter(results, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND)) {
      for (FlmExample e : pending) {
        pool.execute(() -> {
          if (failure.get() != null) {
            return;
          }
          try {
            ToaOutcome outcome = pipeline.run(e);
            synchronized (out) {
              out.write(ToaOutcomeJson.toLine(outcome));
              out.write('\n');
              out.flush();
            }
            done.put(e.id(), outcome);
            listener.exampleDone(outcome);
          } catch (Exception ex) {
            if (failure.compareAndSet(null, ex)) {
              failedExample.set(e.id());
            }
          }
        });
      }
      pool.shutdown();
      awaitQuietly(pool);
    } finally {
      pool.shutdownNow();
    }
    if (failure.get() != null) {
      throw new IOException("example " + failedExample.get() + " failed: " + failure.get().getMessage()
          + "; " + done.size() + " finished examples are kept in " + results + ", rerun to resume", failure.get());
    }
  }

  private static void awaitQuietly(ExecutorService pool) throws IOException {
    try {
      while (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
        LOG.debug("TOA run still waiting for its workers");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("TOA run interrupted", e);
    }
  }

  private ObjectNode config(List<FlmExample> examples) {
    ObjectNode c = MAPPER.createObjectNode();
    c.put("examples", examples.size());
    c.put("examples_sha256", digest(examples));
    c.put("asker", pipeline.asker().describe());
    c.put("oracle", pipeline.oracle().describe());
    c.put("primary", pipeline.primary().describe());
    if (pipeline.checksImprovability()) {
      c.put("improvability", true);
    }
    return c;
  }

  private static void checkConfig(Path file, ObjectNode wanted) throws IOException {
    List<String> diffs = SettingsFile.recordOrCompare(file, wanted);
    if (!diffs.isEmpty()) {
      throw new IOException(file + " holds a run with another configuration (" + String.join("; ", diffs)
          + "); choose another output directory or delete this one");
    }
  }

  private static String digest(List<FlmExample> examples) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (FlmExample e : examples) {
        sha.update(FlmJsonl.toLine(e).getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
