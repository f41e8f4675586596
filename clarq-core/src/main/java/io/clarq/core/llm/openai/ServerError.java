package io.clarq.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.llm.wire.LlmText;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * What a server said in an error body, whichever of the shapes OpenAI-compatible servers use:
 * <ul>
 *   <li>OpenAI and Azure OpenAI: {@code {"error": {"message", "type", "param", "code"}}}
 *       (https://platform.openai.com/docs/guides/error-codes; Azure's REST reference adds {@code status} and
 *       {@code innererror});</li>
 *   <li>vLLM before the {@code error} wrapper: {@code {"object": "error", "message", "type", "param", "code": 400}}
 *       (vllm-project/vllm#4667);</li>
 *   <li>TGI: {@code {"error": "Input validation error: ...", "error_type": "validation"}} (TGI's OpenAPI spec,
 *       {@code ErrorResponse});</li>
 *   <li>Anthropic: {@code {"type": "error", "error": {"type", "message"}}} (docs.anthropic.com, Errors);</li>
 *   <li>Gemini: a JSON array {@code [{"error": {"code", "message", "status", "details": [...]}}]}, whose details may
 *       hold a {@code type.googleapis.com/google.rpc.RetryInfo} with {@code retryDelay} ("7s")
 *       (ai.google.dev/gemini-api/docs/troubleshooting; google.rpc error model);</li>
 *   <li>Mistral: {@code {"object": "error", "message": {"detail": [pydantic errors]}, "type", "param", "code"}}
 *       (the 422 for a field it does not take; Gage-Technologies/mistral-go#2);</li>
 *   <li>FastAPI-style servers: {@code {"detail": "..."}}; anything else: the body's text.</li>
 * </ul>
 *
 * @param message the server's words, shortened (never empty: the raw body when nothing else)
 * @param code {@code error.code} when text, else empty
 * @param type {@code error.type} (or TGI's {@code error_type}), else empty
 * @param param {@code error.param} (the refused request field), else empty
 * @param status an HTTP status the body names ({@code error.code} or {@code error.status} as a number), else 0
 * @param retryDelay Gemini's {@code RetryInfo.retryDelay}, or null
 */
record ServerError(String message, String code, String type, String param, int status, Duration retryDelay) {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo";

  /** Reads an error body; never fails (an unreadable body is its own message). */
  static ServerError read(byte[] body) {
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (IOException e) {
      root = null;
    }
    return read(root, body);
  }

  static ServerError read(JsonNode root, byte[] body) {
    String raw = LlmText.abbreviate(new String(body, StandardCharsets.UTF_8).strip(), 300);
    if (root != null && root.isArray() && root.size() > 0) {
      root = root.get(0);
    }
    if (root == null || !root.isObject()) {
      return new ServerError(raw, "", "", "", 0, null);
    }
    JsonNode error = root.path("error");
    if (error.isTextual()) {
      return new ServerError(LlmText.abbreviate(error.asText(), 300), "", text(root.path("error_type")), "", 0,
          null);
    }
    JsonNode e = error.isObject() ? error : root;
    // Mistral's 422 puts pydantic's list under message.detail (Gage-Technologies/mistral-go#2): shown as JSON
    JsonNode m = e.path("message");
    String message = m.isTextual() ? m.asText() : m.isContainerNode() ? m.toString()
        : root.path("detail").isTextual() ? root.path("detail").asText()
        : root.path("detail").isContainerNode() ? root.path("detail").toString() : raw;
    JsonNode code = e.path("code");
    int status = code.isIntegralNumber() ? code.asInt() : 0;
    if (status == 0 && e.path("status").isIntegralNumber()) {
      status = e.path("status").asInt();
    }
    if (status < 100 || status > 599) {
      status = 0;
    }
    return new ServerError(LlmText.abbreviate(message, 300), text(code), text(e.path("type")), text(e.path("param")),
        status, retryDelay(e.path("details")));
  }

  /**
   * The error a 2xx body carries instead of a completion ({@code error} and no {@code choices}), if it does; some
   * gateways answer 200 with the upstream server's error.
   */
  static Optional<ServerError> inReply(JsonNode root, byte[] body) {
    JsonNode r = root != null && root.isArray() && root.size() > 0 ? root.get(0) : root;
    if (r == null || !r.isObject() || r.has("choices")) {
      return Optional.empty();
    }
    if (r.has("error") && !r.path("error").isNull() || "error".equals(r.path("object").asText(""))) {
      return Optional.of(read(root, body));
    }
    return Optional.empty();
  }

  /**
   * The error a choice carries instead of its message, if one does: OpenRouter's {@code choices[i].error}
   * {@code {"code": 502, "message", "metadata": {"provider_name", "raw"}}} (openrouter.ai/docs/api-reference/errors),
   * read as the error it names, its provider named in the message.
   */
  static Optional<ServerError> inChoice(JsonNode root) {
    for (JsonNode choice : root.path("choices")) {
      JsonNode e = choice.path("error");
      if (e.isObject()) {
        com.fasterxml.jackson.databind.node.ObjectNode wrapped = MAPPER.createObjectNode();
        wrapped.set("error", e);
        ServerError s = read(wrapped, wrapped.toString().getBytes(StandardCharsets.UTF_8));
        String provider = e.path("metadata").path("provider_name").asText("");
        String where = "in choice " + choice.path("index").asInt(0) + (provider.isBlank() ? "" : ", provider "
            + LlmText.abbreviate(provider, 80));
        return Optional.of(new ServerError(s.message() + " (" + where + ")", s.code(), s.type(), s.param(),
            s.status(), s.retryDelay()));
      }
    }
    return Optional.empty();
  }

  /** The code, else the type: what a message shows after the status. */
  String codeOrType() {
    return code.isEmpty() ? type : code;
  }

  /** Whether the code or the type is {@code name}. */
  boolean is(String name) {
    return code.equals(name) || type.equals(name);
  }

  private static String text(JsonNode n) {
    return n.isTextual() ? n.asText() : "";
  }

  // google.rpc.RetryInfo's retryDelay is a protobuf Duration in JSON: decimal seconds with an "s" suffix
  private static Duration retryDelay(JsonNode details) {
    for (JsonNode d : details) {
      if (RETRY_INFO.equals(d.path("@type").asText("")) && d.path("retryDelay").isTextual()) {
        String v = d.path("retryDelay").asText().strip();
        if (v.endsWith("s")) {
          try {
            BigDecimal seconds = new BigDecimal(v.substring(0, v.length() - 1));
            if (seconds.signum() >= 0) {
              return Duration.ofNanos(seconds.movePointRight(9).longValue());
            }
          } catch (NumberFormatException | ArithmeticException e) {
            // unreadable: as if not given
          }
        }
      }
    }
    return null;
  }
}
