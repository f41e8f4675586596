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
import io.clarq.eval.clarqllm.evaluate.BatchJudging;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.report.RunReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
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
 *
 * <p>A judge that asks through a batch API ({@link BatchJudging.Batched}) scores nothing as dialogues end: at the end
 * every dialogue left is scored in passes, each pass's waiting judge requests one batch, and only the last pass's
 * scores (every answer in) are kept.
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

  /**
   * Scores a dialogue as it ends; empty when it failed or the judge could not be asked (kept as unscored), and with a
   * batch judge, whose dialogues are scored at the end.
   */
  Optional<DialogueScore> score(ClarqTask task, DialogueRecord record, Consumer<Deviation> deviations) {
    if (!record.finished() || judge instanceof BatchJudging.Batched) {
      return Optional.empty();
    }
    DialogueKey key = DialogueKey.of(record);
    Object s = scoreNow(task, record, deviations);
    if (s instanceof DialogueScore score) {
      scores.put(key, score);
      return Optional.of(score);
    }
    errors.put(key, (String) s);
    return Optional.empty();
  }

  // the dialogue's score, or why it could not be scored
  private Object scoreNow(ClarqTask task, DialogueRecord record, Consumer<Deviation> deviations) {
    TurnUsage.Tally tally = TurnUsage.open();
    // the judge's requests carry the trial's seed, as the dialogue's did
    try (tally) {
      return ClarqMetrics.score(task, record.dialogue(), Judge.inTrial(judge, record.trial()));
    } catch (LlmException | RuntimeException e) {
      return "scoring: " + DialogueLoop.describe(e);
    } finally {
      tally.deviations().forEach(deviations);
    }
  }

  /**
   * With a batch judge: scores the finished dialogues not scored yet in passes until every answer is in, keeping the
   * last pass's scores and deviations. When the batch API cannot be reached, the dialogues are left unscored with the
   * reason (a rerun polls the same batch).
   */
  private void scoreInBatches(Map<DialogueKey, ClarqTask> tasks, java.util.Collection<DialogueRecord> records,
      Consumer<Deviation> deviations) {
    if (!(judge instanceof BatchJudging.Batched batched)) {
      return;
    }
    List<DialogueRecord> left = records.stream().filter(DialogueRecord::finished)
        .filter(r -> !scores.containsKey(DialogueKey.of(r)) && !errors.containsKey(DialogueKey.of(r))).toList();
    if (left.isEmpty()) {
      return;
    }
    List<Deviation> lastPass = new ArrayList<>();
    try {
      Map<DialogueKey, Object> scored = batched.passes(() -> {
        lastPass.clear();
        Map<DialogueKey, Object> pass = new LinkedHashMap<>();
        left.forEach(r -> pass.put(DialogueKey.of(r), scoreNow(tasks.get(DialogueKey.of(r)), r, lastPass::add)));
        return pass;
      });
      scored.forEach((k, s) -> {
        if (s instanceof DialogueScore score) {
          scores.put(k, score);
        } else {
          errors.put(k, (String) s);
        }
      });
      lastPass.forEach(deviations);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      left.forEach(r -> errors.put(DialogueKey.of(r), "scoring: " + DialogueLoop.describe(e)));
    }
  }

  /** {@link BatchJudging#BATCH} when the judge asks through a batch API, else {@link BatchJudging#SYNCHRONOUS}. */
  String judgeMode() {
    return judge instanceof BatchJudging.Batched ? BatchJudging.BATCH : BatchJudging.SYNCHRONOUS;
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
    scoreInBatches(tasks, sorted.values(), end.log()::deviation);
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
        scores.values().stream().mapToLong(DialogueScore::judgeCalls).sum(), judgeMode());
    RunReport.write(out);
    return result;
  }

  private static Map<Integer, String> typeNames(java.util.Collection<ClarqTask> tasks) {
    Map<Integer, String> names = new TreeMap<>();
    tasks.forEach(t -> names.putIfAbsent(t.id().type(), t.typeName()));
    return names;
  }
}
