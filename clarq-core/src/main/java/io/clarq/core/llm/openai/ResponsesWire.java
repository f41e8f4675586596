package io.clarq.core.llm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.wire.LlmText;
import io.clarq.core.llm.wire.OpenAiWire;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * OpenAI's Responses API on the wire, as documented at platform.openai.com/docs/api-reference/responses/create (the
 * request) and /responses/object (the reply): a {@link ChatRequest} as a {@code POST {base}/responses} body, a
 * response object read for the reply policy.
 *
 * <p>The request: {@code model}; {@code input}, the messages in order as {@code {"role", "content"}} items, the system
 * prompt as a {@code system} item where the request has it (the API's own form for it, so a dialogue's messages go out
 * in order and byte for byte; {@code instructions} is not used); {@code temperature}, {@code top_p},
 * {@code max_output_tokens} when set; JSON mode and schemas as {@code text.format}; log-probabilities as
 * {@code top_logprobs} with {@code include: ["message.output_text.logprobs"]}; and {@code store: false}, so OpenAI keeps
 * no copy. The API takes no {@code seed} and no {@code stop}: a request carrying them gets a recorded deviation
 * ({@link #unsent}). Reasoning settings ({@code reasoning: {"effort", "summary"}}) are the user's body fields.
 *
 * <p>The reply: the text is every {@code output_text} part of the {@code message} items, in order; {@code refusal}
 * parts are the refusal; {@code reasoning} items' summaries (and {@code reasoning_text} content, where a server sends
 * it) are the reasoning, never the text; {@code *_call} items are tool calls. {@code status: "completed"} is finish
 * reason {@code stop} ({@code tool_calls} when there are calls), {@code "incomplete"} with
 * {@code incomplete_details.reason} {@code max_output_tokens} is {@code length} and {@code content_filter} is
 * {@code content_filter}, so the chat client's reply policy applies unchanged; {@code "failed"} is the {@code error}
 * it carries ({@link #errorIn}).
 */
final class ResponsesWire {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String LOGPROBS_INCLUDE = "message.output_text.logprobs";
  // the codes of a failed response's error (/responses/object, "error.code") that say the request was at fault:
  // asking again gets the same answer
  private static final Set<String> REQUEST_FAULTS = Set.of("invalid_prompt", "invalid_image", "invalid_image_format",
      "invalid_base64_image", "invalid_image_url", "image_too_large", "image_too_small", "image_parse_error",
      "image_content_policy_violation", "invalid_image_mode", "image_file_too_large", "unsupported_image_media_type",
      "empty_image_file", "failed_to_download_image", "image_file_not_found");

  private ResponsesWire() {}

  /**
   * The request body. Unset parameters are left out so the server's defaults apply; an empty model is left out.
   *
   * @throws IllegalArgumentException when the JSON schema is not JSON
   */
  static ObjectNode requestBody(ChatRequest r, String defaultModel) {
    ObjectNode body = OpenAiWire.modelAndMessages(r, defaultModel, "input");
    r.temperature().ifPresent(t -> body.put("temperature", t));
    r.topP().ifPresent(p -> body.put("top_p", p));
    r.maxTokens().ifPresent(n -> body.put("max_output_tokens", n));
    if (r.responseFormat() == ResponseFormat.JSON_OBJECT) {
      body.putObject("text").putObject("format").put("type", "json_object");
    } else if (r.responseFormat() == ResponseFormat.JSON_SCHEMA) {
      body.putObject("text").set("format", schemaFormat(r));
    }
    if (r.logprobs()) {
      body.putArray("include").add(LOGPROBS_INCLUDE);
      r.topLogprobs().ifPresent(n -> body.put("top_logprobs", n));
    }
    body.put("store", false);
    return body;
  }

  /** What of {@code r} the Responses API has no field for: deviation name to reason. */
  static Map<String, String> unsent(ChatRequest r) {
    Map<String, String> out = new LinkedHashMap<>();
    if (r.seed().isPresent()) {
      out.put("seed not sent", "the Responses API takes no seed (platform.openai.com/docs/api-reference/responses/"
          + "create)");
    }
    if (!r.stop().isEmpty()) {
      out.put("stop not sent", "the Responses API takes no stop sequences");
    }
    return out;
  }

  // text.format for a schema: {"type": "json_schema", "name", "schema", "strict"?, "description"?}; a schema given as
  // the chat API's json_schema object ({"name", "schema", ...}) is flattened into it, a bare schema named "reply"
  private static ObjectNode schemaFormat(ChatRequest r) {
    String text = r.jsonSchema().orElseThrow();
    JsonNode schema;
    try {
      schema = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("illegal JSON schema in chat request: not JSON: " + e.getOriginalMessage(), e);
    }
    if (schema == null || !schema.isObject()) {
      throw new IllegalArgumentException("illegal JSON schema in chat request: must be a JSON object, got " + text);
    }
    ObjectNode format = MAPPER.createObjectNode().put("type", "json_schema");
    if (schema.has("name") && schema.has("schema")) {
      format.set("name", schema.get("name"));
      format.set("schema", schema.get("schema"));
      for (String f : List.of("strict", "description")) {
        if (schema.has(f)) {
          format.set(f, schema.get(f));
        }
      }
    } else {
      format.put("name", "reply");
      format.set("schema", schema);
    }
    return format;
  }

  /**
   * The error of a response whose {@code status} is {@code "failed"}, with the HTTP status its code stands for
   * ({@code rate_limit_exceeded} 429, {@code server_error} 500, {@code vector_store_timeout} 504, a fault of the
   * request such as {@code invalid_prompt} 400, anything else 502); otherwise an {@code error} a gateway sent instead
   * of a response, as for chat completions.
   */
  static Optional<ServerError> errorIn(JsonNode root, byte[] body) {
    if (root == null || !root.isObject() || !"failed".equals(root.path("status").asText(""))) {
      return root != null && root.isObject() && root.has("output") ? Optional.empty()
          : ServerError.inReply(root, body);
    }
    JsonNode e = root.path("error");
    String code = e.path("code").isTextual() ? e.path("code").asText() : "";
    String message = e.path("message").isTextual() && !e.path("message").asText().isBlank()
        ? e.path("message").asText() : "response status failed" + (e.isObject() ? "" : " with no error object");
    int status = switch (code) {
      case "rate_limit_exceeded" -> 429;
      case "server_error" -> 500;
      case "vector_store_timeout" -> 504;
      default -> REQUEST_FAULTS.contains(code) ? 400 : 502;
    };
    return Optional.of(new ServerError(LlmText.abbreviate(message, 300), code, "", "", status, null));
  }

  /**
   * Reads a response object.
   *
   * @throws IllegalArgumentException saying what is malformed: not an object, no output, a status that is not a
   *     finished response, an undocumented incomplete reason
   */
  static OpenAiWire.Reply readReply(JsonNode root, byte[] body, Duration latency) {
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("reply is not a JSON object (" + body.length + " bytes)");
    }
    JsonNode output = root.path("output");
    if (!output.isArray()) {
      throw new IllegalArgumentException("reply has no output: " + LlmText.abbreviate(new String(body,
          StandardCharsets.UTF_8), 300));
    }
    String status = root.path("status").asText("");
    String finish = switch (status) {
      case "completed" -> "stop";
      case "incomplete" -> {
        String reason = root.path("incomplete_details").path("reason").asText("");
        yield switch (reason) {
          case "max_output_tokens" -> "length";
          case "content_filter" -> "content_filter";
          default -> throw new IllegalArgumentException("reply is incomplete for an undocumented reason '" + reason
              + "' (documented: max_output_tokens, content_filter)");
        };
      }
      // queued, in_progress, cancelled: clarq sends no background requests, so none of these is a reply
      default -> throw new IllegalArgumentException("reply status is '" + status + "', not a finished response"
          + " (completed or incomplete)");
    };
    StringBuilder text = new StringBuilder();
    StringBuilder refusal = new StringBuilder();
    StringBuilder reasoning = new StringBuilder();
    ArrayNode calls = MAPPER.createArrayNode();
    List<TokenLogprob> logprobs = new ArrayList<>();
    for (JsonNode item : output) {
      String type = item.path("type").asText("");
      if (type.equals("message")) {
        for (JsonNode part : item.path("content")) {
          String kind = part.path("type").asText("");
          if (kind.equals("output_text")) {
            text.append(part.path("text").asText(""));
            logprobs.addAll(OpenAiWire.logprobs(part.path("logprobs")));   // the chat API's token shape
          } else if (kind.equals("refusal")) {
            refusal.append(part.path("refusal").asText(""));
          }
        }
      } else if (type.equals("reasoning")) {
        for (String field : List.of("summary", "content")) {
          for (JsonNode part : item.path(field)) {
            append(reasoning, part.path("text").asText(""));
          }
        }
      } else if (type.endsWith("_call")) {
        calls.add(item);
      }
    }
    if (finish.equals("stop") && !calls.isEmpty()) {
      finish = "tool_calls";
    }
    JsonNode u = root.path("usage");
    TokenUsage usage = u.isObject()
        ? new TokenUsage(Math.max(0, u.path("input_tokens").asLong(0)), Math.max(0, u.path("output_tokens").asLong(0)),
            Math.max(0, u.path("output_tokens_details").path("reasoning_tokens").asLong(0)))
            // https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage: cached_tokens
            // are part of input_tokens, as clarq counts them
            .withCache(u.path("input_tokens_details").path("cached_tokens").asLong(0), 0)
        : TokenUsage.ZERO;
    ChatResponse response = new ChatResponse(text.toString(), finish, usage, latency, logprobs,
        reasoning.toString(), endReason(root, finish, refusal.toString(), calls));
    return new OpenAiWire.Reply(response, refusal.toString(), calls.isEmpty() ? "" : calls.toString());
  }

  // the end reason in the Responses API's own words (EndReason's javadoc has the mapping): a cut first, then a refusal
  // part, then tool calls, else the status
  private static EndReason endReason(JsonNode root, String finish, String refusal, ArrayNode calls) {
    if (finish.equals("length") || finish.equals("content_filter")) {
      return new EndReason(finish.equals("length") ? EndReason.Kind.LENGTH : EndReason.Kind.CONTENT_FILTER,
          "incomplete_details.reason", root.path("incomplete_details").path("reason").asText(""), "");
    }
    if (!refusal.isBlank()) {
      return new EndReason(EndReason.Kind.REFUSAL, "output.content.refusal", "", refusal);
    }
    if (!calls.isEmpty()) {
      return new EndReason(EndReason.Kind.TOOL_CALLS, "output.type", calls.get(0).path("type").asText(""),
          calls.toString());
    }
    return new EndReason(EndReason.Kind.STOP, "status", root.path("status").asText(""), "");
  }

  private static void append(StringBuilder b, String more) {
    if (more.isBlank()) {
      return;
    }
    if (b.length() > 0) {
      b.append('\n');
    }
    b.append(more);
  }
}
