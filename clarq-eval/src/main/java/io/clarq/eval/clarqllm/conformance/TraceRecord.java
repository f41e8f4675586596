package io.clarq.eval.clarqllm.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One record of a reference trace file: a dialogue (provider or seeker trace) or a judged dialogue (judge trace),
 * with every LLM call in order. See reference-traces/README.md for the fields.
 *
 * @param traceId the record's id
 * @param kind "provider", "seeker" or "judge"
 * @param task the task ("T.J": type, then index 0-9 in the type's file)
 * @param language the task's language
 * @param variant "standard" or "multi_info" (dialogues)
 * @param mode "completion" or "chat" (seeker traces), else empty
 * @param stop "goodbye" or "length" (dialogues), else empty
 * @param transcript the dialogue's lines (dialogues), or the judged dialogue (judge traces)
 * @param seekerLines the scripted seeker lines (provider traces), else empty
 * @param success the reference's success, 0 or 1 (judge traces), else -1
 * @param calls every call, in order (for a dialogue: the calls of all turns, concatenated)
 */
public record TraceRecord(String traceId, String kind, TaskId task, Language language, String variant, String mode,
    String stop, List<String> transcript, List<String> seekerLines, int success, List<TraceCall> calls) {
  public TraceRecord {
    Objects.requireNonNull(traceId, "traceId");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(task, "task");
    Objects.requireNonNull(language, "language");
    transcript = List.copyOf(transcript);
    seekerLines = List.copyOf(seekerLines);
    calls = List.copyOf(calls);
    if (!List.of("provider", "seeker", "judge").contains(kind)) {
      throw new IllegalArgumentException("trace " + traceId + ": unknown kind \"" + kind
          + "\"; expected provider, seeker or judge");
    }
  }

  /**
   * Reads a record from its JSON object.
   *
   * @throws IllegalArgumentException naming the missing or malformed field
   */
  public static TraceRecord of(JsonNode n) {
    String id = text(n, "trace_id", "(no trace_id)");
    String kind = text(n, "kind", id);
    Language language = Language.parse(text(n, "language", id));
    if (!n.path("type").isInt() || !n.path("task_index").isInt()) {
      throw new IllegalArgumentException("trace " + id + ": type and task_index must be integers");
    }
    TaskId task = TaskId.parse(n.get("type").asInt() + "." + n.get("task_index").asInt());
    List<TraceCall> calls = new ArrayList<>();
    if (kind.equals("judge")) {
      addCalls(n.path("calls"), calls, id);
    } else {
      JsonNode turns = n.get("turns");
      if (turns == null || !turns.isArray()) {
        throw new IllegalArgumentException("trace " + id + ": missing turns");
      }
      for (JsonNode t : turns) {
        addCalls(t.path("calls"), calls, id);
      }
    }
    return new TraceRecord(id, kind, task, language, n.path("variant").asText(""), n.path("mode").asText(""),
        n.path("stop").asText(""), strings(n.path(kind.equals("judge") ? "dialogue" : "transcript")),
        strings(n.path("seeker_lines")), kind.equals("judge") ? n.path("success").asInt(-1) : -1, calls);
  }

  /** Whether this is the multi-info provider's trace. */
  public boolean multiInfo() {
    return variant.equals("multi_info");
  }

  private static void addCalls(JsonNode array, List<TraceCall> out, String id) {
    if (!array.isArray()) {
      throw new IllegalArgumentException("trace " + id + ": calls is not a list");
    }
    for (JsonNode c : array) {
      JsonNode request = c.get("request");
      JsonNode response = c.get("response");
      if (request == null || !request.isObject() || response == null || !response.isTextual()) {
        throw new IllegalArgumentException("trace " + id + ": call " + out.size() + " lacks a request or response");
      }
      out.add(new TraceCall(c.path("kind").asText(""), request, response.asText()));
    }
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asText()));
    return out;
  }

  private static String text(JsonNode n, String field, String id) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException("trace " + id + ": missing " + field);
    }
    return v.asText();
  }
}
