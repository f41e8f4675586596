package io.clarq.datasets.clarqllm;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Builds a {@link ClarqTask} from one task object of a task file or a results file, checking every field. Errors
 * start with {@code where} ("tasks/English/3._Stealth_Mission.json, task 2") and say what is wrong.
 */
final class TaskObjectReader {
  /** How a file lays out the node ids. */
  enum Layout {
    /** Task files: {@code all_response} holds N text lines then their N node ids. */
    IDS_IN_ALL_RESPONSE,
    /** Results files: {@code all_response} holds the N text lines, {@code gold_structure} the ids (without "0"). */
    IDS_IN_GOLD_STRUCTURE
  }

  static final String PURPOSES = "all_response_exaplain";
  private static final int BRIEFING_PARTS = 5;

  private TaskObjectReader() {}

  /** Whether the object is one of the empty placeholders (objects 10-19 of every file). */
  static boolean isPlaceholder(JsonNode object) {
    JsonNode all = object.get("all_response");
    return all == null || (all.isTextual() && all.asText().isEmpty());
  }

  static ClarqTask read(JsonNode object, TaskId id, Language language, String typeName, String where, Layout layout) {
    if (!object.isObject()) {
      throw error(where, "expected a task object, got " + describe(object));
    }
    String allResponse = text(object, "all_response", where);
    List<String> lines = Arrays.asList(allResponse.split("\n", -1));
    List<String> texts;
    List<String> ids;
    if (layout == Layout.IDS_IN_ALL_RESPONSE) {
      if (lines.size() % 2 != 0 || lines.size() < 4) {
        throw error(where, "all_response has " + lines.size()
            + " lines; expected N text lines followed by their N node ids (N >= 2)");
      }
      texts = lines.subList(0, lines.size() / 2);
      ids = lines.subList(lines.size() / 2, lines.size());
    } else {
      texts = lines;
      ids = goldStructure(object, texts.size(), where);
    }
    List<String> purposes = purposes(object, id, texts.size() - 1, where);
    ResponseTree tree = tree(texts, ids, purposes, where);
    Language written = Language.detect(tree.root().text());
    if (written != language) {
      throw error(where, "the opening statement is " + written.directoryName() + " but "
          + language.directoryName() + " tasks were expected");
    }
    Briefing briefing = briefing(object, where);
    JsonNode background = object.get("background");
    String backgroundText = background != null && background.isTextual() ? background.asText() : "";
    return new ClarqTask(id, language, typeName, briefing, backgroundText, tree);
  }

  private static List<String> goldStructure(JsonNode object, int lineCount, String where) {
    List<String> ids = new ArrayList<>(strings(object, "gold_structure", where));
    if (ids.size() == lineCount - 1) {
      ids.add(0, "0");
    } else if (ids.size() != lineCount || !"0".equals(ids.get(0).trim())) {
      throw error(where, "gold_structure has " + ids.size() + " node ids for " + lineCount
          + " lines of all_response; expected one per line after the opening statement");
    }
    return ids;
  }

  private static List<String> purposes(JsonNode object, TaskId id, int goldLines, String where) {
    if (!object.has(PURPOSES)) {
      if (id.split() == Split.TEST) {
        throw error(where, "missing " + PURPOSES + " (the purposes); test tasks (types 1-26) need one per gold line");
      }
      return List.of();
    }
    List<String> purposes = strings(object, PURPOSES, where);
    if (purposes.size() != goldLines) {
      throw error(where, PURPOSES + " has " + purposes.size() + " purposes for " + goldLines
          + " gold lines; expected one per line after the opening statement");
    }
    for (int i = 0; i < purposes.size(); i++) {
      if (ReferenceText.strip(purposes.get(i)).isEmpty()) {
        throw error(where, PURPOSES + "[" + i + "] (purpose of line " + (i + 1) + ") is empty");
      }
    }
    return purposes;
  }

  private static ResponseTree tree(List<String> texts, List<String> ids, List<String> purposes, String where) {
    long prefixed = texts.stream().filter(ReferenceText::hasSpeaker).count();
    if (prefixed != 0 && prefixed != texts.size()) {
      throw error(where, "the speaker prefix \"Jax:\" is on " + prefixed + " of " + texts.size()
          + " lines; expected all or none");
    }
    List<ResponseNode> nodes = new ArrayList<>(texts.size());
    for (int k = 0; k < texts.size(); k++) {
      String text = ReferenceText.stripSpeaker(texts.get(k));
      if (text.isEmpty()) {
        throw error(where, "line " + k + " of all_response is empty");
      }
      NodeId nodeId;
      try {
        nodeId = NodeId.parse(ids.get(k));
      } catch (IllegalArgumentException e) {
        throw error(where, "line " + k + ": " + e.getMessage());
      }
      if (k == 0 && !nodeId.isRoot()) {
        throw error(where, "the first line has node id \"" + nodeId + "\"; expected \"0\", the opening statement");
      }
      String purpose = k == 0 || purposes.isEmpty() ? null : purposes.get(k - 1);
      nodes.add(ResponseNode.of(nodeId, text, purpose));
    }
    try {
      return new ResponseTree(nodes);
    } catch (IllegalArgumentException e) {
      throw error(where, e.getMessage().replaceFirst("^illegal response tree: ", ""));
    }
  }

  private static Briefing briefing(JsonNode object, String where) {
    List<String> parts = strings(object, "background_splitted", where);
    if (parts.size() != BRIEFING_PARTS) {
      throw error(where, "background_splitted has " + parts.size()
          + " parts; expected 5: role, task, items, skills, scenes");
    }
    try {
      return new Briefing(ReferenceText.strip(parts.get(0)), ReferenceText.strip(parts.get(1)),
          listLines(parts.get(2)), listLines(parts.get(3)), listLines(parts.get(4)), parts);
    } catch (IllegalArgumentException e) {
      throw error(where, "background_splitted: " + e.getMessage());
    }
  }

  private static List<String> listLines(String block) {
    return Arrays.stream(block.split("\n")).map(ReferenceText::strip).filter(s -> !s.isEmpty()).toList();
  }

  private static String text(JsonNode object, String field, String where) {
    JsonNode n = object.get(field);
    if (n == null || !n.isTextual()) {
      throw error(where, n == null ? "missing " + field : field + " is not a string");
    }
    return n.asText();
  }

  private static List<String> strings(JsonNode object, String field, String where) {
    JsonNode n = object.get(field);
    if (n == null || !n.isArray()) {
      throw error(where, n == null ? "missing " + field : field + " is not a list");
    }
    List<String> out = new ArrayList<>(n.size());
    for (int i = 0; i < n.size(); i++) {
      if (!n.get(i).isTextual()) {
        throw error(where, field + "[" + i + "] is not a string");
      }
      out.add(n.get(i).asText());
    }
    return out;
  }

  /** "an object", "a string", ... for messages. */
  static String describe(JsonNode node) {
    String type = node.getNodeType().toString().toLowerCase(Locale.ROOT);
    return (type.startsWith("o") || type.startsWith("a") ? "an " : "a ") + type;
  }

  static IllegalArgumentException error(String where, String problem) {
    return new IllegalArgumentException(where + ": " + problem);
  }
}
