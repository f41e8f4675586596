package io.clarq.datasets.clarqllm;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.files.JsonTree;
import io.clarq.core.files.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Loads the ClarQ-LLM tasks of one language: 31 files {@code N._Type_Name.json}, each a list of 20 objects, the
 * 10 tasks of type N then 10 empty placeholders (docs/protocol/clarq-llm.md §1).
 *
 * <pre>{@code
 * TaskSet tasks = ClarqLlmTasks.load(Path.of("data/clarq-llm/tasks"), Language.ENGLISH);
 * List<ClarqTask> benchmark = tasks.split(Split.TEST);   // 260 tasks
 * }</pre>
 */
public final class ClarqLlmTasks {
  /** Objects per task file: 10 tasks, then 10 empty placeholders. */
  public static final int OBJECTS_PER_FILE = 20;

  private ClarqLlmTasks() {}

  /**
   * Loads and validates every task of a language.
   *
   * @param dir the folder holding {@code English/} and {@code Chinese/}, or the language's own folder
   * @throws IllegalArgumentException naming the file, the task index and the problem when anything is malformed
   * @throws UncheckedIOException when a file cannot be read
   */
  public static TaskSet load(Path dir, Language language) {
    Path languageDir = TasksDirectory.resolve(dir, language);
    Map<Integer, Path> byType = filesByType(languageDir);
    List<ClarqTask> tasks = new ArrayList<>(TaskId.TYPES * TaskId.TASKS_PER_TYPE);
    for (Map.Entry<Integer, Path> e : byType.entrySet()) {
      tasks.addAll(loadFile(e.getValue(), language));
    }
    return new TaskSet(language, tasks);
  }

  /**
   * Loads the 10 tasks of one task file.
   *
   * @throws IllegalArgumentException naming the file and task when the file is malformed
   */
  public static List<ClarqTask> loadFile(Path file, Language language) {
    TaskFileName name = TaskFileName.parse(file.getFileName().toString())
        .orElseThrow(() -> new IllegalArgumentException(
            file + ": not a task file name; expected N._Type_Name.json with N 1-31"));
    JsonNode objects = readJson(file);
    if (!objects.isArray() || objects.size() != OBJECTS_PER_FILE) {
      throw new IllegalArgumentException(file + ": expected a list of " + OBJECTS_PER_FILE
          + " objects (10 tasks, then 10 empty placeholders), got "
          + (objects.isArray() ? "a list of " + objects.size() : TaskObjectReader.describe(objects)));
    }
    List<ClarqTask> tasks = new ArrayList<>(TaskId.TASKS_PER_TYPE);
    for (int i = 0; i < OBJECTS_PER_FILE; i++) {
      JsonNode object = objects.get(i);
      if (i < TaskId.TASKS_PER_TYPE) {
        String where = file + ", task " + i;
        if (object.isObject() && !object.has("all_response")) {
          throw TaskObjectReader.error(where, "has no \"all_response\" field (the response lines and their node"
              + " ids); objects 0-9 must be tasks");
        }
        if (TaskObjectReader.isPlaceholder(object)) {
          throw TaskObjectReader.error(where, "\"all_response\" is empty; objects 0-9 must be tasks");
        }
        tasks.add(TaskObjectReader.read(object, new TaskId(name.type(), i), language, name.typeName(), where,
            TaskObjectReader.Layout.IDS_IN_ALL_RESPONSE));
      } else if (!TaskObjectReader.isPlaceholder(object)) {
        throw new IllegalArgumentException(file + ", object " + i
            + ": expected an empty placeholder (objects 10-19 are), but all_response is not empty");
      }
    }
    return tasks;
  }

  static Language detectLanguage(Path languageDir) {
    Path first = TasksDirectory.taskFiles(languageDir).get(0);
    JsonNode all = readJson(first).path(0).path("all_response");
    return Language.detect(all.asText().split("\n", -1)[0]);
  }

  private static Map<Integer, Path> filesByType(Path dir) {
    Map<Integer, Path> byType = new TreeMap<>();
    for (Path p : TasksDirectory.taskFiles(dir)) {
      int type = TaskFileName.parse(p.getFileName().toString()).orElseThrow().type();
      Path previous = byType.put(type, p);
      if (previous != null) {
        throw new IllegalArgumentException("tasks directory " + dir + ": two files for task type " + type + ": "
            + previous.getFileName() + " and " + p.getFileName());
      }
    }
    List<Integer> missing = IntStream.rangeClosed(1, TaskId.TYPES).filter(t -> !byType.containsKey(t)).boxed()
        .toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("tasks directory " + dir + ": no task file for type"
          + (missing.size() > 1 ? "s " : " ")
          + missing.stream().map(String::valueOf).collect(Collectors.joining(", "))
          + " (expected 31 files named N._Type_Name.json)");
    }
    return byType;
  }

  static JsonNode readJson(Path file) {
    try {
      TextFiles.requireFile(file);
      JsonNode node = JsonTree.read(file);   // no ObjectMapper: a dry run reads the tasks and nothing else as JSON
      if (node == null || node.isMissingNode()) {
        throw new IllegalArgumentException(file + ": the file is empty; expected a JSON list of " + OBJECTS_PER_FILE
            + " objects (10 tasks, then 10 empty placeholders)");
      }
      return node;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(file + ": not valid JSON, " + io.clarq.core.files.JsonErrors.describe(e), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + TextFiles.problem(file, e), e);
    }
  }
}
