package io.clarq.eval.run;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.task.TaskId;
import java.util.Objects;

/** One dialogue of a run: a task in a language. Ordered English first, then by task id. */
record DialogueKey(Language language, TaskId taskId) implements Comparable<DialogueKey> {
  DialogueKey {
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(taskId, "taskId");
  }

  static DialogueKey of(ClarqTask t) {
    return new DialogueKey(t.language(), t.id());
  }

  static DialogueKey of(DialogueRecord r) {
    return new DialogueKey(r.language(), r.taskId());
  }

  @Override
  public int compareTo(DialogueKey o) {
    int c = language.compareTo(o.language);
    return c != 0 ? c : taskId.compareTo(o.taskId);
  }

  @Override
  public String toString() {
    return language.code() + " " + taskId;
  }
}
