package io.clarq.datasets.clarqllm;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the published results files ({@code transcripts/*.json}): a list of 31 types, each a list of task objects
 * with {@code all_response} already split from its ids ({@code gold_structure}) and the dialogue in
 * {@code l2l[0]}. The files do not say why a dialogue ended, so every dialogue has {@link EndReason#UNKNOWN}.
 */
public final class PublishedRuns {
  private PublishedRuns() {}

  /**
   * Loads a results file; the language is read from the texts.
   *
   * @throws IllegalArgumentException naming the file, the task and the problem when the file is malformed
   */
  public static PublishedRun load(Path file) {
    JsonNode types = ClarqLlmTasks.readJson(file);
    if (!types.isArray() || types.size() != TaskId.TYPES) {
      throw new IllegalArgumentException(file + ": expected a list of " + TaskId.TYPES
          + " task types (a ClarQ-LLM results file), got "
          + (types.isArray() ? "a list of " + types.size() : TaskObjectReader.describe(types)));
    }
    Language language = language(file, types);
    List<PublishedDialogue> dialogues = new ArrayList<>();
    for (int t = 0; t < types.size(); t++) {
      JsonNode tasks = types.get(t);
      if (!tasks.isArray() || tasks.size() < TaskId.TASKS_PER_TYPE) {
        throw new IllegalArgumentException(file + ", type " + (t + 1) + ": expected a list of "
            + TaskId.TASKS_PER_TYPE + " task objects");
      }
      for (int i = 0; i < TaskId.TASKS_PER_TYPE; i++) {
        String where = file + ", task " + (t + 1) + "." + i;
        JsonNode object = tasks.get(i);
        List<String> lines = dialogueLines(object, where);
        if (lines.isEmpty()) {
          continue;
        }
        ClarqTask task = TaskObjectReader.read(object, new TaskId(t + 1, i), language, "type " + (t + 1), where,
            TaskObjectReader.Layout.IDS_IN_GOLD_STRUCTURE);
        dialogues.add(new PublishedDialogue(task, Dialogue.ofLines(lines, EndReason.UNKNOWN)));
      }
    }
    return new PublishedRun(runName(file), language, dialogues);
  }

  /** The run's name: the file name without {@code .json}. */
  static String runName(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
  }

  private static Language language(Path file, JsonNode types) {
    for (JsonNode tasks : types) {
      for (JsonNode task : tasks) {
        String all = task.path("all_response").asText("");
        if (!all.isEmpty()) {
          return Language.detect(all.split("\n", -1)[0]);
        }
      }
    }
    throw new IllegalArgumentException(file + ": no task has an all_response; not a ClarQ-LLM results file");
  }

  private static List<String> dialogueLines(JsonNode object, String where) {
    JsonNode l2l = object.get("l2l");
    if (l2l == null || !l2l.isArray()) {
      throw TaskObjectReader.error(where, l2l == null ? "missing l2l (the dialogues)" : "l2l is not a list");
    }
    JsonNode first = l2l.path(0);
    if (first.isMissingNode() || (first.isArray() && first.isEmpty())) {
      return List.of();
    }
    if (!first.isArray()) {
      throw TaskObjectReader.error(where, "l2l[0] is not a list of utterances");
    }
    List<String> lines = new ArrayList<>(first.size());
    for (int k = 0; k < first.size(); k++) {
      if (!first.get(k).isTextual()) {
        throw TaskObjectReader.error(where, "l2l[0][" + k + "] is not a string");
      }
      lines.add(first.get(k).asText());
    }
    if (lines.size() < 2) {
      throw TaskObjectReader.error(where, "l2l[0] has " + lines.size()
          + " utterance; a dialogue needs the provider's opening and at least one seeker line");
    }
    return lines;
  }
}
