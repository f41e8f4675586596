package io.clarq.core.clarqllm.task;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * The ClarQ-LLM tasks of one language, in task-id order (type 1 index 0 first). Usually all 310, but any subset is
 * allowed (a demo set, a filtered run).
 */
public final class TaskSet {
  private final Language language;
  private final List<ClarqTask> tasks;
  private final Map<TaskId, ClarqTask> byId;

  /** @throws IllegalArgumentException naming the task when one is in another language or appears twice */
  public TaskSet(Language language, List<ClarqTask> tasks) {
    this.language = Objects.requireNonNull(language, "language");
    List<ClarqTask> sorted = new ArrayList<>(tasks);
    sorted.sort((a, b) -> a.id().compareTo(b.id()));
    Map<TaskId, ClarqTask> map = new LinkedHashMap<>();
    for (ClarqTask t : sorted) {
      if (t.language() != language) {
        throw new IllegalArgumentException("illegal task set: task " + t.id() + " is " + t.language()
            + ", the set is " + language);
      }
      if (map.put(t.id(), t) != null) {
        throw new IllegalArgumentException("illegal task set: task " + t.id() + " appears twice");
      }
    }
    this.tasks = List.copyOf(sorted);
    this.byId = Collections.unmodifiableMap(map);
  }

  public Language language() {
    return language;
  }

  /** All tasks, in task-id order. */
  public List<ClarqTask> tasks() {
    return tasks;
  }

  public int size() {
    return tasks.size();
  }

  /** The tasks of one split, in task-id order (260 test tasks in the full set). */
  public List<ClarqTask> split(Split split) {
    return tasks.stream().filter(t -> t.split() == split).toList();
  }

  /** The tasks of one type (1-31), in index order. */
  public List<ClarqTask> ofType(int type) {
    return tasks.stream().filter(t -> t.id().type() == type).toList();
  }

  public Optional<ClarqTask> find(TaskId id) {
    return Optional.ofNullable(byId.get(id));
  }

  /** @throws NoSuchElementException naming the id when the set has no such task */
  public ClarqTask get(TaskId id) {
    ClarqTask t = byId.get(id);
    if (t == null) {
      throw new NoSuchElementException("no task " + id + " in this " + language.directoryName() + " task set");
    }
    return t;
  }

  @Override
  public String toString() {
    return "TaskSet{" + language + ", " + tasks.size() + " tasks}";
  }
}
