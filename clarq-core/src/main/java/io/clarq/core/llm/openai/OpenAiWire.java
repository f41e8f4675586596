package io.clarq.core.llm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.LlmText;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The OpenAI chat-completions wire format: a {@link ChatRequest} as a JSON body, a JSON body as a reply. */
public final class OpenAiWire {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private OpenAiWire() {}

  /**
   * The request body. Unset parameters are left out so the server's defaults apply; an empty model (in the request
   * and as {@code defaultModel}) is left out too, for servers that serve one model.
   *
   * @throws IllegalArgumentException when the JSON schema is not JSON
   */
  public static ObjectNode requestBody(ChatRequest r, String defaultModel) {
    ObjectNode body = MAPPER.createObjectNode();
    String model = r.model().isEmpty() ? defaultModel : r.model();
    if (!model.isEmpty()) {
      body.put("model", model);
    }
    ArrayNode messages = body.putArray("messages");
    for (ChatMessage m : r.messages()) {
      messages.addObject().put("role", m.role().wireName()).put("content", m.content());
    }
    r.temperature().ifPresent(t -> body.put("temperature", t));
    r.topP().ifPresent(p -> body.put("top_p", p));
    r.seed().ifPresent(s -> body.put("seed", s));
    r.maxTokens().ifPresent(n -> body.put("max_tokens", n));
    if (!r.stop().isEmpty()) {
      ArrayNode stop = body.putArray("stop");
      r.stop().forEach(stop::add);
    }
    if (r.responseFormat() == ResponseFormat.JSON_OBJECT) {
      body.putObject("response_format").put("type", "json_object");
    } else if (r.responseFormat() == ResponseFormat.JSON_SCHEMA) {
      body.putObject("response_format").put("type", "json_schema").set("json_schema", jsonSchema(r));
    }
    if (r.logprobs()) {
      body.put("logprobs", true);
      r.topLogprobs().ifPresent(n -> body.put("top_logprobs", n));
    }
    return body;
  }

  /** The body as bytes. */
  public static byte[] toBytes(JsonNode body) {
    try {
      return MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a JSON tree", e);
    }
  }

  // a schema given as {"name": ..., "schema": {...}} is OpenAI's json_schema object already; a bare schema is wrapped
  private static JsonNode jsonSchema(ChatRequest r) {
    String text = r.jsonSchema().orElseThrow();
    JsonNode schema;
    try {
      schema = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("illegal JSON schema in chat request: not JSON: " + e.getOriginalMessage(), e);
    }
    if (!schema.isObject()) {
      throw new IllegalArgumentException("illegal JSON schema in chat request: must be a JSON object, got " + text);
    }
    if (schema.has("name") && schema.has("schema")) {
      return schema;
    }
    ObjectNode wrapped = MAPPER.createObjectNode().put("name", "reply");
    wrapped.set("schema", schema);
    return wrapped;
  }

  /**
   * Reads a chat-completions reply: the first choice's text, finish reason and log-probabilities, and the usage.
   *
   * @throws IllegalArgumentException saying what is malformed (not JSON, no choices, no message)
   */
  public static ChatResponse parseReply(byte[] body, Duration latency) {
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (IOException e) {
      throw new IllegalArgumentException("reply is not JSON (" + body.length + " bytes): "
          + LlmText.firstLine(e.getMessage()), e);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("reply is not a JSON object (" + body.length + " bytes)");
    }
    JsonNode choice = root.path("choices").path(0);
    if (!choice.isObject()) {
      throw new IllegalArgumentException("reply has no choices: " + LlmText.abbreviate(new String(body,
          java.nio.charset.StandardCharsets.UTF_8), 300));
    }
    JsonNode message = choice.path("message");
    if (!message.isObject()) {
      throw new IllegalArgumentException("reply's first choice has no message");
    }
    JsonNode content = message.path("content");
    if (!content.isTextual() && !content.isNull() && !content.isMissingNode()) {
      // a number, an object, a list: not a reply a caller could read; null is the protocol's "no text"
      throw new IllegalArgumentException("message content is " + content.getNodeType().name().toLowerCase(
          java.util.Locale.ROOT) + ", not a string: " + LlmText.abbreviate(content.toString(), 200));
    }
    String text = content.isTextual() ? content.asText() : "";
    String finish = choice.path("finish_reason").isTextual() ? choice.path("finish_reason").asText() : "";
    JsonNode u = root.path("usage");
    TokenUsage usage = u.isObject()
        ? new TokenUsage(Math.max(0, u.path("prompt_tokens").asLong(0)),
            Math.max(0, u.path("completion_tokens").asLong(0)))
        : TokenUsage.ZERO;
    return new ChatResponse(text, finish, usage, latency, logprobs(choice.path("logprobs").path("content")));
  }

  private static List<TokenLogprob> logprobs(JsonNode content) {
    List<TokenLogprob> out = new ArrayList<>();
    for (JsonNode t : content) {
      List<TokenLogprob.Alternative> top = new ArrayList<>();
      for (JsonNode a : t.path("top_logprobs")) {
        top.add(new TokenLogprob.Alternative(a.path("token").asText(""), a.path("logprob").asDouble()));
      }
      out.add(new TokenLogprob(t.path("token").asText(""), t.path("logprob").asDouble(), top));
    }
    return out;
  }

  /** The error body's {@code error.message} (or {@code error} as text, or the body itself), shortened. */
  public static String errorMessage(byte[] body) {
    String raw = new String(body, java.nio.charset.StandardCharsets.UTF_8);
    try {
      JsonNode root = MAPPER.readTree(body);
      JsonNode error = root == null ? null : root.path("error");
      if (error != null && error.isObject() && error.path("message").isTextual()) {
        return LlmText.abbreviate(error.path("message").asText(), 300);
      }
      if (error != null && error.isTextual()) {
        return LlmText.abbreviate(error.asText(), 300);
      }
      if (root != null && root.path("message").isTextual()) {
        return LlmText.abbreviate(root.path("message").asText(), 300);
      }
    } catch (IOException e) {
      // not JSON: fall through to the raw text, which is what the server said
    }
    return LlmText.abbreviate(raw.strip(), 300);
  }

  /** The error body's {@code error.code} (or {@code error.type}), empty when absent. */
  public static String errorCode(byte[] body) {
    try {
      JsonNode error = MAPPER.readTree(body).path("error");
      return error.path("code").isTextual() ? error.path("code").asText() : error.path("type").asText("");
    } catch (IOException | NullPointerException e) {
      return "";
    }
  }
}
