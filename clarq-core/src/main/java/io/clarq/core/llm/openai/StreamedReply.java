package io.clarq.core.llm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A chat completion the server streamed although clarq sent no {@code stream: true}, assembled into the one
 * {@code chat.completion} it would have sent whole. The stream is OpenAI's
 * (https://platform.openai.com/docs/api-reference/chat/streaming): {@code chat.completion.chunk} objects, as
 * server-sent events ending with {@code data: [DONE]} or as NDJSON lines, each choice's {@code delta} carrying a
 * piece of the message ({@code role}, {@code content}, {@code refusal}, {@code reasoning_content} or
 * {@code reasoning}, {@code tool_calls} by index with their {@code function.arguments} in pieces) and the last its
 * {@code finish_reason}; {@code usage} comes with the last chunk. Pieces are joined per choice {@code index}; an
 * OpenRouter error inside a choice (openrouter.ai/docs/api-reference/errors, "Errors during streaming") is kept on
 * the choice, and a chunk that is an error ({@code {"error": ...}}) is the reply. A stream whose chunks are not
 * chunks, or that ends before any choice's {@code finish_reason}, is refused at once: assembling it would guess.
 */
final class StreamedReply {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private StreamedReply() {}

  /**
   * The reply as one JSON body.
   *
   * @throws UnreadableBodyException (not retryable) when the stream cannot be assembled
   */
  static JsonNode assemble(ReplyBody.Streaming streaming, byte[] body) {
    List<JsonNode> chunks = new ArrayList<>();
    if (streaming == ReplyBody.Streaming.SSE) {
      int n = 0;
      for (ReplyBody.Event e : ReplyBody.events(body)) {
        n++;
        if (e.data().strip().equals("[DONE]")) {
          break;
        }
        try {
          chunks.add(MAPPER.readTree(e.data()));
        } catch (JsonProcessingException x) {
          throw refused(streaming, "event " + n + " is not JSON: " + ReplyBody.jsonError(x));
        }
      }
    } else {
      chunks.addAll(ReplyBody.lines(body));
    }
    if (chunks.isEmpty()) {
      throw refused(streaming, "it holds no chunk");
    }
    if (chunks.size() == 1 && chunks.get(0).path("choices").path(0).has("message")) {
      return chunks.get(0);   // one whole completion, only labelled as a stream
    }
    ObjectNode reply = MAPPER.createObjectNode();
    Map<Integer, Choice> choices = new TreeMap<>();
    JsonNode usage = null;
    for (int i = 0; i < chunks.size(); i++) {
      JsonNode chunk = chunks.get(i);
      if (!chunk.isObject()) {
        throw refused(streaming, "chunk " + (i + 1) + " is not a JSON object");
      }
      if (!chunk.has("choices") && chunk.hasNonNull("error")) {
        return chunk;   // the server streamed an error: read as one
      }
      if (!chunk.path("choices").isArray()) {
        throw refused(streaming, "chunk " + (i + 1) + " is not a chat.completion.chunk (no choices)");
      }
      for (String field : List.of("id", "created", "model", "system_fingerprint")) {
        if (!reply.has(field) && chunk.hasNonNull(field)) {
          reply.set(field, chunk.get(field));
        }
      }
      if (chunk.path("usage").isObject()) {
        usage = chunk.get("usage");
      }
      for (JsonNode c : chunk.path("choices")) {
        if (c.has("message") && !c.has("delta")) {
          throw refused(streaming, "chunk " + (i + 1) + " holds a whole message, not a delta");
        }
        choices.computeIfAbsent(c.path("index").asInt(0), Choice::new).add(c);
      }
    }
    if (choices.values().stream().noneMatch(c -> c.finish != null || c.error != null)) {
      throw refused(streaming, "it ended before any choice's finish_reason (" + chunks.size() + " chunks)");
    }
    reply.put("object", "chat.completion");
    ArrayNode out = reply.putArray("choices");
    choices.values().forEach(c -> out.add(c.whole()));
    if (usage != null) {
      reply.set("usage", usage);
    }
    return reply;
  }

  private static UnreadableBodyException refused(ReplyBody.Streaming streaming, String why) {
    return new UnreadableBodyException("the server streamed its reply as " + streaming.words() + " although clarq"
        + " asked for one whole reply, and it cannot be assembled: " + why + "; turn streaming off at the server or"
        + " proxy", false);
  }

  /** One choice's pieces. */
  private static final class Choice {
    final int index;
    String role = "assistant";
    StringBuilder content;
    final StringBuilder refusal = new StringBuilder();
    final StringBuilder reasoningContent = new StringBuilder();
    final StringBuilder reasoning = new StringBuilder();
    final Map<Integer, ObjectNode> toolCalls = new TreeMap<>();
    final ArrayNode logprobs = MAPPER.createArrayNode();
    JsonNode finish;
    JsonNode error;

    Choice(int index) {
      this.index = index;
    }

    void add(JsonNode c) {
      JsonNode d = c.path("delta");
      if (d.path("role").isTextual()) {
        role = d.path("role").asText();
      }
      if (d.path("content").isTextual()) {
        content = content == null ? new StringBuilder() : content;
        content.append(d.path("content").asText());
      }
      append(refusal, d.path("refusal"));
      append(reasoningContent, d.path("reasoning_content"));
      append(reasoning, d.path("reasoning"));
      for (JsonNode t : d.path("tool_calls")) {
        ObjectNode call = toolCalls.computeIfAbsent(t.path("index").asInt(toolCalls.size()),
            k -> MAPPER.createObjectNode());
        for (String field : List.of("id", "type")) {
          if (t.path(field).isTextual()) {
            call.put(field, t.path(field).asText());
          }
        }
        ObjectNode function = call.has("function") ? (ObjectNode) call.get("function") : call.putObject("function");
        if (t.path("function").path("name").isTextual()) {
          function.put("name", t.path("function").path("name").asText());
        }
        function.put("arguments", function.path("arguments").asText("")
            + t.path("function").path("arguments").asText(""));
      }
      c.path("logprobs").path("content").forEach(logprobs::add);
      if (c.hasNonNull("finish_reason")) {
        finish = c.get("finish_reason");
      }
      if (c.path("error").isObject()) {
        error = c.get("error");
      }
    }

    private static void append(StringBuilder to, JsonNode piece) {
      if (piece.isTextual()) {
        to.append(piece.asText());
      }
    }

    ObjectNode whole() {
      ObjectNode c = MAPPER.createObjectNode().put("index", index);
      ObjectNode m = c.putObject("message").put("role", role);
      if (content == null) {
        m.putNull("content");
      } else {
        m.put("content", content.toString());
      }
      if (refusal.length() > 0) {
        m.put("refusal", refusal.toString());
      }
      if (reasoningContent.length() > 0) {
        m.put("reasoning_content", reasoningContent.toString());
      }
      if (reasoning.length() > 0) {
        m.put("reasoning", reasoning.toString());
      }
      if (!toolCalls.isEmpty()) {
        ArrayNode calls = m.putArray("tool_calls");
        toolCalls.values().forEach(calls::add);
      }
      if (logprobs.isEmpty()) {
        c.putNull("logprobs");
      } else {
        c.putObject("logprobs").set("content", logprobs);
      }
      c.set("finish_reason", finish == null ? MAPPER.nullNode() : finish);
      if (error != null) {
        c.set("error", error);
      }
      return c;
    }
  }
}
