package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.datasets.clarqllm.transcript.DialogueRecordJson;
import io.clarq.eval.kernel.Benchmark;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.Progress;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.kernel.RunLog;
import io.clarq.eval.kernel.RunSettings;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * ClarQ-LLM on the run kernel: an item is a trial of a task ({@link TaskTrial}; a run without trials has trial 1
 * only), playing it is one dialogue between the seeker and the provider ({@link DialogueLoop}) with the trial's seed
 * handed to both agents with every turn ({@link io.clarq.core.llm.Trials}), the item log is the transcript, and the end
 * step scores the dialogues ({@link RunScoring}). Each dialogue is scored as it ends, so the progress line can show the success rate so far.
 */
final class ClarqBenchmark implements Benchmark<TaskTrial, DialogueRecord, RunResult> {
  private final RunConfig config;
  private final Map<DialogueKey, ClarqTask> tasks = new TreeMap<>();
  private final DialogueLoop loop;
  private final RunScoring scoring;

  /** @param config the run; {@code null} only for a merge, which plays and checks nothing */
  ClarqBenchmark(RunConfig config, List<TaskTrial> selection, RunScoring scoring) {
    this.config = config;
    selection.forEach(t -> tasks.put(DialogueKey.of(t), t.task()));
    this.loop = config == null ? null : new DialogueLoop(config.seeker(), config.provider(), config.endDetection(),
        config.maxSeekerTurns(), config.recordTimings());
    this.scoring = scoring;
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
