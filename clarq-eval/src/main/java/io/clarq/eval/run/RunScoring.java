package io.clarq.eval.run;

import io.clarq.core.judge.Judge;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmException;
import io.clarq.core.metrics.ClarqMetrics;
import io.clarq.core.metrics.ClarqSummary;
import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.transcript.DialogueRecord;
import io.clarq.eval.report.RunReport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The end of a run, the same for a single run and for merged shards ({@link RunMerge}): the transcript rewritten
 * sorted, every finished dialogue scored (those already scored as they ended are not asked again), the summaries per
 * language, and {@code results.json}, {@code summary.md} and {@code report.html} written. Thread-safe while dialogues are scored.
 */
final class RunScoring {
  private final Judge judge;
  private final Consumer<Deviation> deviations;
  private final Map<DialogueKey, DialogueScore> scores = new ConcurrentHashMap<>();
  private final Map<DialogueKey, String> errors = new ConcurrentHashMap<>();

  RunScoring(Judge judge, Consumer<Deviation> deviations) {
    this.judge = judge;
    this.deviations = deviations;
  }

  /** Scores a dialogue as it ends; empty when it failed or the judge could not be asked (kept as unscored). */
  Optional<DialogueScore> score(ClarqTask task, DialogueRecord record) {
    if (!record.finished()) {
      return Optional.empty();
    }
    DialogueKey key = DialogueKey.of(task);
    TurnUsage.Tally tally = TurnUsage.open();
    try (tally) {
      DialogueScore s = ClarqMetrics.score(task, record.dialogue(), judge);
      scores.put(key, s);
      return Optional.of(s);
    } catch (LlmException | RuntimeException e) {
      errors.put(key, "scoring: " + DialogueLoop.describe(e));
      return Optional.empty();
    } finally {
      tally.deviations().forEach(deviations);
    }
  }

  /**
   * Rewrites the transcript with {@code all} (sorted), scores what is not scored yet and writes the reports.
   *
   * @param tasks the run's tasks by dialogue
   * @param all every record of the run, resumed ones included
   * @param settings the settings the results JSON shows
   * @param deviations the deviations from the reference protocol the run's clients made
   */
  RunResult finish(Path out, Map<DialogueKey, ClarqTask> tasks, Map<DialogueKey, DialogueRecord> all, int resumed,
      Duration wallTime, long calls, long tokens, Map<String, String> settings, List<Deviation> deviations) {
    Path transcript = out.resolve(ClarqEvaluator.TRANSCRIPT);
    Map<DialogueKey, DialogueRecord> sorted = new TreeMap<>(all);
    ResumeState.rewrite(transcript, sorted.values());
    List<DialogueRecord> finished = new ArrayList<>();
    List<DialogueRecord> failed = new ArrayList<>();
    Map<Language, List<DialogueScore>> perLanguage = new EnumMap<>(Language.class);
    for (Map.Entry<DialogueKey, DialogueRecord> e : sorted.entrySet()) {
      DialogueRecord r = e.getValue();
      if (!r.finished()) {
        failed.add(r);
        continue;
      }
      finished.add(r);
      DialogueScore s = scores.get(e.getKey());
      if (s == null && !errors.containsKey(e.getKey())) {
        s = score(tasks.get(e.getKey()), r).orElse(null);
      }
      if (s != null) {
        perLanguage.computeIfAbsent(r.language(), l -> new ArrayList<>()).add(s);
      }
    }
    Map<Language, ClarqSummary> summaries = new EnumMap<>(Language.class);
    perLanguage.forEach((l, s) -> summaries.put(l, new ClarqSummary(s)));
    List<RunResult.Unscored> unscored = new ArrayList<>();
    new TreeMap<>(errors).forEach((k, msg) -> unscored.add(new RunResult.Unscored(k.language(), k.taskId(), msg)));
    RunResult result = new RunResult(finished, failed, summaries, unscored, resumed, wallTime, calls, tokens,
        transcript, out.resolve(ClarqEvaluator.RESULTS), out.resolve(ClarqEvaluator.SUMMARY), judge.name(),
        typeNames(tasks.values()));
    RunReports.write(result, settings, deviations);
    RunReport.write(out);
    return result;
  }

  private static Map<Integer, String> typeNames(java.util.Collection<ClarqTask> tasks) {
    Map<Integer, String> names = new TreeMap<>();
    tasks.forEach(t -> names.putIfAbsent(t.id().type(), t.typeName()));
    return names;
  }
}
