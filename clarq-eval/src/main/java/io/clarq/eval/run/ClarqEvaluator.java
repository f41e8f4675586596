package io.clarq.eval.run;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.files.OutputLock;
import io.clarq.core.metrics.ClarqMetrics;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.task.Split;
import io.clarq.core.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.transcript.TranscriptWriter;
import io.clarq.eval.concurrent.WorkerPools;
import io.clarq.eval.report.RunReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the ClarQ-LLM benchmark: every selected task is played between the seeker and the provider
 * ({@link DialogueLoop}), {@link RunConfig#concurrency()} dialogues at a time, each appended to
 * {@code transcripts.jsonl} the moment it ends; then every finished dialogue is scored ({@link ClarqMetrics}) and
 * {@code results.json}, {@code summary.md} and {@code report.html} are written.
 *
 * <p>One writer per output directory: a run holds {@code run.lock} in it from start to end, and a second run on the
 * same directory is refused at once, naming the holder's process ({@link OutputLock}); a run killed by any means
 * leaves no lock behind. {@link RunConfig#shard()} plays a part of the selection; {@link RunMerge} joins the parts.
 *
 * <p>Resuming: started again with the same config and output directory, a run skips the dialogues already finished
 * and plays the rest (failed ones included). A different config is refused with the differing setting named
 * ({@code run-config.json}). At the end the transcript is rewritten sorted (English first, by task id), so
 * deterministic agents give identical transcripts however the dialogues interleaved.
 *
 * <pre>{@code
 * RunResult result = ClarqEvaluator.run(RunConfig.builder()
 *     .tasks(Path.of("data/clarq-llm/tasks"))
 *     .seeker(mySeeker)
 *     .provider(LlmProviderAgent.builder(client.withModel("gpt-4o")).build())
 *     .output(Path.of("runs/my-seeker"))
 *     .build());
 * ClarqSummary english = result.summaries().get(Language.ENGLISH);   // success, AQD, AQL, breakdowns
 * }</pre>
 */
public final class ClarqEvaluator {
  /** The transcript's file name in the output directory. */
  public static final String TRANSCRIPT = RunReport.TRANSCRIPT;
  /** The results JSON's file name. */
  public static final String RESULTS = RunReport.RESULTS;
  /** The Markdown summary's file name. */
  public static final String SUMMARY = "summary.md";
  /** The HTML report's file name. */
  public static final String REPORT = RunReport.FILE;

  private static final AtomicInteger RUNS = new AtomicInteger();

  private ClarqEvaluator() {}

  /**
   * Runs (or resumes) the benchmark.
   *
   * @throws IllegalArgumentException when no task is selected or a task file is malformed
   * @throws IllegalStateException when the output directory holds a run with a different config
   * @throws UncheckedIOException when the output cannot be written (finished dialogues stay in the transcript)
   * @throws OutageStop when every server of a model failed a run of calls in a row
   *     ({@link io.clarq.core.llm.route.OutageBreaker}): the finished dialogues stay in the transcript, the others
   *     are left for a resume, and no results are written
   * @throws InterruptedException when the calling thread is interrupted; dialogues in flight are abandoned
   */
  public static RunResult run(RunConfig config) throws InterruptedException {
    long start = System.nanoTime();
    List<ClarqTask> selection = selectTasks(config);
    List<ClarqTask> tasks = config.shard().of(selection);
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("shard " + config.shard() + " of " + selection.size()
          + " selected dialogues is empty: use fewer shards");
    }
    Path out = config.output();
    try (OutputLock lock = lockOutput(out)) {
      Path transcript = out.resolve(TRANSCRIPT);
      RunFingerprint fingerprint = RunFingerprint.of(config, selection);
      Optional<RunFingerprint> stored = RunFingerprint.read(out);
      if (stored.isPresent()) {
        fingerprint.requireSameAs(stored.get(), out);
      } else if (Files.exists(transcript)) {
        throw new IllegalStateException("cannot run into " + out + ": it holds " + TRANSCRIPT + " but no "
            + RunFingerprint.FILE + ", so it cannot tell whether that run had the same settings; use another"
            + " output directory");
      } else {
        fingerprint.write(out);
      }
      Map<DialogueKey, ClarqTask> byKey = new TreeMap<>();
      tasks.forEach(t -> byKey.put(DialogueKey.of(t), t));
      Map<DialogueKey, DialogueRecord> resumed = ResumeState.load(transcript, byKey.keySet(), config);
      List<ClarqTask> pending = tasks.stream().filter(t -> !resumed.containsKey(DialogueKey.of(t))).toList();

      RunDeviations deviations = RunDeviations.open(out);
      ProgressTracker progress = new ProgressTracker(config.listener(), tasks.size(), resumed.size());
      progress.started();
      Map<DialogueKey, DialogueRecord> played = new ConcurrentHashMap<>();
      RunScoring scoring = new RunScoring(config.judge(), deviations::add);
      DialogueLoop loop = new DialogueLoop(config.seeker(), config.provider(), config.endDetection(),
          config.maxSeekerTurns(), config.recordTimings(), deviations::add);
      AtomicReference<OutageStop> outage = new AtomicReference<>();
      try (TranscriptWriter writer = TranscriptWriter.open(transcript)) {
        playAll(config, pending, task -> {
          if (outage.get() != null) {
            return;
          }
          DialogueRecord record;
          try {
            record = loop.play(task);
          } catch (OutageStop stop) {
            outage.compareAndSet(null, stop);
            return;
          }
          writer.append(record);
          played.put(DialogueKey.of(task), record);
          progress.dialogueDone(record, scoring.score(task, record));
        });
      }
      progress.finished();
      if (outage.get() != null) {
        long finished = resumed.size() + played.values().stream().filter(DialogueRecord::finished).count();
        long failed = played.size() - (finished - resumed.size());
        throw new OutageStop("run stopped: " + outage.get().getMessage() + ". " + finished + " of " + tasks.size()
            + " dialogues finished and are kept in " + transcript + (failed == 0 ? "" : ", " + failed + " failed before"
            + " the stop") + "; the other " + (tasks.size() - finished) + " are left for a resume: start the same "
            + "command again once the server answers", (io.clarq.core.llm.LlmOutageException) outage.get().getCause());
      }

      Map<DialogueKey, DialogueRecord> all = new TreeMap<>(resumed);
      all.putAll(played);
      Map<String, String> settings = new LinkedHashMap<>(fingerprint.settings());
      settings.put("concurrency", String.valueOf(config.concurrency()));
      return scoring.finish(out, byKey, all, resumed.size(), Duration.ofNanos(System.nanoTime() - start),
          progress.calls(), progress.tokens(), settings, deviations.all());
    }
  }

  /** Takes the output directory's lock, creating it; the errors name the directory and what is wrong. */
  static OutputLock lockOutput(Path out) {
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create output directory " + out + ": " + AtomicFiles.describe(e), e);
    }
    return OutputLock.acquire(out);
  }

  /** The tasks of the configured languages, split and selection, English first, by task id. */
  static List<ClarqTask> selectTasks(RunConfig config) {
    return selectTasks(config.tasksDirectory(), config.taskSets(), config.languages(), config.split(),
        config.selection());
  }

  /** The selected tasks from a directory (when given) or task sets, English first, by task id. */
  static List<ClarqTask> selectTasks(Optional<Path> directory, List<TaskSet> taskSets, List<Language> languages,
      Split split, TaskSelection selection) {
    List<ClarqTask> out = new ArrayList<>();
    for (Language language : languages) {
      List<TaskSet> sets = directory.isPresent()
          ? List.of(ClarqLlmTasks.load(directory.get(), language))
          : taskSets.stream().filter(s -> s.language() == language).toList();
      for (TaskSet set : sets) {
        set.split(split).stream().filter(t -> selection.contains(t.id())).forEach(out::add);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no task selected: languages " + languages + ", split "
          + split.name().toLowerCase(java.util.Locale.ROOT) + ", tasks " + selection);
    }
    return out;
  }

  /** A dialogue's work on one of the run's threads. */
  private interface DialogueJob {
    void run(ClarqTask task);
  }

  private static void playAll(RunConfig config, List<ClarqTask> pending, DialogueJob job)
      throws InterruptedException {
    if (pending.isEmpty()) {
      return;
    }
    ExecutorService pool = WorkerPools.fixed(Math.min(config.concurrency(), pending.size()),
        "clarq-run" + RUNS.incrementAndGet() + "-dialogue-");
    List<Future<?>> futures = new ArrayList<>();
    try {
      for (ClarqTask t : pending) {
        futures.add(pool.submit(() -> job.run(t)));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof RuntimeException re) {
            throw re;
          }
          throw new IllegalStateException("dialogue job failed: " + cause, cause);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
