package io.clarq.core.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wire protocols of the providers clarq reaches through LangChain4j, for {@link FakeOpenAiServer#start(Wire,
 * java.util.function.Function)}: each answers a {@link FakeReply} with the body its vendor documents. A reply's finish
 * reason is given in OpenAI's words ({@code stop}, {@code length}, {@code content_filter}) and written in the
 * provider's; {@link FakeReply#contextLengthExceeded()} becomes the provider's own context-window error.
 */
public final class ProviderWires {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ProviderWires() {}

  /**
   * Anthropic's Messages API, {@code POST /v1/messages} with {@code x-api-key} and {@code anthropic-version}
   * (https://docs.anthropic.com/en/api/messages); errors {@code {"type":"error","error":{"type":...,"message":...}}}
   * with the types of https://docs.anthropic.com/en/api/errors (529 {@code overloaded_error}); a prompt over the
   * window is 400 {@code invalid_request_error} "prompt is too long: N tokens > M maximum".
   */
  public static final Wire ANTHROPIC = new Wire() {
    @Override
    public String basePath() {
      return "/v1";
    }

    @Override
    public boolean routes(String path) {
      return path.equals("/v1/messages");
    }

    @Override
    public byte[] completion(FakeReply reply, RecordedRequest request, int call) throws IOException {
      ObjectNode root = MAPPER.createObjectNode();
      root.put("id", "msg_fake" + call);
      root.put("type", "message");
      root.put("role", "assistant");
      root.put("model", request.model().isEmpty() ? "fake-model" : request.model());
      root.putArray("content").addObject().put("type", "text").put("text", reply.text());
      root.put("stop_reason", switch (reply.finishReason()) {
        case "stop" -> "end_turn";
        case "length" -> "max_tokens";
        case "content_filter" -> "refusal";
        default -> reply.finishReason();
      });
      root.putNull("stop_sequence");
      ObjectNode usage = root.putObject("usage");
      usage.put("input_tokens", reply.usage() == null ? 0 : reply.usage().promptTokens());
      usage.put("output_tokens", reply.usage() == null ? 0 : reply.usage().completionTokens());
      return MAPPER.writeValueAsBytes(root);
    }

    @Override
    public byte[] error(FakeReply reply, RecordedRequest request) throws IOException {
      String type = switch (reply.status()) {
        case 400 -> "invalid_request_error";
        case 401 -> "authentication_error";
        case 403 -> "permission_error";
        case 404 -> "not_found_error";
        case 413 -> "request_too_large";
        case 429 -> "rate_limit_error";
        case 529 -> "overloaded_error";
        default -> "api_error";
      };
      String message = contextError(reply) ? "prompt is too long: 208310 tokens > 200000 maximum"
          : message(reply, request, this);
      ObjectNode root = MAPPER.createObjectNode().put("type", "error");
      root.putObject("error").put("type", type).put("message", message);
      return MAPPER.writeValueAsBytes(root);
    }

    @Override
    public Optional<String> keyOf(RecordedRequest request) {
      return request.header("x-api-key");
    }

    @Override
    public Optional<String> ending(ProtocolNeutralLlmClientContract.Ending ending, String text) {
      return EndingBodies.anthropic(ending, text);
    }

    @Override
    public String toString() {
      return "Anthropic";
    }
  };

  /**
   * The Gemini API, {@code POST /v1beta/models/MODEL:generateContent} with {@code x-goog-api-key}
   * (https://ai.google.dev/api/generate-content); errors {@code {"error":{"code","message","status"}}}
   * with google.rpc details (https://ai.google.dev/gemini-api/docs/troubleshooting): 429 RESOURCE_EXHAUSTED with a
   * {@code RetryInfo.retryDelay} when the reply has a Retry-After, an invalid key as 400 INVALID_ARGUMENT with
   * reason API_KEY_INVALID when the error code is {@code API_KEY_INVALID}, an over-long prompt as 400 "The input
   * token count (N) exceeds the maximum number of tokens allowed (M)."
   */
  public static final Wire GEMINI = new Wire() {
    private final Pattern route = Pattern.compile("/v1beta/models/([^/:]+):generateContent");

    @Override
    public String basePath() {
      return "/v1beta";
    }

    @Override
    public boolean routes(String path) {
      return route.matcher(path).matches();
    }

    @Override
    public byte[] completion(FakeReply reply, RecordedRequest request, int call) throws IOException {
      ObjectNode root = MAPPER.createObjectNode();
      ObjectNode candidate = root.putArray("candidates").addObject();
      ObjectNode content = candidate.putObject("content");
      content.putArray("parts").addObject().put("text", reply.text());
      content.put("role", "model");
      candidate.put("finishReason", switch (reply.finishReason()) {
        case "stop" -> "STOP";
        case "length" -> "MAX_TOKENS";
        case "content_filter" -> "SAFETY";
        default -> reply.finishReason().toUpperCase(java.util.Locale.ROOT);
      });
      candidate.put("index", 0);
      // the API always sends usageMetadata (LangChain4j's Gemini module relies on it); zeros when none is scripted
      io.clarq.core.llm.TokenUsage usage = reply.usage() == null ? io.clarq.core.llm.TokenUsage.ZERO : reply.usage();
      root.putObject("usageMetadata").put("promptTokenCount", usage.promptTokens())
          .put("candidatesTokenCount", usage.completionTokens())
          .put("totalTokenCount", usage.totalTokens());
      Matcher m = route.matcher(request.path());
      root.put("modelVersion", m.matches() ? m.group(1) : "fake-model");
      root.put("responseId", "fake" + call);
      return MAPPER.writeValueAsBytes(root);
    }

    @Override
    public byte[] error(FakeReply reply, RecordedRequest request) throws IOException {
      String status = switch (reply.status()) {
        case 400 -> "INVALID_ARGUMENT";
        case 401 -> "UNAUTHENTICATED";
        case 403 -> "PERMISSION_DENIED";
        case 404 -> "NOT_FOUND";
        case 429 -> "RESOURCE_EXHAUSTED";
        case 503 -> "UNAVAILABLE";
        case 504 -> "DEADLINE_EXCEEDED";
        default -> "INTERNAL";
      };
      String message = contextError(reply)
          ? "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."
          : message(reply, request, this);
      ObjectNode root = MAPPER.createObjectNode();
      ObjectNode error = root.putObject("error").put("code", reply.status()).put("message", message)
          .put("status", status);
      ArrayNode details = error.putArray("details");
      if (reply.errorCode().equals("API_KEY_INVALID")) {
        details.addObject().put("@type", "type.googleapis.com/google.rpc.ErrorInfo").put("reason", "API_KEY_INVALID")
            .put("domain", "googleapis.com");
      }
      String retryAfter = reply.headers().get("Retry-After");
      if (retryAfter != null) {
        details.addObject().put("@type", "type.googleapis.com/google.rpc.RetryInfo")
            .put("retryDelay", retryAfter + "s");
      }
      return MAPPER.writeValueAsBytes(root);
    }

    @Override
    public Optional<String> keyOf(RecordedRequest request) {
      // LangChain4j sends the header; the ?key= form is not recorded (RecordedRequest keeps the path only)
      return request.header("x-goog-api-key");
    }

    @Override
    public Optional<String> ending(ProtocolNeutralLlmClientContract.Ending ending, String text) {
      return EndingBodies.gemini(ending, text);
    }

    @Override
    public String toString() {
      return "Gemini";
    }
  };

  /**
   * Ollama's native chat, {@code POST /api/chat} with {@code "stream": false}
   * (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion); errors {@code {"error":"..."}}
   * (same page, "Errors"). Ollama has no context-window error: it cuts a long prompt to {@code options.num_ctx}
   * silently (https://github.com/ollama/ollama/issues/4967), so a context error is written as a plain 400.
   */
  public static final Wire OLLAMA = new Wire() {
    @Override
    public String basePath() {
      return "";
    }

    @Override
    public boolean routes(String path) {
      return path.equals("/api/chat");
    }

    @Override
    public byte[] completion(FakeReply reply, RecordedRequest request, int call) throws IOException {
      ObjectNode root = MAPPER.createObjectNode();
      root.put("model", request.model().isEmpty() ? "fake-model" : request.model());
      root.put("created_at", "2025-01-01T00:00:00.000000Z");
      root.putObject("message").put("role", "assistant").put("content", reply.text());
      root.put("done", true);
      root.put("done_reason", reply.finishReason());
      root.put("total_duration", 1_000_000L);
      if (reply.usage() != null) {
        root.put("prompt_eval_count", reply.usage().promptTokens());
        root.put("eval_count", reply.usage().completionTokens());
      }
      return MAPPER.writeValueAsBytes(root);
    }

    @Override
    public byte[] error(FakeReply reply, RecordedRequest request) throws IOException {
      return MAPPER.writeValueAsBytes(MAPPER.createObjectNode().put("error", message(reply, request, this)));
    }

    @Override
    public Optional<String> keyOf(RecordedRequest request) {
      return request.header("Authorization").map(h -> h.replaceFirst("^Bearer ", ""));
    }

    @Override
    public Optional<String> ending(ProtocolNeutralLlmClientContract.Ending ending, String text) {
      return EndingBodies.ollama(ending, text);
    }

    @Override
    public String toString() {
      return "Ollama";
    }
  };

  private static boolean contextError(FakeReply reply) {
    return reply.errorCode().equals("context_length_exceeded");
  }

  private static String message(FakeReply reply, RecordedRequest request, Wire wire) {
    return reply.echoKey() ? reply.text() + wire.keyOf(request).orElse("(none)") : reply.text();
  }
}
