package io.clarq.eval.compare;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmException;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.eval.clarqllm.evaluate.PlayedDialogue;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import io.clarq.eval.clarqllm.evaluate.RecordedRuns;
import io.clarq.eval.report.ReportInput;
import io.clarq.eval.report.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One side of a comparison: a run's scored dialogues by key ("en:3.2"), with the judge that decided them and the
 * setup they were played in.
 *
 * @param name the run's name
 * @param judge the judge that decided leftover gold lines
 * @param scores the scores by dialogue key, in (language, task) order
 * @param typeNames task type names by number
 * @param setup provider, provider model, prompt pack, judge and deviations, as far as the run's files record them
 * @param trials how many trials the run played (1 without trials); its {@code scores} are trial 1's, the reference
 *     protocol, so runs of any trial counts compare on the same footing ({@link #COMPARED_TRIAL})
 * @param notScored when lines of the run's transcript hold no dialogue scored here (a torn last line, failed
 *     dialogues), what every output says of them, one line: "29 dialogues, 1 line(s) not scored (FILE, line 30 is
 *     torn ...)"
 */
public record ComparedRun(String name, String judge, Map<String, DialogueScore> scores, Map<Integer, String> typeNames,
    RunSetup setup, int trials, Optional<String> notScored) {
  /** The trial every comparison and leaderboard is made on: trial 1, the reference protocol (seed 8848). */
  public static final int COMPARED_TRIAL = 1;

  public ComparedRun {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(judge, "judge");
    Objects.requireNonNull(setup, "setup");
    scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    typeNames = Map.copyOf(typeNames);
    io.clarq.core.llm.Trials.check(trials);
    Objects.requireNonNull(notScored, "notScored");
  }

  /** A run every line of whose transcript is scored (or named in its results alone). */
  public ComparedRun(String name, String judge, Map<String, DialogueScore> scores, Map<Integer, String> typeNames,
      RunSetup setup, int trials) {
    this(name, judge, scores, typeNames, setup, trials, Optional.empty());
  }

  /** A run of one trial. */
  public ComparedRun(String name, String judge, Map<String, DialogueScore> scores, Map<Integer, String> typeNames,
      RunSetup setup) {
    this(name, judge, scores, typeNames, setup, 1);
  }

  /**
   * What every output of a comparison or leaderboard says first when any of {@code runs} played trials: which trial
   * is compared, e.g. "runs of several trials (a: 3, b: 1): compared on trial 1 (the reference protocol, seed 8848);
   * pass^k and the other figures across trials are in each run's results.json". Empty when every run played one.
   */
  public static Optional<String> trialNote(List<ComparedRun> runs) {
    Map<String, Integer> trials = new LinkedHashMap<>();
    runs.forEach(r -> trials.put(r.name(), r.trials()));
    return trialNote(trials);
  }

  /** {@link #trialNote(List)} of runs of any benchmark, given by name with their trial counts, in order. */
  public static Optional<String> trialNote(Map<String, Integer> trialsByRun) {
    if (trialsByRun.values().stream().allMatch(t -> t == 1)) {
      return Optional.empty();
    }
    String counts = trialsByRun.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
        .collect(java.util.stream.Collectors.joining(", "));
    return Optional.of("runs of several trials (" + counts + "): compared on trial " + COMPARED_TRIAL + " (the"
        + " reference protocol, seed " + io.clarq.core.llm.Trials.seed(COMPARED_TRIAL) + "); pass^k and the other"
        + " figures across trials are in each run's results.json");
  }

  /**
   * One line per run of {@code runs} whose transcript has lines not scored (a torn last line, failed dialogues),
   * e.g. "b: 29 dialogues, 1 line(s) not scored (b.jsonl, line 30 is torn ...)": what compare and the leaderboard
   * say of them, never dropping them in silence. Empty when every line of every run is scored.
   */
  public static List<String> notScoredNotes(List<ComparedRun> runs) {
    return runs.stream().filter(r -> r.notScored().isPresent()).map(r -> r.name() + ": " + r.notScored().get())
        .toList();
  }

  /** The key of a dialogue in every run: language code and task id. */
  public static String key(Language language, DialogueScore score) {
    return language.code() + ":" + score.taskId();
  }

  /** The language of a dialogue key. */
  public static Language language(String key) {
    return Language.parse(key.substring(0, key.indexOf(':')));
  }

  /**
   * A run directory ({@code results.json}, already scored by the run's judge), or a transcript file (a published
   * results file or a clarq JSONL transcript) scored here with the tasks and the judge given.
   *
   * @throws IllegalArgumentException naming the path when it cannot be read, or a file is given without tasks
   * @throws LlmException when a model behind the judge could not be reached
   */
  public static ComparedRun load(Path run, Optional<Path> tasks, Judge judge) throws LlmException {
    Map<String, DialogueScore> scores = new LinkedHashMap<>();
    if (Files.isDirectory(run)) {
      ReportInput in = RunReport.read(run);
      in.dialogues().forEach(d -> scores.put(key(d.language(), d.score()), d.score()));
      // a torn last line of the run's transcript (its results.json scores the finished dialogues) is named
      Path transcript = run.resolve(RunReport.TRANSCRIPT);
      Optional<String> torn = io.clarq.datasets.clarqllm.transcript.TranscriptReader.read(transcript).tornLine()
          .map(t -> scores.size() + " dialogues, 1 line(s) not scored (" + RecordedRuns.tornNote(transcript, t) + ")");
      return new ComparedRun(in.title(), in.judge(), scores, in.taskTypes(), RunSetup.ofRunDirectory(run),
          in.trials().map(io.clarq.eval.report.TrialTable::trials).orElse(1), torn);
    }
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException(run + " is a transcript file: give --tasks DIR to score it");
    }
    RecordedRun recorded = RecordedRuns.load(run, tasks.get());
    ClarqSummary summary = ClarqEvaluation.score(recorded, judge);
    Map<Integer, String> types = new LinkedHashMap<>();
    for (int i = 0; i < recorded.dialogues().size(); i++) {
      PlayedDialogue d = recorded.dialogues().get(i);
      scores.put(key(d.task().language(), summary.scores().get(i)), summary.scores().get(i));
      types.putIfAbsent(d.task().id().type(), d.task().typeName());
    }
    return new ComparedRun(recorded.name(), judge.name(), scores, types, RunSetup.ofTranscript(run,
        recorded.format() == RecordedRun.Format.PUBLISHED_RESULTS, judge.name()), recorded.trials(),
        recorded.notScored() == 0 ? Optional.empty()
            : Optional.of(recorded.counted() + " (" + String.join("; ", recorded.notes()) + ")"));
  }
}
