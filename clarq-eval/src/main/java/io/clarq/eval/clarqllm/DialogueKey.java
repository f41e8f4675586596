package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import java.util.Objects;

/**
 * One dialogue of a run: a trial of a task in a language. Ordered by trial, then English first, then by task id (the
 * order of the run's items, {@link TaskTrial#of}).
 */
record DialogueKey(Language language, TaskId taskId, int trial) implements Comparable<DialogueKey> {
  DialogueKey {
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(taskId, "taskId");
    if (trial < 1) {
      throw new IllegalArgumentException("illegal trial " + trial + " of task " + taskId + ": trials are numbered "
          + "from 1");
    }
  }

  static DialogueKey of(ClarqTask t) {
    return new DialogueKey(t.language(), t.id(), 1);
  }

  static DialogueKey of(TaskTrial t) {
    return new DialogueKey(t.task().language(), t.task().id(), t.trial());
  }

  static DialogueKey of(DialogueRecord r) {
    return new DialogueKey(r.language(), r.taskId(), r.trial());
  }

  @Override
  public int compareTo(DialogueKey o) {
    int c = Integer.compare(trial, o.trial);
    if (c != 0) {
      return c;
    }
    c = language.compareTo(o.language);
    return c != 0 ? c : taskId.compareTo(o.taskId);
  }

  /** "en 3.2" for trial 1 (the key a run without trials has), "en 3.2 trial 2" for the others. */
  @Override
  public String toString() {
    return language.code() + " " + taskId + (trial == 1 ? "" : " trial " + trial);
  }
}
