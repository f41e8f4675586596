package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqMetrics;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmException;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.report.RunReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The end of a run, the same for a single run and for merged shards ({@link ClarqEvaluator#merge}): the transcript rewritten
 * sorted, every finished dialogue scored (those already scored as they ended are not asked again), the summaries per
 * language, and {@code results.json}, {@code summary.md} and {@code report.html} written. Thread-safe while dialogues are scored.
 */
final class RunScoring {
  private final Judge judge;
  private final Map<DialogueKey, DialogueScore> scores = new ConcurrentHashMap<>();
  private final Map<DialogueKey, String> errors = new ConcurrentHashMap<>();

  private final Optional<RunForecast> forecast;

  RunScoring(Judge judge) {
    this(judge, Optional.empty());
  }

  /** Scoring with the run's forecast, which results.json puts beside the actual. */
  RunScoring(Judge judge, Optional<RunForecast> forecast) {
    this.judge = judge;
    this.forecast = forecast;
  }

  /** Scores a dialogue as it ends; empty when it failed or the judge could not be asked (kept as unscored). */
  Optional<DialogueScore> score(ClarqTask task, DialogueRecord record, Consumer<Deviation> deviations) {
    if (!record.finished()) {
      return Optional.empty();
    }
    DialogueKey key = DialogueKey.of(record);
    TurnUsage.Tally tally = TurnUsage.open();
    // the judge's requests carry the trial's seed, as the dialogue's did
    try (tally) {
      DialogueScore s = ClarqMetrics.score(task, record.dialogue(), Judge.inTrial(judge, record.trial()));
      scores.put(key, s);
      return Optional.of(s);
    } catch (LlmException | RuntimeException e) {
      errors.put(key, "scoring: " + DialogueLoop.describe(e));
      return Optional.empty();
    } finally {
      tally.deviations().forEach(deviations);
    }
  }

  /** The score a dialogue got as it ended; empty when it failed or could not be scored. */
  Optional<DialogueScore> scored(DialogueKey key) {
    return Optional.ofNullable(scores.get(key));
  }

  /**
   * Scores what is not scored yet and writes the reports; the kernel has rewritten the transcript in order.
   *
   * @param tasks the run's tasks by dialogue
   * @param end the run: every record, resumed ones included; the settings the results JSON shows; the deviations
   *     from the reference protocol the run's clients made
   */
  RunResult finish(Map<DialogueKey, ClarqTask> tasks, RunEnd<TaskTrial, DialogueRecord> end) {
    Path out = end.output();
    Path transcript = out.resolve(ClarqEvaluator.TRANSCRIPT);
    Map<DialogueKey, DialogueRecord> sorted = new TreeMap<>();
    end.records().values().forEach(r -> sorted.put(DialogueKey.of(r), r));
    long calls = 0;
    long tokens = 0;
    for (DialogueRecord r : sorted.values()) {
      calls += r.totalLlmCalls();
      tokens += r.totalUsage().totalTokens();
    }
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
        s = score(tasks.get(e.getKey()), r, end.log()::deviation).orElse(null);
      }
      if (s != null && r.trial() == 1) {
        perLanguage.computeIfAbsent(r.language(), l -> new ArrayList<>()).add(s);
      }
    }
    Map<Language, ClarqSummary> summaries = new EnumMap<>(Language.class);
    perLanguage.forEach((l, s) -> summaries.put(l, new ClarqSummary(s)));
    List<RunResult.Unscored> unscored = new ArrayList<>();
    new TreeMap<>(errors).forEach((k, msg) -> unscored.add(new RunResult.Unscored(k.language(), k.taskId(),
        k.trial() == 1 ? msg : "trial " + k.trial() + ": " + msg)));
    int trials = tasks.keySet().stream().mapToInt(DialogueKey::trial).max().orElse(1);
    Optional<TrialResults> trialResults = trials < 2 ? Optional.empty() : Optional.of(TrialResults.of(trials,
        tasks.entrySet().stream().filter(e -> e.getKey().trial() == 1).map(Map.Entry::getValue).toList(), scores));
    RunResult result = new RunResult(finished, failed, summaries, unscored, end.resumed(), end.wallTime(), calls,
        tokens,
        transcript, out.resolve(ClarqEvaluator.RESULTS), out.resolve(ClarqEvaluator.SUMMARY), judge.name(),
        typeNames(tasks.values()), trialResults);
    RunReports.write(result, end.settings().values(), end.log().deviations(), forecast,
        scores.values().stream().mapToLong(DialogueScore::judgeCalls).sum());
    RunReport.write(out);
    return result;
  }

  private static Map<Integer, String> typeNames(java.util.Collection<ClarqTask> tasks) {
    Map<Integer, String> names = new TreeMap<>();
    tasks.forEach(t -> names.putIfAbsent(t.id().type(), t.typeName()));
    return names;
  }
}
