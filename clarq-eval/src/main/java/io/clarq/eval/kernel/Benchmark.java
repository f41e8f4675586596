package io.clarq.eval.kernel;

import java.nio.file.Path;
import java.util.List;

/**
 * A benchmark as the run kernel ({@link RunKernel}) runs it: its items, how to play one, how its records are kept in
 * the item log, and how to score the finished set. Everything else (the output-folder lock, the settings check,
 * resuming, durable appends, the pool, progress, stopping, shards, merging) is the kernel's; a merge asks the
 * benchmark only what it must rebuild from the shards ({@link #finishMerge}, {@link #mergedSettings}).
 *
 * <p>{@link #play} is called from many threads at once; implementations keep no state between items that could
 * make an item's record depend on which items ran before it.
 *
 * @param <I> an item (a ClarQ-LLM task, an FLM example, a ClariQ-FKw row)
 * @param <R> the record of a played item, one line of the item log
 * @param <E> what the end step returns
 */
public interface Benchmark<I, R, E> {
  /** The benchmark's name as the run config records it, e.g. {@code "toa"}. */
  String name();

  /** The item log's file name in the output directory, e.g. {@code "transcripts.jsonl"}. */
  String logFile();

  /** The item's key, unique within a selection; a record has the key of the item it was played from. */
  String key(I item);

  /** The key of the item a record was played from. */
  String recordKey(R record);

  /**
   * Whether a record is a finished item. An unfinished one (a failed dialogue) stays in the log and in the results'
   * failure counts, and a resume plays the item again. The default: every record is finished.
   */
  default boolean finished(R record) {
    return true;
  }

  /** One line of the item log (no line break). */
  String toLine(R record);

  /**
   * Reads one line of the item log.
   *
   * @param where the file and line, to begin error messages with
   * @throws IllegalArgumentException naming {@code where} when the line is not a record
   */
  R fromLine(String line, String where);

  /**
   * Refuses a record read back from the log that this run could not have written (e.g. played by another seeker),
   * with an {@link IllegalStateException} naming {@code where}. The default accepts every record.
   */
  default void checkResumed(R record, String where) {}

  /**
   * The settings of a run of {@code selection} (the whole selection, every shard's items), without the shard: the
   * kernel adds it.
   */
  RunSettings settings(List<I> selection);

  /**
   * Plays one item. A record that is not {@linkplain #finished finished} is a failure the run goes on after; an
   * exception stops the run: no new item starts, the items in flight end, the finished ones stay in the log, and
   * {@link RunKernel#run} throws {@link RunStopped}.
   */
  R play(I item, RunLog log) throws Exception;

  /**
   * Called on the worker thread once an item's record is in the log, before the listener hears of it: work that may
   * take a while and must not delay the record's write (ClarQ-LLM scores each dialogue here). An exception stops the
   * run as one from {@link #play} does. The default does nothing.
   */
  default void ended(I item, R record, RunLog log) throws Exception {}

  /** The end step: scores the records and writes the results, summary and report. */
  E finish(RunEnd<I, R> end);

  /**
   * What the benchmark must rebuild from the shards to score their merge ({@link RunKernel#merge}), given their
   * directories in shard order: ClarQ-LLM rebuilds its judge from what the shards recorded. Called once the shards
   * passed every check and before anything is written, so a shard that cannot be rebuilt from leaves nothing behind;
   * the merge then calls {@link #finishMerge} on what this returns, and closes it after when it is
   * {@link AutoCloseable} (and not this). The default is this benchmark.
   *
   * @throws IllegalArgumentException naming the shard and what is missing
   */
  default Benchmark<I, R, E> forMerge(List<Path> shards) {
    return this;
  }

  /**
   * The end step of a merge ({@link RunKernel#merge}), given the shards' directories in shard order: what the
   * benchmark must rebuild from the shards before scoring (ClarQ-LLM: its judge, from what the shards recorded, and
   * the shards' forecasts and wall times), then the end step. The default is {@link #finish}.
   */
  default E finishMerge(RunEnd<I, R> end, List<Path> shards) {
    return finish(end);
  }

  /**
   * The merged run's settings as its {@code run-config.json} keeps them, given the first shard's with the shard set
   * to 1/1 and the shards merged recorded (ClarQ-LLM records the tasks directory the merge read). The default keeps
   * them as they are.
   */
  default RunSettings mergedSettings(RunSettings merged, List<Path> shards) {
    return merged;
  }
}
