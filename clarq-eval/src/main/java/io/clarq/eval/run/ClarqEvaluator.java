package io.clarq.eval.run;

import io.clarq.core.prompt.PromptPackUser;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.llm.LlmException;
import io.clarq.core.metrics.ClarqMetrics;
import io.clarq.core.metrics.ClarqSummary;
import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
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
import java.util.EnumMap;
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

/**
 * Runs the ClarQ-LLM benchmark: every selected task is played between the seeker and the provider
 * ({@link DialogueLoop}), {@link RunConfig#concurrency()} dialogues at a time, each appended to
 * {@code transcripts.jsonl} the moment it ends; then every finished dialogue is scored ({@link ClarqMetrics}) and
 * {@code results.json}, {@code summary.md} and {@code report.html} are written.
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
 *     .provider(LlmProviderAgent.builder(client).model("gpt-4o").build())
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
   * @throws InterruptedException when the calling thread is interrupted; dialogues in flight are abandoned
   */
  public static RunResult run(RunConfig config) throws InterruptedException {
    long start = System.nanoTime();
    List<ClarqTask> tasks = selectTasks(config);
    Path out = config.output();
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create output directory " + out + ": " + e.getMessage(), e);
    }
    Path transcript = out.resolve(TRANSCRIPT);
    RunFingerprint fingerprint = RunFingerprint.of(config, tasks);
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
    Map<DialogueKey, DialogueRecord> resumed = ResumeState.load(transcript, byKey.keySet());
    List<ClarqTask> pending = tasks.stream().filter(t -> !resumed.containsKey(DialogueKey.of(t))).toList();

    ProgressTracker progress = new ProgressTracker(config.listener(), tasks.size(), resumed.size());
    progress.started();
    Map<DialogueKey, DialogueRecord> played = new ConcurrentHashMap<>();
    Map<DialogueKey, DialogueScore> scores = new ConcurrentHashMap<>();
    Map<DialogueKey, String> scoringErrors = new ConcurrentHashMap<>();
    DialogueLoop loop = new DialogueLoop(config.seeker(), config.provider(), config.endDetection(),
        config.maxSeekerTurns(), config.recordTimings());
    try (TranscriptWriter writer = TranscriptWriter.open(transcript)) {
      playAll(config, pending, task -> {
        DialogueRecord record = loop.play(task);
        writer.append(record);
        DialogueKey key = DialogueKey.of(task);
        played.put(key, record);
        Optional<DialogueScore> score = record.finished() ? score(task, record, config, key, scoringErrors)
            : Optional.empty();
        score.ifPresent(s -> scores.put(key, s));
        progress.dialogueDone(record, score);
      });
    }
    progress.finished();

    Map<DialogueKey, DialogueRecord> all = new TreeMap<>(resumed);
    all.putAll(played);
    ResumeState.rewrite(transcript, all.values());
    List<DialogueRecord> finished = new ArrayList<>();
    List<DialogueRecord> failed = new ArrayList<>();
    Map<Language, List<DialogueScore>> perLanguage = new EnumMap<>(Language.class);
    for (Map.Entry<DialogueKey, DialogueRecord> e : all.entrySet()) {
      DialogueRecord r = e.getValue();
      if (!r.finished()) {
        failed.add(r);
        continue;
      }
      finished.add(r);
      DialogueScore s = scores.get(e.getKey());
      if (s == null && !scoringErrors.containsKey(e.getKey())) {
        s = score(byKey.get(e.getKey()), r, config, e.getKey(), scoringErrors).orElse(null);
      }
      if (s != null) {
        perLanguage.computeIfAbsent(r.language(), l -> new ArrayList<>()).add(s);
      }
    }
    Map<Language, ClarqSummary> summaries = new EnumMap<>(Language.class);
    perLanguage.forEach((l, s) -> summaries.put(l, new ClarqSummary(s)));
    List<RunResult.Unscored> unscored = new ArrayList<>();
    new TreeMap<>(scoringErrors).forEach((k, msg) -> unscored.add(new RunResult.Unscored(k.language(), k.taskId(),
        msg)));
    RunResult result = new RunResult(finished, failed, summaries, unscored, resumed.size(),
        Duration.ofNanos(System.nanoTime() - start), progress.calls(), progress.tokens(), transcript,
        out.resolve(RESULTS), out.resolve(SUMMARY), config.judge().name(), typeNames(tasks));
    Map<String, String> settings = new LinkedHashMap<>(fingerprint.settings());
    settings.put("concurrency", String.valueOf(config.concurrency()));
    if (config.seeker() instanceof PromptPackUser<?> || config.provider() instanceof PromptPackUser<?>) {
      settings.put("prompts_comparable_with_paper", String.valueOf(config.prompts().comparableWithPaper()));
    }
    RunReports.write(result, settings);
    RunReport.write(out);
    return result;
  }

  private static Map<Integer, String> typeNames(List<ClarqTask> tasks) {
    Map<Integer, String> names = new TreeMap<>();
    tasks.forEach(t -> names.putIfAbsent(t.id().type(), t.typeName()));
    return names;
  }

  /** The tasks of the configured languages, split and selection, English first, by task id. */
  static List<ClarqTask> selectTasks(RunConfig config) {
    List<ClarqTask> out = new ArrayList<>();
    for (Language language : config.languages()) {
      List<TaskSet> sets = config.tasksDirectory().isPresent()
          ? List.of(ClarqLlmTasks.load(config.tasksDirectory().get(), language))
          : config.taskSets().stream().filter(s -> s.language() == language).toList();
      for (TaskSet set : sets) {
        set.split(config.split()).stream().filter(t -> config.selection().contains(t.id())).forEach(out::add);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no task selected: languages " + config.languages() + ", split "
          + config.split().name().toLowerCase(java.util.Locale.ROOT) + ", tasks " + config.selection());
    }
    return out;
  }

  private static Optional<DialogueScore> score(ClarqTask task, DialogueRecord record, RunConfig config,
      DialogueKey key, Map<DialogueKey, String> errors) {
    try {
      return Optional.of(ClarqMetrics.score(task, record.dialogue(), config.judge()));
    } catch (LlmException | RuntimeException e) {
      errors.put(key, "scoring: " + DialogueLoop.describe(e));
      return Optional.empty();
    }
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
