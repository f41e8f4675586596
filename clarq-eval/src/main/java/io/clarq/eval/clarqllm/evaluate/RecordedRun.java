package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The dialogues of one recorded run, matched with their tasks, in (language, task id) order.
 *
 * @param name the run's name (the file name without its extension)
 * @param format which kind of file it was read from
 * @param languages the languages of its dialogues
 * @param dialogues the finished dialogues, to score
 * @param notes what a person should know about the file: failed dialogues not scored, a torn last line (each named
 *     with its file and line)
 * @param notScored lines of the file whose dialogue is not scored here (a torn last line, failed dialogues; the later
 *     trials of a run with trials, scored in its results, are not counted), each named in the notes
 * @param trials how many trials the run played (1 without trials); its {@code dialogues} are trial 1's
 */
public record RecordedRun(String name, Format format, Set<Language> languages, List<PlayedDialogue> dialogues,
    List<String> notes, int notScored, int trials) {
  /** The two kinds of transcript file {@code clarq evaluate} reads. */
  public enum Format {
    /** A published ClarQ-LLM results file (a JSON list of 31 types, dialogues in {@code l2l[0]}). */
    PUBLISHED_RESULTS,
    /** A clarq JSONL transcript, one dialogue record a line. */
    CLARQ_JSONL
  }

  public RecordedRun {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(format, "format");
    languages = Set.copyOf(languages);
    dialogues = List.copyOf(dialogues);
    notes = List.copyOf(notes);
    if (notScored < 0) {
      throw new IllegalArgumentException("illegal count of lines not scored " + notScored + ": must be >= 0");
    }
    io.clarq.core.llm.Trials.check(trials);
  }

  /** A run of one trial of which every line is scored (or named in the notes alone). */
  public RecordedRun(String name, Format format, Set<Language> languages, List<PlayedDialogue> dialogues,
      List<String> notes) {
    this(name, format, languages, dialogues, notes, 0, 1);
  }

  /** "29 dialogues", then ", 1 line(s) not scored" when a line holds no dialogue scored here. */
  public String counted() {
    return dialogues.size() + " dialogues" + (notScored == 0 ? "" : ", " + notScored + " line(s) not scored");
  }
}
