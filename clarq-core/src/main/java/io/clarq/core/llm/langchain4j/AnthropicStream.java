package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An Anthropic message streamed as server-sent events although none was asked for, assembled into the one message
 * the Messages API would have sent whole (https://docs.anthropic.com/en/api/messages-streaming): {@code message_start}
 * carries the message without content, each content block comes as {@code content_block_start}, its
 * {@code content_block_delta}s ({@code text_delta}, {@code thinking_delta}, {@code signature_delta},
 * {@code input_json_delta}) and {@code content_block_stop}, then {@code message_delta} carries {@code stop_reason},
 * {@code stop_sequence} and the final usage, and {@code message_stop} ends it; {@code ping}s are skipped. An
 * {@code error} event is the reply's error. A stream that never says its {@code stop_reason} is refused.
 */
final class AnthropicStream {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private AnthropicStream() {}

  /** The events' data as JSON, or empty when they are not Anthropic's (no {@code message_start} first). */
  static Optional<List<JsonNode>> events(List<ReplyBody.Event> events) {
    List<JsonNode> out = new ArrayList<>();
    for (ReplyBody.Event e : events) {
      try {
        out.add(MAPPER.readTree(e.data()));
      } catch (JsonProcessingException x) {
        return Optional.empty();
      }
    }
    boolean anthropic = !out.isEmpty() && (out.get(0).path("type").asText("").equals("message_start")
        || out.get(0).path("type").asText("").equals("error"));
    return anthropic ? Optional.of(out) : Optional.empty();
  }

  /** The error an {@code error} event carries, as Anthropic's error body, if any. */
  static Optional<JsonNode> error(List<JsonNode> events) {
    return events.stream().filter(e -> e.path("type").asText("").equals("error")).findFirst();
  }

  /**
   * The whole message's body.
   *
   * @throws UnreadableBodyException (not retryable) when the events cannot be assembled
   */
  static byte[] assemble(List<JsonNode> events) {
    ObjectNode message = null;
    Map<Integer, ObjectNode> blocks = new TreeMap<>();
    Map<Integer, StringBuilder> json = new TreeMap<>();
    boolean stopped = false;
    for (JsonNode e : events) {
      String type = e.path("type").asText("");
      switch (type) {
        case "message_start" -> message = e.path("message").isObject() ? (ObjectNode) e.get("message").deepCopy()
            : null;
        case "content_block_start" -> blocks.put(e.path("index").asInt(blocks.size()),
            e.path("content_block").isObject() ? (ObjectNode) e.get("content_block").deepCopy()
                : MAPPER.createObjectNode());
        case "content_block_delta" -> {
          int index = e.path("index").asInt(0);
          ObjectNode block = blocks.computeIfAbsent(index, i -> MAPPER.createObjectNode());
          JsonNode d = e.path("delta");
          switch (d.path("type").asText("")) {
            case "text_delta" -> block.put("text", block.path("text").asText("") + d.path("text").asText(""));
            case "thinking_delta" -> block.put("thinking", block.path("thinking").asText("")
                + d.path("thinking").asText(""));
            case "signature_delta" -> block.put("signature", block.path("signature").asText("")
                + d.path("signature").asText(""));
            case "input_json_delta" -> json.computeIfAbsent(index, i -> new StringBuilder())
                .append(d.path("partial_json").asText(""));
            default -> throw refused("a delta of unknown type " + d.path("type"));
          }
        }
        case "message_delta" -> {
          if (message == null) {
            throw refused("message_delta before message_start");
          }
          ObjectNode whole = message;
          e.path("delta").fields().forEachRemaining(f -> whole.set(f.getKey(), f.getValue()));
          if (e.path("usage").isObject()) {
            ObjectNode usage = message.path("usage").isObject() ? (ObjectNode) message.get("usage")
                : message.putObject("usage");
            e.get("usage").fields().forEachRemaining(f -> usage.set(f.getKey(), f.getValue()));
          }
          stopped |= e.path("delta").hasNonNull("stop_reason");
        }
        case "content_block_stop", "message_stop", "ping" -> { }
        default -> throw refused("an event of unknown type \"" + type + "\"");
      }
    }
    if (message == null || !stopped) {
      throw refused(message == null ? "no message_start" : "it ended before its stop_reason (no message_delta)");
    }
    for (Map.Entry<Integer, StringBuilder> j : json.entrySet()) {
      try {
        String text = j.getValue().toString();
        blocks.get(j.getKey()).set("input", text.isBlank() ? MAPPER.createObjectNode() : MAPPER.readTree(text));
      } catch (JsonProcessingException x) {
        throw refused("the input of block " + j.getKey() + " is not JSON: " + ReplyBody.jsonError(x));
      }
    }
    ArrayNode content = message.putArray("content");
    blocks.values().forEach(content::add);
    return message.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static UnreadableBodyException refused(String why) {
    return new UnreadableBodyException("the server streamed its reply as " + ReplyBody.Streaming.SSE.words()
        + " although clarq asked for one whole reply, and it cannot be assembled as Anthropic's: " + why
        + "; turn streaming off at the server or proxy", false);
  }
}
