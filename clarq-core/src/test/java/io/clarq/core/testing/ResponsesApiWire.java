package io.clarq.core.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.TokenLogprob;
import java.io.IOException;
import java.util.Optional;

/**
 * OpenAI's Responses API for {@link FakeOpenAiServer#start(Wire, java.util.function.Function)}: {@code POST
 * /v1/responses} with {@code Authorization: Bearer KEY} (platform.openai.com/docs/api-reference/responses/create).
 * A {@link FakeReply} becomes a response object as /responses/object documents it: {@code status "completed"} for
 * finish reason {@code stop}, {@code "incomplete"} with {@code incomplete_details.reason} {@code max_output_tokens}
 * for {@code length} and {@code content_filter} for {@code content_filter}; the text as one {@code message} item with
 * one {@code output_text} part (its {@code logprobs} when scripted); {@code usage} with {@code input_tokens},
 * {@code output_tokens} and their details. Errors are OpenAI's {@code {"error": {"message", "type", "param",
 * "code"}}} (platform.openai.com/docs/guides/error-codes), the same on every endpoint.
 */
public final class ResponsesApiWire implements Wire {
  /** {@code POST /v1/responses} only. */
  public static final Wire RESPONSES = new ResponsesApiWire(false);

  /**
   * {@code POST /v1/responses} and {@code POST /v1/chat/completions}, for a chat client meeting a model served only
   * through the Responses API: script the chat route with {@link #onlyInResponses()}. Replies and errors are the
   * Responses API's.
   */
  public static final Wire WITH_CHAT_ROUTE = new ResponsesApiWire(true);

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final boolean chatRoute;

  private ResponsesApiWire(boolean chatRoute) {
    this.chatRoute = chatRoute;
  }

  /**
   * OpenAI's answer on chat completions for a model served only through the Responses API: 404 with the body users
   * report (n8n-io/n8n#18352: o3-pro, gpt-4o-deep-research).
   */
  public static FakeReply onlyInResponses() {
    return FakeReply.body(404, "{\"error\": {\"message\": \"This model is only supported in v1/responses and not in"
        + " v1/chat/completions.\", \"type\": \"invalid_request_error\", \"param\": \"model\", \"code\": null}}");
  }

  @Override
  public String basePath() {
    return "/v1";
  }

  @Override
  public boolean routes(String path) {
    return path.equals("/v1/responses") || chatRoute && path.equals("/v1/chat/completions");
  }

  @Override
  public byte[] completion(FakeReply reply, RecordedRequest request, int call) throws IOException {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("id", "resp_fake" + call);
    root.put("object", "response");
    root.put("created_at", 1_741_476_542L);
    String reason = switch (reply.finishReason()) {
      case "length" -> "max_output_tokens";
      case "content_filter" -> "content_filter";
      default -> null;
    };
    root.put("status", reason == null ? "completed" : "incomplete");
    root.putNull("error");
    if (reason == null) {
      root.putNull("incomplete_details");
    } else {
      root.putObject("incomplete_details").put("reason", reason);
    }
    root.putNull("instructions");
    root.put("model", request.model().isEmpty() ? "fake-model" : request.model());
    ObjectNode message = root.putArray("output").addObject();
    message.put("type", "message").put("id", "msg_fake" + call).put("status", reason == null ? "completed"
        : "incomplete").put("role", "assistant");
    ObjectNode part = message.putArray("content").addObject();
    part.put("type", "output_text").put("text", reply.text()).putArray("annotations");
    if (!reply.logprobs().isEmpty()) {
      ArrayNode lps = part.putArray("logprobs");
      for (TokenLogprob t : reply.logprobs()) {
        ObjectNode token = lps.addObject().put("token", t.token()).put("logprob", t.logprob());
        token.putArray("bytes");
        ArrayNode top = token.putArray("top_logprobs");
        t.top().forEach(a -> top.addObject().put("token", a.token()).put("logprob", a.logprob()).putArray("bytes"));
      }
    }
    root.put("store", false);
    if (reply.usage() != null) {
      ObjectNode usage = root.putObject("usage");
      usage.put("input_tokens", reply.usage().promptTokens());
      usage.putObject("input_tokens_details").put("cached_tokens", 0);
      usage.put("output_tokens", reply.usage().completionTokens());
      usage.putObject("output_tokens_details").put("reasoning_tokens", reply.usage().reasoningTokens());
      usage.put("total_tokens", reply.usage().totalTokens());
    } else {
      root.putNull("usage");
    }
    return MAPPER.writeValueAsBytes(root);
  }

  @Override
  public byte[] error(FakeReply reply, RecordedRequest request) throws IOException {
    String message = reply.echoKey() ? reply.text() + keyOf(request).orElse("(none)") : reply.text();
    ObjectNode root = MAPPER.createObjectNode();
    root.putObject("error").put("message", message)
        .put("type", reply.status() == 429 ? "requests" : "invalid_request_error")
        .putNull("param")
        .put("code", reply.errorCode());
    return MAPPER.writeValueAsBytes(root);
  }

  @Override
  public Optional<String> keyOf(RecordedRequest request) {
    return request.header("Authorization").map(h -> h.replaceFirst("^Bearer ", ""));
  }

  @Override
  public String toString() {
    return chatRoute ? "OpenAI Responses and chat" : "OpenAI Responses";
  }
}
