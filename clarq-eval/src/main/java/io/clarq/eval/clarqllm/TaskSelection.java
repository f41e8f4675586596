package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.TaskId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which tasks of the chosen split to run, written as a comma-separated list: {@code 3} (all tasks of type 3),
 * {@code 3-5} (types 3 to 5), {@code 3.2} (one task). Empty selects every task. The text is kept as written, so it
 * can be stored in a run's config and compared on resume.
 */
public record TaskSelection(String spec) {
  /** Every task. */
  public static final TaskSelection ALL = new TaskSelection("");

  public TaskSelection {
    spec = Objects.requireNonNull(spec, "spec").strip();
    for (String item : items(spec)) {
      check(item, spec);
    }
  }

  /** Parses the list; the error names the bad item. */
  public static TaskSelection parse(String spec) {
    return new TaskSelection(spec);
  }

  /** Whether this task is selected. */
  public boolean contains(TaskId id) {
    if (spec.isEmpty()) {
      return true;
    }
    for (String item : items(spec)) {
      if (item.contains(".")) {
        if (TaskId.parse(item).equals(id)) {
          return true;
        }
      } else if (item.contains("-")) {
        int dash = item.indexOf('-');
        int from = Integer.parseInt(item.substring(0, dash).strip());
        int to = Integer.parseInt(item.substring(dash + 1).strip());
        if (id.type() >= from && id.type() <= to) {
          return true;
        }
      } else if (Integer.parseInt(item) == id.type()) {
        return true;
      }
    }
    return false;
  }

  private static List<String> items(String spec) {
    List<String> out = new ArrayList<>();
    if (!spec.isEmpty()) {
      for (String s : spec.split(",", -1)) {
        out.add(s.strip());
      }
    }
    return out;
  }

  private static void check(String item, String spec) {
    String problem = null;
    try {
      if (item.contains(".")) {
        TaskId.parse(item);
      } else if (item.contains("-")) {
        int dash = item.indexOf('-');
        int from = Integer.parseInt(item.substring(0, dash).strip());
        int to = Integer.parseInt(item.substring(dash + 1).strip());
        if (from < 1 || to > TaskId.TYPES || from > to) {
          problem = "a type range must run upwards within 1-" + TaskId.TYPES;
        }
      } else {
        int type = Integer.parseInt(item);
        if (type < 1 || type > TaskId.TYPES) {
          problem = "task type must be 1-" + TaskId.TYPES;
        }
      }
    } catch (IllegalArgumentException e) {
      problem = "expected a type (3), a type range (3-5) or a task (3.2)";
    }
    if (problem != null) {
      throw new IllegalArgumentException("illegal task selection \"" + spec + "\": item \"" + item + "\": " + problem);
    }
  }

  @Override
  public String toString() {
    return spec.isEmpty() ? "all" : spec;
  }
}
