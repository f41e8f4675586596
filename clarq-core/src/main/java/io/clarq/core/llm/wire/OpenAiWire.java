package io.clarq.core.llm.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The OpenAI chat-completions wire format: a {@link ChatRequest} as a JSON body, a JSON body as a reply. Internal:
 * shared by the OpenAI client, the batch wire and the conformance replays, not part of the API.
 */
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
    ObjectNode body = modelAndMessages(r, defaultModel, "messages");
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
   * Reads a chat-completions reply: the first choice's text, finish reason, reasoning and log-probabilities, and the
   * usage. The text is the message's {@code content}, or the concatenation of its text parts when it is a list of
   * parts (Mistral: {@code [{"type": "text", "text": ...}]}, docs.mistral.ai chat API). Reasoning is kept apart: the
   * message's {@code reasoning_content} (DeepSeek, vLLM's reasoning parsers) or {@code reasoning} (vLLM 0.10+,
   * Ollama's OpenAI endpoint), Mistral's {@code thinking} parts, and a leading {@code <think>...</think>} block taken
   * off the text (vLLM without a reasoning parser, DeepSeek-R1 distills, Qwen3), including the form whose opening tag
   * was part of the prompt ({@code ...</think>answer}).
   *
   * @throws IllegalArgumentException saying what is malformed (not JSON, no choices, no message)
   */
  public static ChatResponse parseReply(byte[] body, Duration latency) {
    return readReply(body, latency).response();
  }

  /** A reply with the refusal and the tool calls it carried (both also in the response's end reason). */
  public record Reply(ChatResponse response, String refusal, String toolCalls) {}

  /**
   * The body as a JSON tree.
   *
   * @throws IllegalArgumentException when the body is not JSON, naming its length and the parse error
   */
  public static JsonNode tree(byte[] body) {
    try {
      return MAPPER.readTree(body);
    } catch (IOException e) {
      throw new IllegalArgumentException("reply is not JSON (" + body.length + " bytes): "
          + (e instanceof JsonProcessingException j ? ReplyBody.jsonError(j) : LlmText.firstLine(e.getMessage())), e);
    }
  }

  /** A chat-completions reply body read, with its refusal and tool calls. */
  public static Reply readReply(byte[] body, Duration latency) {
    return readReply(tree(body), body, latency);
  }

  /** A chat-completions reply read from its tree ({@code body}, the bytes it came from, names it in errors). */
  public static Reply readReply(JsonNode root, byte[] body, Duration latency) {
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("reply is not a JSON object (" + body.length + " bytes)");
    }
    OptionalInt shared = sharedIndex(root);
    if (shared.isPresent()) {
      throw new IllegalArgumentException(twoChoices(shared.getAsInt()));
    }
    JsonNode choice = choice(root.path("choices"));
    if (!choice.isObject()) {
      throw new IllegalArgumentException("reply has no choices: " + LlmText.abbreviate(new String(body,
          java.nio.charset.StandardCharsets.UTF_8), 300));
    }
    JsonNode message = choice.path("message");
    if (!message.isObject()) {
      throw new IllegalArgumentException("reply's first choice has no message");
    }
    StringBuilder reasoning = new StringBuilder();
    for (String field : List.of("reasoning_content", "reasoning")) {
      JsonNode r = message.path(field);
      if (r.isTextual() && !r.asText().isBlank() && !reasoning.toString().equals(r.asText())) {
        append(reasoning, r.asText());
      }
    }
    JsonNode content = message.path("content");
    String text;
    if (content.isTextual()) {
      text = content.asText();
    } else if (content.isNull() || content.isMissingNode()) {
      text = "";
    } else if (content.isArray()) {
      text = parts(content, reasoning);
    } else {
      // a number, an object: not a reply a caller could read; null is the protocol's "no text"
      throw new IllegalArgumentException("message content is " + content.getNodeType().name().toLowerCase(
          java.util.Locale.ROOT) + ", not a string: " + LlmText.abbreviate(content.toString(), 200));
    }
    text = ThinkBlock.takeOff(text, reasoning);
    String finish = choice.path("finish_reason").isTextual() ? choice.path("finish_reason").asText() : "";
    JsonNode u = root.path("usage");
    TokenUsage usage = u.isObject()
        ? new TokenUsage(Math.max(0, u.path("prompt_tokens").asLong(0)),
            Math.max(0, u.path("completion_tokens").asLong(0)),
            Math.max(0, u.path("completion_tokens_details").path("reasoning_tokens").asLong(0)))
            // https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage: cached_tokens are
            // part of prompt_tokens, as clarq counts them
            .withCache(u.path("prompt_tokens_details").path("cached_tokens").asLong(0), 0)
        : TokenUsage.ZERO;
    String refusal = message.path("refusal").isTextual() ? message.path("refusal").asText() : "";
    JsonNode calls = message.path("tool_calls");
    String toolCalls = calls.isArray() && calls.size() > 0 ? calls.toString() : "";
    ChatResponse response = new ChatResponse(text, finish, usage, latency,
        logprobs(choice.path("logprobs").path("content")), reasoning.toString(),
        endReason(finish, refusal, toolCalls));
    return new Reply(response, refusal, toolCalls);
  }

  /**
   * A body opened with the model (the request's, else {@code defaultModel}; left out when both are empty) and the
   * messages, in order, as {@code {"role", "content"}} objects under {@code field}: the start both OpenAI APIs share.
   */
  public static ObjectNode modelAndMessages(ChatRequest r, String defaultModel, String field) {
    ObjectNode body = MAPPER.createObjectNode();
    String model = r.model().isEmpty() ? defaultModel : r.model();
    if (!model.isEmpty()) {
      body.put("model", model);
    }
    ArrayNode messages = body.putArray(field);
    for (ChatMessage m : r.messages()) {
      messages.addObject().put("role", m.role().wireName()).put("content", m.content());
    }
    return body;
  }

  /** The index two of the reply's choices share, if any. */
  public static OptionalInt sharedIndex(JsonNode root) {
    Set<Integer> seen = new HashSet<>();
    for (JsonNode c : root.path("choices")) {
      if (c.path("index").isIntegralNumber() && !seen.add(c.path("index").asInt())) {
        return OptionalInt.of(c.path("index").asInt());
      }
    }
    return OptionalInt.empty();
  }

  /** The error message for a reply whose choices share {@code index}. */
  public static String twoChoices(int index) {
    return "reply has two choices with index " + index + ": which one is the reply cannot be told";
  }

  // the choice of index 0, else the first (a server may list its choices in any order or leave the index out)
  private static JsonNode choice(JsonNode choices) {
    for (JsonNode c : choices) {
      if (c.path("index").isIntegralNumber() && c.path("index").asInt() == 0) {
        return c;
      }
    }
    return choices.path(0);
  }

  /**
   * The end reason: {@code finish_reason}, unless the message says more: a {@code refusal} (its words the detail)
   * where the reply was not cut, {@code tool_calls} (as JSON, the detail) where it ended of itself.
   */
  public static EndReason endReason(String finish, String refusal, String toolCalls) {
    EndReason end = EndReason.openAi(finish);
    boolean cut = end.kind() == EndReason.Kind.LENGTH || end.kind() == EndReason.Kind.CONTENT_FILTER;
    if (!refusal.isBlank() && !cut) {
      return new EndReason(EndReason.Kind.REFUSAL, "message.refusal", "", refusal);
    }
    if (!toolCalls.isEmpty() && !cut) {
      return new EndReason(EndReason.Kind.TOOL_CALLS, "message.tool_calls", "", toolCalls);
    }
    return end;
  }

  // the text parts joined; "thinking" parts (Mistral's Magistral: {"type": "thinking", "thinking": [parts]}) go to
  // the reasoning; other parts (images, references) carry no text to speak
  private static String parts(JsonNode content, StringBuilder reasoning) {
    StringBuilder text = new StringBuilder();
    for (JsonNode part : content) {
      if (part.isTextual()) {
        text.append(part.asText());
      } else if ("text".equals(part.path("type").asText("")) && part.path("text").isTextual()) {
        text.append(part.path("text").asText());
      } else if ("thinking".equals(part.path("type").asText(""))) {
        JsonNode thinking = part.path("thinking");
        if (thinking.isTextual()) {
          append(reasoning, thinking.asText());
        } else {
          StringBuilder t = new StringBuilder();
          for (JsonNode p : thinking) {
            if (p.path("text").isTextual()) {
              t.append(p.path("text").asText());
            }
          }
          append(reasoning, t.toString());
        }
      }
    }
    return text.toString();
  }

  private static void append(StringBuilder reasoning, String more) {
    ThinkBlock.append(reasoning, more);
  }

  /**
   * Token log-probabilities as both OpenAI APIs give them ({@code choices[].logprobs.content} and the Responses API's
   * {@code output_text.logprobs}): {@code [{"token", "logprob", "top_logprobs": [{"token", "logprob"}]}]}.
   */
  public static List<TokenLogprob> logprobs(JsonNode content) {
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
}
