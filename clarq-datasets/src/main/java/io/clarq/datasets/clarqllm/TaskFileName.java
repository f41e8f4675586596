package io.clarq.datasets.clarqllm;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of a task file, {@code N._Type_Name.json}: the task type N (1-31) and the type's name with underscores
 * read as spaces ("Gather Resources").
 */
public record TaskFileName(int type, String typeName) {
  private static final Pattern NAME = Pattern.compile("(\\d{1,3})\\._(.+)\\.json");

  public TaskFileName {
    if (type < 1 || type > 31) {
      throw new IllegalArgumentException("illegal task type " + type + " in a task file name: must be 1-31");
    }
    if (typeName.isBlank()) {
      throw new IllegalArgumentException("illegal task file name for type " + type + ": the type name is blank");
    }
  }

  /** The parsed name, or empty when the file name does not have the {@code N._Type_Name.json} shape. */
  public static Optional<TaskFileName> parse(String fileName) {
    Matcher m = NAME.matcher(fileName);
    if (!m.matches()) {
      return Optional.empty();
    }
    int type = Integer.parseInt(m.group(1));
    String name = m.group(2).replace('_', ' ').trim();
    if (type < 1 || type > 31 || name.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new TaskFileName(type, name));
  }
}
