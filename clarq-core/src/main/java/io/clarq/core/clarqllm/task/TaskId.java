package io.clarq.core.clarqllm.task;

/**
 * A ClarQ-LLM task: its type (1-31, the number of the task file) and its index within the type (0-9).
 * Printed and parsed as {@code type.index}, e.g. {@code 3.2}.
 */
public record TaskId(int type, int index) implements Comparable<TaskId> {
  /** Number of task types per language. */
  public static final int TYPES = 31;
  /** Number of tasks per type. */
  public static final int TASKS_PER_TYPE = 10;

  public TaskId {
    checkType(type);
    if (index < 0 || index >= TASKS_PER_TYPE) {
      throw new IllegalArgumentException(
          "illegal task index " + index + ": must be 0-" + (TASKS_PER_TYPE - 1));
    }
  }

  static void checkType(int type) {
    if (type < 1 || type > TYPES) {
      throw new IllegalArgumentException("illegal task type " + type + ": must be 1-" + TYPES);
    }
  }

  /** Parses {@code "3.2"}; the error names the text. */
  public static TaskId parse(String text) {
    String t = text.trim();
    int dot = t.indexOf('.');
    if (dot <= 0 || dot == t.length() - 1) {
      throw new IllegalArgumentException(
          "illegal task id \"" + text + "\": expected <type>.<index>, e.g. 3.2");
    }
    try {
      return new TaskId(Integer.parseInt(t.substring(0, dot)), Integer.parseInt(t.substring(dot + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "illegal task id \"" + text + "\": expected <type>.<index>, e.g. 3.2", e);
    }
  }

  /** The split this task belongs to. */
  public Split split() {
    return Split.ofType(type);
  }

  @Override
  public int compareTo(TaskId o) {
    return type != o.type ? Integer.compare(type, o.type) : Integer.compare(index, o.index);
  }

  @Override
  public String toString() {
    return type + "." + index;
  }
}
