package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.datasets.clarqllm.transcript.DialogueRecordJson;
import io.clarq.eval.kernel.Benchmark;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.Progress;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.kernel.RunLog;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * ClarQ-LLM on the run kernel: an item is a trial of a task ({@link TaskTrial}; a run without trials has trial 1
 * only), playing it is one dialogue between the seeker and the provider ({@link DialogueLoop}) with the trial's seed
 * handed to both agents with every turn ({@link io.clarq.core.llm.Trials}), the item log is the transcript, and the end
 * step scores the dialogues ({@link RunScoring}). Each dialogue is scored as it ends, so the progress line can show the success rate so far;
 * with a judge that asks through a batch API the dialogues are scored together at the end, in batches.
 *
 * <p>A merge of shards ({@link ClarqEvaluator#merge}) rebuilds the judge from what the shards recorded
 * ({@link RecordedInputs}) unless one is given, records the tasks directory it read, sums the shards' forecasts and
 * adds their wall times to the results ({@link ShardTimes}).
 */
final class ClarqBenchmark implements Benchmark<TaskTrial, DialogueRecord, RunResult>, AutoCloseable {
  private final RunConfig config;
  private final Map<DialogueKey, ClarqTask> tasks = new TreeMap<>();
  private final DialogueLoop loop;
  private final RunScoring scoring;
  /** A merge's: the tasks directory it read and the judge given to it. */
  private final Path tasksDirectory;
  private final Optional<RecordedInputs.GivenJudge> givenJudge;
  /** What a merge rebuilt and closes at its end (verdict files). */
  private final List<AutoCloseable> closing = new ArrayList<>();

  /** @param config the run; the run */
  ClarqBenchmark(RunConfig config, List<TaskTrial> selection, RunScoring scoring) {
    this.config = config;
    selection.forEach(t -> tasks.put(DialogueKey.of(t), t.task()));
    this.loop = config == null ? null : new DialogueLoop(config.seeker(), config.provider(), config.endDetection(),
        config.maxSeekerTurns(), config.recordTimings());
    this.scoring = scoring;
    this.tasksDirectory = null;
    this.givenJudge = Optional.empty();
  }

  /** For merging the shards of a run of {@code selection}, read from {@code tasksDirectory}. */
  ClarqBenchmark(List<TaskTrial> selection, Path tasksDirectory, Optional<RecordedInputs.GivenJudge> givenJudge) {
    this.config = null;
    selection.forEach(t -> tasks.put(DialogueKey.of(t), t.task()));
    this.loop = null;
    this.scoring = null;
    this.tasksDirectory = tasksDirectory;
    this.givenJudge = givenJudge;
  }

  /** A merge's, scoring with the judge rebuilt for it. */
  private ClarqBenchmark(ClarqBenchmark merge, RunScoring scoring) {
    this.config = null;
    tasks.putAll(merge.tasks);
    this.loop = null;
    this.scoring = scoring;
    this.tasksDirectory = merge.tasksDirectory;
    this.givenJudge = merge.givenJudge;
  }

  @Override
  public String name() {
    return RunSettings.CLARQ_LLM;
  }

  @Override
  public String logFile() {
    return ClarqEvaluator.TRANSCRIPT;
  }

  @Override
  public String key(TaskTrial item) {
    return DialogueKey.of(item).toString();
  }

  @Override
  public String recordKey(DialogueRecord record) {
    return DialogueKey.of(record).toString();
  }

  @Override
  public boolean finished(DialogueRecord record) {
    return record.finished();
  }

  @Override
  public String toLine(DialogueRecord record) {
    return DialogueRecordJson.toLine(record);
  }

  @Override
  public DialogueRecord fromLine(String line, String where) {
    return DialogueRecordJson.fromLine(line, where);
  }

  @Override
  public void checkResumed(DialogueRecord record, String where) {
    String seeker = config.seeker().name();
    String provider = config.provider().name();
    if (!record.seeker().equals(seeker) || !record.provider().equals(provider)) {
      throw new IllegalStateException(where + ": dialogue " + recordKey(record) + " was played by seeker \""
          + record.seeker() + "\" and provider \"" + record.provider() + "\", not by this run's \"" + seeker
          + "\" and \"" + provider + "\"; it cannot be resumed or scored as this run's");
    }
  }

  @Override
  public RunSettings settings(List<TaskTrial> selection) {
    // the tasks once (their trial 1), so a run's task count and digest do not depend on its trials
    return RunFingerprint.of(config, selection.stream().filter(t -> t.trial() == 1).map(TaskTrial::task).toList());
  }

  @Override
  public DialogueRecord play(TaskTrial item, RunLog log) {
    return loop.play(item.task(), item.trial(), log::deviation);
  }

  @Override
  public void ended(TaskTrial item, DialogueRecord record, RunLog log) {
    scoring.score(item.task(), record, log::deviation);
  }

  @Override
  public RunResult finish(RunEnd<TaskTrial, DialogueRecord> end) {
    return scoring.finish(tasks, end);
  }

  @Override
  public RunSettings mergedSettings(RunSettings merged, List<Path> shards) {
    Map<String, String> recorded = new LinkedHashMap<>(merged.recorded());
    recorded.put(RunFingerprint.TASKS_DIRECTORY, tasksDirectory.toAbsolutePath().normalize().toString());
    return merged.withRecorded(recorded);
  }

  /** The judge the shards were judged by, rebuilt from their records unless one was given, and their forecasts. */
  @Override
  public ClarqBenchmark forMerge(List<Path> shards) {
    List<AutoCloseable> opened = new ArrayList<>();
    try {
      RunSettings print = RunSettings.read(shards.get(0)).orElseThrow();
      Judge judge = givenJudge.map(RecordedInputs.GivenJudge::judge).orElseGet(() -> RecordedInputs.recordedJudge(
          print, shards.get(0), shards, opened));
      ClarqBenchmark merge = new ClarqBenchmark(this, new RunScoring(judge, RecordedInputs.shardForecasts(shards)));
      merge.closing.addAll(opened);
      return merge;
    } catch (RuntimeException e) {
      opened.forEach(c -> {
        try {
          c.close();
        } catch (Exception suppressed) {
          e.addSuppressed(suppressed);
        }
      });
      throw e;
    }
  }

  /**
   * The end of a merge: the dialogues scored as one run's, with the merge's own wall time, and the shards' wall
   * times (read from their results) added to the results and summary.
   */
  @Override
  public RunResult finishMerge(RunEnd<TaskTrial, DialogueRecord> end, List<Path> shards) {
    List<ShardTimes.Time> times = new ArrayList<>();
    for (int i = 0; i < shards.size(); i++) {
      times.add(ShardTimes.of(new Shard(i + 1, shards.size()), shards.get(i)));
    }
    RunResult result = scoring.finish(tasks, new RunEnd<>(end.output(), end.items(), end.records(), 0, end.started(),
        Duration.between(end.started(), Instant.now()), times.stream().map(t -> t.wallTime().orElse(Duration.ZERO))
            .toList(), new RunSettings(RunSettings.CLARQ_LLM, end.settings().values()), end.log()));
    ShardTimes.write(result, times);
    return result;
  }

  /** Closes the verdict files a merge's judge reads. */
  @Override
  public void close() {
    IllegalStateException failed = null;
    for (int i = closing.size() - 1; i >= 0; i--) {
      try {
        closing.get(i).close();
      } catch (Exception e) {
        failed = new IllegalStateException("cannot close the merge's judge: " + e.getMessage(), e);
      }
    }
    closing.clear();
    if (failed != null) {
      throw failed;
    }
  }

  /** Tells a {@link RunListener} of the run as the kernel reports it, with the scores so far. */
  static ItemListener<TaskTrial, DialogueRecord> listener(RunListener listener, RunScoring scoring, int total) {
    return new ItemListener<>() {
      private ProgressTracker tracker;

      @Override
      public void started(Progress progress) {
        tracker = new ProgressTracker(listener, total, progress.resumed());
        tracker.started();
      }

      @Override
      public void itemDone(TaskTrial item, DialogueRecord record, Progress progress) {
        tracker.dialogueDone(record, scoring.scored(DialogueKey.of(item)));
      }

      @Override
      public void finished(Progress progress) {
        tracker.finished();
      }
    };
  }
}
