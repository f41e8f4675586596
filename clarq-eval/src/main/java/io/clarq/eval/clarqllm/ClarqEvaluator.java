package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.metrics.ClarqMetrics;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.llm.LlmOutageException;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.RunStopped;
import io.clarq.eval.kernel.ShardMerge;
import io.clarq.eval.kernel.ShardSet;
import io.clarq.eval.report.RunReport;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs the ClarQ-LLM benchmark: every selected task is played between the seeker and the provider
 * ({@link DialogueLoop}), {@link RunConfig#trials()} times (trial t with seed 8848 + t - 1),
 * {@link RunConfig#concurrency()} dialogues at a time, each appended to
 * {@code transcripts.jsonl} the moment it ends; then every finished dialogue is scored ({@link ClarqMetrics}) and
 * {@code results.json}, {@code summary.md} and {@code report.html} are written.
 *
 * <p>The loop is the run kernel's ({@link RunKernel}); this class supplies ClarQ-LLM's part of it. One writer per
 * output directory: a run holds {@code run.lock} in it from start to end, and a second run on the
 * same directory is refused at once, naming the holder's process ({@link io.clarq.core.files.OutputLock}); a run killed by any means
 * leaves no lock behind. {@link RunConfig#shard()} plays a part of the selection; {@link #merge} joins the parts.
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
    List<TaskTrial> selection = TaskTrial.of(selectTasks(config), config.trials());
    RunScoring scoring = new RunScoring(config.judge(), config.forecast());
    ClarqBenchmark benchmark = new ClarqBenchmark(config, selection, scoring);
    int total = config.shard().of(selection).size();
    try {
      RunKernel.Plan plan = new RunKernel.Plan(config.output(), config.shard(), config.concurrency(), "clarq-run");
      return RunKernel.run(benchmark, selection, config.batches().map(plan::withBatches).orElse(plan),
          ClarqBenchmark.listener(config.listener(), scoring, total));
    } catch (RunStopped stop) {
      if (stop.getCause() instanceof OutageStop outage) {
        throw new OutageStop("run stopped: " + outage.getMessage() + ". " + stop.finished() + " of " + total
            + " dialogues finished and are kept in " + stop.log() + (stop.failed() == 0 ? "" : ", " + stop.failed()
            + " failed before the stop") + "; the other " + (total - stop.finished()) + " are left for a resume: "
            + "start the same command again once the server answers", (LlmOutageException) outage.getCause());
      }
      throw stop;
    }
  }

  /**
   * Why {@link #run} would refuse {@code config}'s output directory, in the words the run refuses with (it holds a run
   * of other settings, each difference named; or a transcript without its settings); empty when the run would start
   * or resume. Writes nothing: {@code clarq run --dry-run} checks this before it forecasts a resume.
   *
   * @throws IllegalArgumentException when no task is selected or a task file is malformed, as {@link #run} would
   */
  public static Optional<String> resumeRefusal(RunConfig config) {
    List<TaskTrial> selection = TaskTrial.of(selectTasks(config), config.trials());
    ClarqBenchmark benchmark = new ClarqBenchmark(config, selection, new RunScoring(config.judge(),
        config.forecast()));
    return RunKernel.refusal(benchmark, selection, new RunKernel.Plan(config.output(), config.shard(),
        config.concurrency(), "clarq-run"));
  }

  /**
   * Joins the shards of one run ({@link RunConfig#shard()}, each in its own directory) into {@code out} through the
   * kernel's one merge ({@link RunKernel#merge}): repeatable, digest-checked, failed shards refused, settings kept.
   * The tasks and the judge come from the shards' {@code run-config.json} ({@link RecordedInputs}) unless given: the
   * tasks are checked against the shards' digest, the judge against their judge. The merged results hold the shards'
   * wall times (their sum and the longest) beside the merge's own.
   *
   * <pre>{@code
   * ShardMerge.Merged<RunResult> m = ClarqEvaluator.merge(
   *     ShardMerge.shardDirectories(List.of(Path.of("runs/exp")), Path.of("runs/exp-all")),
   *     Path.of("runs/exp-all"), Optional.empty(), Optional.empty());
   * }</pre>
   *
   * @param tasks the tasks directory the shards ran, when not the recorded one
   * @param judge the judge for dialogues the verbatim check cannot decide, when not rebuilt from the record (its
   *     description must be the shards' judge setting)
   * @throws IllegalArgumentException naming the directory and the problem when the shards do not make one run, one
   *     changed since it ran or holds failed dialogues ({@link ShardMerge.FailedShards}), or their config does not
   *     record what the merge needs and the caller did not give it
   * @throws IllegalStateException when the output directory holds another run or another merge (naming the
   *     difference), or another process writes to it
   */
  public static ShardMerge.Merged<RunResult> merge(List<Path> shards, Path out, Optional<Path> tasks,
      Optional<RecordedInputs.GivenJudge> judge) {
    List<Path> byIndex = ShardSet.check(RunSettings.CLARQ_LLM, shards);
    RunSettings first = RunSettings.read(byIndex.get(0)).orElseThrow();
    RecordedInputs.checkGiven(first, byIndex.get(0), judge);
    Path tasksDir = tasks.orElseGet(() -> RecordedInputs.recordedTasks(first, byIndex.get(0)));
    List<TaskTrial> selection = TaskTrial.of(RecordedInputs.selection(first, byIndex.get(0), tasksDir),
        RunFingerprint.trials(first));
    return RunKernel.merge(new ClarqBenchmark(selection, tasksDir, judge), selection, shards, out);
  }

  /** Merges the shards with everything read from their recorded configuration. */
  public static ShardMerge.Merged<RunResult> merge(List<Path> shards, Path out) {
    return merge(shards, out, Optional.empty(), Optional.empty());
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
}
