package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.eval.report.RunReport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a run produced: the benchmark's figures per language, every dialogue, and the files written.
 *
 * @param finished the finished dialogues (resumed ones included), English first, by task id; with trials, trial 1's
 *     first, then trial 2's, and so on
 * @param failed dialogues stopped by an infrastructure failure (listed apart, never scored; a resume retries them)
 * @param summaries the figures per language over the scored dialogues (the paper's numbers for the 260 test tasks);
 *     with trials, over trial 1's (the reference protocol): {@code trials} has the figures over every trial
 * @param unscored finished dialogues whose scoring failed (the judge's model unreachable): listed apart
 * @param resumed how many finished dialogues came from an earlier run in the same output directory
 * @param wallTime this run's wall time
 * @param llmCalls model calls recorded in this run's dialogues
 * @param tokens tokens recorded in this run's dialogues (0 when no client was metered)
 * @param transcript the JSONL transcript, sorted English first, by task id, at the end of the run
 * @param results the results JSON
 * @param summaryFile the Markdown summary
 * @param judge the name of the judge that decided leftover gold lines ("none": they were left unjudged)
 * @param taskTypes the names of the task types run, by type number
 * @param trials the figures across trials (pass^k, pass@k, flips, spread) when each task was played more than once;
 *     empty for a run without trials
 */
public record RunResult(List<DialogueRecord> finished, List<DialogueRecord> failed,
    Map<Language, ClarqSummary> summaries, List<Unscored> unscored, int resumed, Duration wallTime, long llmCalls,
    long tokens, Path transcript, Path results, Path summaryFile, String judge, Map<Integer, String> taskTypes,
    java.util.Optional<TrialResults> trials) {
  /** A finished dialogue the judge could not score, and why. */
  public record Unscored(Language language, TaskId taskId, String error) {
    public Unscored {
      Objects.requireNonNull(language, "language");
      Objects.requireNonNull(taskId, "taskId");
      Objects.requireNonNull(error, "error");
    }
  }

  public RunResult {
    finished = List.copyOf(finished);
    failed = List.copyOf(failed);
    summaries = Map.copyOf(summaries);
    unscored = List.copyOf(unscored);
    Objects.requireNonNull(wallTime, "wallTime");
    Objects.requireNonNull(judge, "judge");
    taskTypes = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(taskTypes));
    Objects.requireNonNull(trials, "trials");
  }

  /** The self-contained HTML report beside the results ({@link RunReport#FILE}). */
  public Path reportFile() {
    return results.resolveSibling(RunReport.FILE);
  }

  /** The per-dialogue scores of a language, by task id. */
  public List<DialogueScore> scores(Language language) {
    ClarqSummary s = summaries.get(language);
    return s == null ? List.of() : s.scores();
  }

  /** Whether every selected dialogue finished and was scored. */
  public boolean complete() {
    return failed.isEmpty() && unscored.isEmpty();
  }

  /** The Markdown summary, as written to {@link #summaryFile()}. */
  public String summary() {
    try {
      return java.nio.file.Files.readString(summaryFile, java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot read the run summary " + summaryFile, e);
    }
  }
}
