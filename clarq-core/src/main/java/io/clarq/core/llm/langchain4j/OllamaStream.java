package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * An Ollama chat reply streamed as NDJSON although {@code "stream": false} was sent (by Ollama itself or a proxy),
 * assembled into the one reply Ollama would have sent whole
 * (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion, "Response" streamed and not):
 * every line is {@code {"model", "created_at", "message": {"role", "content", "thinking"?, "tool_calls"?},
 * "done": false}} carrying a piece, the last {@code "done": true} with {@code done_reason}, the durations and the
 * token counts. The pieces of {@code content} and {@code thinking} are joined, tool calls gathered, and the last
 * line's other fields kept. A line {@code {"error": "..."}} (the same page, "Errors") is the reply's error. A stream
 * without its {@code done: true} line, or whose lines are not chat lines, is refused: assembling it would guess.
 */
final class OllamaStream {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private OllamaStream() {}

  /** An error line's message, if the stream carries one. */
  static Optional<String> error(List<JsonNode> lines) {
    for (JsonNode line : lines) {
      if (line.path("error").isTextual()) {
        return Optional.of(line.path("error").asText());
      }
    }
    return Optional.empty();
  }

  /**
   * The whole reply's body.
   *
   * @throws UnreadableBodyException (not retryable) when the lines cannot be assembled
   */
  static byte[] assemble(List<JsonNode> lines) {
    if (lines.isEmpty()) {
      throw refused("it holds no line");
    }
    StringBuilder content = new StringBuilder();
    StringBuilder thinking = new StringBuilder();
    ArrayNode toolCalls = MAPPER.createArrayNode();
    String role = "assistant";
    JsonNode last = null;
    for (int i = 0; i < lines.size(); i++) {
      JsonNode line = lines.get(i);
      if (!line.isObject() || !line.has("done") || !(line.path("message").isObject() || line.path("done").asBoolean())) {
        throw refused("line " + (i + 1) + " is not an Ollama chat line (message and done)");
      }
      if (last != null && last.path("done").asBoolean()) {
        throw refused("line " + (i + 1) + " comes after the line marked done");
      }
      JsonNode m = line.path("message");
      role = m.path("role").asText(role);
      content.append(m.path("content").asText(""));
      thinking.append(m.path("thinking").asText(""));
      m.path("tool_calls").forEach(toolCalls::add);
      last = line;
    }
    if (!last.path("done").asBoolean()) {
      throw refused("it ended before its last line (\"done\": true), after " + lines.size() + " lines");
    }
    ObjectNode whole = last.deepCopy();
    ObjectNode message = whole.putObject("message").put("role", role).put("content", content.toString());
    if (thinking.length() > 0) {
      message.put("thinking", thinking.toString());
    }
    if (!toolCalls.isEmpty()) {
      message.set("tool_calls", toolCalls);
    }
    return whole.toString().getBytes(StandardCharsets.UTF_8);
  }

  static UnreadableBodyException refused(String why) {
    return new UnreadableBodyException("the server streamed its reply as " + ReplyBody.Streaming.NDJSON.words()
        + " although clarq asked for one whole reply, and it cannot be assembled as Ollama's: " + why
        + "; turn streaming off at the server or proxy", false);
  }
}
