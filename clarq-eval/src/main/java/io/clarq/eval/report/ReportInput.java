package io.clarq.eval.report;

import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.stats.Bootstrap;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything a report shows, however it was obtained: from a run directory ({@link RunReport#read}), a run in memory
 * or a scored recorded run. Dialogues are kept in (language, task) order.
 *
 * @param title what the report is about (the run's name)
 * @param judge the name of the judge that decided leftover gold lines ("none": they are unjudged)
 * @param settings what else a reader should know, shown as a table (seeker, provider, split, ...)
 * @param notes remarks shown under the headline (a torn line, figures not comparable with the paper, ...)
 * @param taskTypes task type names by number
 * @param dialogues every scored dialogue with its score and utterances
 * @param failed dialogues that did not finish (not scored)
 * @param unscored finished dialogues that could not be scored
 * @param bootstrap how the bootstrap intervals are drawn
 * @param trials the figures across trials when the run played every task more than once (then the dialogues and
 *     figures above are trial 1's); empty otherwise
 * @param spending the forecast beside what the run spent, when the run made one; empty otherwise
 */
public record ReportInput(String title, String judge, Map<String, String> settings, List<String> notes,
    Map<Integer, String> taskTypes, List<ReportedDialogue> dialogues, List<Problem> failed, List<Problem> unscored,
    Bootstrap bootstrap, java.util.Optional<TrialTable> trials, java.util.Optional<SpendingTable> spending) {
  /** A scored dialogue. */
  public record ReportedDialogue(Language language, DialogueScore score, Dialogue dialogue) {
    public ReportedDialogue {
      Objects.requireNonNull(language, "language");
      Objects.requireNonNull(score, "score");
      Objects.requireNonNull(dialogue, "dialogue");
    }

    /** The anchor of this dialogue in the report, e.g. "d-en-3.2". */
    public String anchor() {
      return "d-" + language.code() + "-" + score.taskId();
    }
  }

  /** A dialogue listed apart, and why. */
  public record Problem(Language language, TaskId task, String error) {
    public Problem {
      Objects.requireNonNull(language, "language");
      Objects.requireNonNull(task, "task");
      Objects.requireNonNull(error, "error");
    }
  }

  public ReportInput {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(judge, "judge");
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    notes = List.copyOf(notes);
    taskTypes = java.util.Collections.unmodifiableMap(new TreeMap<>(taskTypes));
    List<ReportedDialogue> sorted = new ArrayList<>(dialogues);
    sorted.sort(java.util.Comparator.comparing(ReportedDialogue::language)
        .thenComparing(d -> d.score().taskId()));
    dialogues = List.copyOf(sorted);
    failed = List.copyOf(failed);
    unscored = List.copyOf(unscored);
    Objects.requireNonNull(bootstrap, "bootstrap");
    Objects.requireNonNull(trials, "trials");
    Objects.requireNonNull(spending, "spending");
  }

  /** The input of a run that made no forecast. */
  public ReportInput(String title, String judge, Map<String, String> settings, List<String> notes,
      Map<Integer, String> taskTypes, List<ReportedDialogue> dialogues, List<Problem> failed, List<Problem> unscored,
      Bootstrap bootstrap, java.util.Optional<TrialTable> trials) {
    this(title, judge, settings, notes, taskTypes, dialogues, failed, unscored, bootstrap, trials,
        java.util.Optional.empty());
  }

  /** The input of a run without trials. */
  public ReportInput(String title, String judge, Map<String, String> settings, List<String> notes,
      Map<Integer, String> taskTypes, List<ReportedDialogue> dialogues, List<Problem> failed, List<Problem> unscored,
      Bootstrap bootstrap) {
    this(title, judge, settings, notes, taskTypes, dialogues, failed, unscored, bootstrap, java.util.Optional.empty());
  }

  /** The scores per language, English first. */
  public Map<Language, List<DialogueScore>> scoresByLanguage() {
    Map<Language, List<DialogueScore>> out = new EnumMap<>(Language.class);
    dialogues.forEach(d -> out.computeIfAbsent(d.language(), l -> new ArrayList<>()).add(d.score()));
    return out;
  }

  /** Whether the judge left any dialogue undecided. */
  public boolean anyUnjudged() {
    return dialogues.stream().anyMatch(d -> d.score().success().unjudged());
  }
}
