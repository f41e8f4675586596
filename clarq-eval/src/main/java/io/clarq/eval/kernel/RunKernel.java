package io.clarq.eval.kernel;

import io.clarq.core.files.AtomicFiles;
import io.clarq.core.files.OutputLock;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.llm.batch.BatchPendingException;
import io.clarq.datasets.clarqllm.transcript.LineAppender;
import io.clarq.eval.kernel.WorkerPools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a {@link Benchmark}: the one loop under ClarQ-LLM, TOA and CQ runs. It owns, once for all of them:
 * <ul>
 *   <li>the output directory's lock ({@link OutputLock}): a second writer is refused, naming the holder;
 *   <li>the settings ({@link RunSettings}, {@code run-config.json}): a run into a directory holding a run of other
 *       settings is refused, naming each difference;
 *   <li>resuming: items with a finished record in the item log are skipped, failed ones played again;
 *   <li>durable appends: each record is forced to disk as its item ends, so a kill loses only items in flight;
 *   <li>usage: what each role's model calls used while an item played ({@link ItemUsage}) is kept beside its record
 *       ({@link UsageLog}), so a resume and a merge count every item once;
 *   <li>a pool of {@link Plan#concurrency()} named threads, and progress for a listener;
 *   <li>the failure policy: a failed record is counted and the run goes on; an exception from
 *       {@link Benchmark#play} stops it ({@link RunStopped}) with every finished record kept;
 *   <li>shards ({@link Shard}) and {@link #merge merging} them, one merge for every benchmark;
 *   <li>turn-synchronous play through batch APIs ({@link Plan#batches()}): an item whose play stops at a model call
 *       the batch has not answered ({@link BatchPendingException}) waits, neither failed nor finished and not
 *       written; when every item of a pass has finished or waits, {@link BatchPasses#between} sends one batch per
 *       model with the next call of every waiting item, and the next pass replays the waiting items from their
 *       answers and takes each one further;
 *   <li>the end step: the log rewritten in item order, then {@link Benchmark#finish}.
 * </ul>
 */
public final class RunKernel {
  private static final AtomicInteger RUNS = new AtomicInteger();

  /**
   * Where and how a run goes.
   *
   * @param output the output directory (created when missing)
   * @param shard the part of the selection this run plays
   * @param concurrency items played at once, at least 1
   * @param threadName the stem of the pool threads' names: {@code "clarq-toa"} gives {@code clarq-toa3-worker-1}
   * @param batches the batch clients of turn-synchronous play, when the models answer through batch APIs (the run's
   *     settings then record {@code play_mode = batch}, {@link PlayMode}); empty for synchronous play (an item that
   *     waits for a batch answer then stops the run)
   */
  public record Plan(Path output, Shard shard, int concurrency, String threadName, Optional<BatchPasses> batches) {
    public Plan {
      Objects.requireNonNull(output, "output");
      Objects.requireNonNull(shard, "shard");
      Objects.requireNonNull(threadName, "threadName");
      Objects.requireNonNull(batches, "batches");
      if (concurrency < 1) {
        throw new IllegalArgumentException("illegal concurrency " + concurrency + ": must be at least 1");
      }
    }

    /** A plan of synchronous play. */
    public Plan(Path output, Shard shard, int concurrency, String threadName) {
      this(output, shard, concurrency, threadName, Optional.empty());
    }

    /** This plan played turn-synchronously through {@code batches} ({@link BatchPasses}). */
    public Plan withBatches(BatchPasses batches) {
      return new Plan(output, shard, concurrency, threadName, Optional.of(batches));
    }
  }

  private RunKernel() {}

  /**
   * Runs (or resumes) the shard {@code plan.shard()} of {@code selection}.
   *
   * @param selection every item of the run, in its fixed order (all shards'), each key once
   * @throws IllegalArgumentException when two items share a key or the shard is empty (before anything is written)
   * @throws IllegalStateException when the output directory holds a run of other settings, or another run writes
   *     to it
   * @throws RunStopped when playing an item threw
   * @throws InterruptedException when the calling thread is interrupted; items in flight are abandoned
   */
  public static <I, R, E> E run(Benchmark<I, R, E> b, List<I> selection, Plan plan, ItemListener<I, R> listener)
      throws InterruptedException {
    Instant started = Instant.now();
    long start = System.nanoTime();
    Map<String, I> byKey = index(b, selection);
    List<I> items = plan.shard().of(selection);
    if (items.isEmpty()) {
      throw new IllegalArgumentException("shard " + plan.shard() + " of " + selection.size()
          + " selected items is empty: use fewer shards");
    }
    Path out = plan.output();
    try (OutputLock lock = lock(out)) {
      RunSettings settings = settings(b, selection, plan);
      settings.recordOrRequire(out, b.logFile());
      Path logFile = out.resolve(b.logFile());
      Map<String, R> resumed = ItemLog.resume(b, logFile, keys(b, items));
      RunLog log = new RunLog(out, RunDeviations.open(out));
      try (UsageLog usage = UsageLog.open(out, resumed.keySet())) {
        return play(b, plan, items, resumed, log, usage, settings, listener, started, start);
      }
    }
  }

  // plays the pending items of a locked, checked run and ends it (the second half of run)
  private static <I, R, E> E play(Benchmark<I, R, E> b, Plan plan, List<I> items, Map<String, R> resumed, RunLog log,
      UsageLog usage, RunSettings settings, ItemListener<I, R> listener, Instant started, long start)
      throws InterruptedException {
    Path out = plan.output();
    Path logFile = out.resolve(b.logFile());
    List<I> pending = items.stream().filter(i -> !resumed.containsKey(b.key(i))).toList();
    Tracker<I, R> tracker = new Tracker<>(b, listener, items.size(), resumed.size());
    tracker.started();
    Map<String, R> played = new ConcurrentHashMap<>();
    AtomicReference<Stop> stop = new AtomicReference<>();
    List<I> waiting = playAll(b, pending, plan, log, logFile, usage, played, stop, tracker);
    while (!waiting.isEmpty() && stop.get() == null) {
      // every item has finished or waits: one batch per model with the next call of each waiting item
      try {
        plan.batches().orElseThrow().between(waiting.size());
      } catch (io.clarq.core.llm.LlmException | RuntimeException e) {
        stop.set(new Stop("batch of " + waiting.size() + " waiting items", e));
        break;
      }
      waiting = playAll(b, waiting, plan, log, logFile, usage, played, stop, tracker);
    }
    tracker.finished();
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    if (stop.get() != null) {
      RunHistory.add(out, started, took, played.size(), plan.concurrency(), Optional.empty(),
          Optional.of("item " + stop.get().item() + ": " + stop.get().cause()));
      int failed = (int) played.values().stream().filter(r -> !b.finished(r)).count();
      throw new RunStopped(stop.get().item(), stop.get().cause(), resumed.size() + played.size() - failed, failed,
          items.size(), logFile);
    }
    Map<String, R> all = new LinkedHashMap<>();
    for (I item : items) {
      String key = b.key(item);
      R r = resumed.containsKey(key) ? resumed.get(key) : played.get(key);
      all.put(key, Objects.requireNonNull(r, () -> "no record for item " + key));
    }
    ItemLog.rewrite(b, logFile, all.values());
    usage.rewrite(all.keySet());
    RunHistory.add(out, started, took, played.size(), plan.concurrency(), Optional.of(ShardSet.digest(logFile)),
        Optional.empty());
    Duration wall = RunHistory.wallTime(out);
    return b.finish(new RunEnd<>(out, items, all, resumed.size(), started, wall, List.of(),
        settings.with("concurrency", String.valueOf(plan.concurrency())), log));
  }

  /**
   * Why {@link #run} would refuse to run {@code plan.shard()} of {@code selection} into {@code plan.output()}: the
   * same settings check, with the same reason ({@link RunSettings#refusal}); empty when it would run or resume. Writes
   * nothing.
   */
  public static <I, R, E> java.util.Optional<String> refusal(Benchmark<I, R, E> b, List<I> selection, Plan plan) {
    return settings(b, selection, plan).refusal(plan.output(), b.logFile());
  }

  // the benchmark's settings with the shard, and the play mode when it plays through batches ({@link PlayMode})
  private static <I> RunSettings settings(Benchmark<I, ?, ?> b, List<I> selection, Plan plan) {
    RunSettings s = b.settings(selection).withShard(plan.shard());
    return plan.batches().isPresent() ? s.with(PlayMode.SETTING, PlayMode.BATCH.word()) : s;
  }

  /**
   * The one merge: joins the shards of one run (each {@code --shard i/n} in its own directory) into {@code out}, which
   * then holds what one run of the whole selection writes, through the benchmark's end step for a merge
   * ({@link Benchmark#finishMerge}). Repeatable (the same shards into their merge again write nothing), digest-checked
   * (a shard's item log edited since its run ended is refused), failed shards refused ({@link ShardMerge.FailedShards},
   * naming each shard and item), settings kept; see {@link ShardMerge}.
   *
   * @param selection the run's whole selection, in order, as the shards were given it
   * @throws IllegalArgumentException when the shards do not make one run of {@code selection}, one was changed since
   *     it ran, or one holds failed items; each naming the directory
   * @throws IllegalStateException when {@code out} holds another run or another merge, or another run writes to it
   */
  public static <I, R, E> ShardMerge.Merged<E> merge(Benchmark<I, R, E> b, List<I> selection, List<Path> shards,
      Path out) {
    index(b, selection);
    return ShardMerge.merge(b, selection, shards, out);
  }

  /** Takes the output directory's lock, creating the directory; the errors name it and what is wrong. */
  public static OutputLock lock(Path out) {
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create output directory " + out + ": " + AtomicFiles.describe(e), e);
    }
    return OutputLock.acquire(out);
  }

  private static <I> Map<String, I> index(Benchmark<I, ?, ?> b, List<I> selection) {
    Map<String, I> byKey = new LinkedHashMap<>();
    Map<String, Integer> positions = new HashMap<>();
    for (int i = 0; i < selection.size(); i++) {
      String key = b.key(selection.get(i));
      Integer before = positions.putIfAbsent(key, i);
      if (before != null) {
        throw new IllegalArgumentException("item " + key + " appears twice in the selection (items " + (before + 1)
            + " and " + (i + 1) + " of " + selection.size() + "); each item needs its own id");
      }
      byKey.put(key, selection.get(i));
    }
    return byKey;
  }

  private static <I> java.util.Set<String> keys(Benchmark<I, ?, ?> b, List<I> items) {
    java.util.Set<String> keys = new java.util.HashSet<>();
    items.forEach(i -> keys.add(b.key(i)));
    return keys;
  }

  /** The first item whose play threw, and what it threw. */
  private record Stop(String item, Throwable cause) {}

  /** Whether {@code e} is a model call waiting for its batch ({@link BatchPendingException}), or caused by one. */
  public static boolean waitsForBatch(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof BatchPendingException) {
        return true;
      }
    }
    return false;
  }

  // plays the items, each on the pool; returns those waiting for a batch answer (turn-synchronous play), in order
  private static <I, R> List<I> playAll(Benchmark<I, R, ?> b, List<I> pending, Plan plan, RunLog log, Path logFile,
      UsageLog usage, Map<String, R> played, AtomicReference<Stop> stop, Tracker<I, R> tracker) throws InterruptedException {
    if (pending.isEmpty()) {
      return List.of();
    }
    java.util.Set<String> waiting = ConcurrentHashMap.newKeySet();
    ExecutorService pool = WorkerPools.fixed(Math.min(plan.concurrency(), pending.size()),
        plan.threadName() + RUNS.incrementAndGet() + "-worker-");
    List<Future<?>> futures = new ArrayList<>();
    try (LineAppender appender = LineAppender.open(logFile)) {
      for (I item : pending) {
        futures.add(pool.submit(() -> {
          if (stop.get() != null) {
            return;
          }
          R record;
          Map<String, ItemUsage.RoleTokens> used;
          ItemUsage.open();
          try {
            record = b.play(item, log);
          } catch (Exception e) {
            ItemUsage.close();
            if (plan.batches().isPresent() && waitsForBatch(e)) {
              waiting.add(b.key(item));   // neither failed nor finished: played again after the next batch
            } else {
              stop.compareAndSet(null, new Stop(b.key(item), e));
            }
            return;
          }
          used = ItemUsage.close();
          appender.append(b.toLine(record));
          usage.add(b.key(item), used);
          played.put(b.key(item), record);
          try {
            b.ended(item, record, log);
          } catch (Exception e) {
            stop.compareAndSet(null, new Stop(b.key(item), e));
          }
          tracker.done(item, record);
        }));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof RuntimeException re) {
            throw re;
          }
          if (cause instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException("item job failed: " + cause, cause);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return pending.stream().filter(i -> waiting.contains(b.key(i))).toList();
  }

  /** Counts items as they end and tells the listener, one call at a time. */
  private static final class Tracker<I, R> {
    private final Benchmark<I, R, ?> b;
    private final ItemListener<I, R> listener;
    private final int total;
    private final int resumed;
    private final long start = System.nanoTime();
    private int doneNow;
    private int failed;

    Tracker(Benchmark<I, R, ?> b, ItemListener<I, R> listener, int total, int resumed) {
      this.b = b;
      this.listener = Objects.requireNonNull(listener, "listener");
      this.total = total;
      this.resumed = resumed;
    }

    synchronized void started() {
      listener.started(snapshot());
    }

    synchronized void done(I item, R record) {
      doneNow++;
      if (!b.finished(record)) {
        failed++;
      }
      listener.itemDone(item, record, snapshot());
    }

    synchronized void finished() {
      listener.finished(snapshot());
    }

    private Progress snapshot() {
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      int remaining = total - resumed - doneNow;
      Optional<Duration> eta = doneNow == 0 ? Optional.empty()
          : Optional.of(elapsed.multipliedBy(remaining).dividedBy(doneNow));
      return new Progress(total, resumed + doneNow, resumed, failed, elapsed, eta);
    }
  }
}
