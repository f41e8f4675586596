package io.clarq.eval.run;

import io.clarq.core.task.ClarqTask;
import io.clarq.core.transcript.DialogueRecord;
import io.clarq.datasets.transcript.DialogueRecordJson;
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
 * ClarQ-LLM on the run kernel: an item is a task, playing it is one dialogue between the seeker and the provider
 * ({@link DialogueLoop}), the item log is the transcript, and the end step scores the dialogues ({@link RunScoring}).
 * Each dialogue is scored as it ends, so the progress line can show the success rate so far.
 */
final class ClarqBenchmark implements Benchmark<ClarqTask, DialogueRecord, RunResult> {
  private final RunConfig config;
  private final Map<DialogueKey, ClarqTask> tasks = new TreeMap<>();
  private final DialogueLoop loop;
  private final RunScoring scoring;

  /** @param config the run; {@code null} only for a merge, which plays and checks nothing */
  ClarqBenchmark(RunConfig config, List<ClarqTask> selection, RunScoring scoring) {
    this.config = config;
    selection.forEach(t -> tasks.put(DialogueKey.of(t), t));
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
  public String key(ClarqTask task) {
    return DialogueKey.of(task).toString();
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
  public RunSettings settings(List<ClarqTask> selection) {
    return RunFingerprint.of(config, selection);
  }

  @Override
  public DialogueRecord play(ClarqTask task, RunLog log) {
    return loop.play(task, log::deviation);
  }

  @Override
  public void ended(ClarqTask task, DialogueRecord record, RunLog log) {
    scoring.score(task, record, log::deviation);
  }

  @Override
  public RunResult finish(RunEnd<ClarqTask, DialogueRecord> end) {
    return scoring.finish(tasks, end);
  }

  /** Tells a {@link RunListener} of the run as the kernel reports it, with the scores so far. */
  static ItemListener<ClarqTask, DialogueRecord> listener(RunListener listener, RunScoring scoring, int total) {
    return new ItemListener<>() {
      private ProgressTracker tracker;

      @Override
      public void started(Progress progress) {
        tracker = new ProgressTracker(listener, total, progress.resumed());
        tracker.started();
      }

      @Override
      public void itemDone(ClarqTask task, DialogueRecord record, Progress progress) {
        tracker.dialogueDone(record, scoring.scored(DialogueKey.of(task)));
      }

      @Override
      public void finished(Progress progress) {
        tracker.finished();
      }
    };
  }
}
