package io.clarq.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.wire.OpenAiWire;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Which of OpenAI's two text APIs an {@link OpenAiClient} speaks: the route it posts to, the body it sends and how it
 * reads the reply. Everything else (keys, retries, error classes, request adaptation, limits) is the client's and the
 * same for both.
 */
interface OpenAiApi {
  /** The scheme a deviation names the model by: {@code openai} or {@code openai-responses}. */
  String scheme();

  /** What the client appends to the base URL's path. */
  String route();

  /**
   * The body for {@code r}, before adaptations and the user's body fields.
   *
   * @throws IllegalArgumentException when the request's JSON schema is not JSON
   */
  ObjectNode body(ChatRequest r, String defaultModel);

  /** What of {@code r} this API cannot send, each a deviation name and its reason; empty when it sends all. */
  Map<String, String> unsent(ChatRequest r);

  /** The error a 2xx body carries instead of a reply, if it does. */
  Optional<ServerError> errorIn(JsonNode root, byte[] body);

  /**
   * Reads a 2xx reply for the reply policy.
   *
   * @throws IllegalArgumentException saying what is malformed
   */
  OpenAiWire.Reply read(JsonNode root, byte[] body, Duration latency);

  /** {@code POST {base}/chat/completions} (platform.openai.com/docs/api-reference/chat/create). */
  OpenAiApi CHAT_COMPLETIONS = new OpenAiApi() {
    @Override
    public String scheme() {
      return "openai";
    }

    @Override
    public String route() {
      return "/chat/completions";
    }

    @Override
    public ObjectNode body(ChatRequest r, String defaultModel) {
      return OpenAiWire.requestBody(r, defaultModel);
    }

    @Override
    public Map<String, String> unsent(ChatRequest r) {
      return Map.of();
    }

    @Override
    public Optional<ServerError> errorIn(JsonNode root, byte[] body) {
      return ServerError.inReply(root, body);
    }

    @Override
    public OpenAiWire.Reply read(JsonNode root, byte[] body, Duration latency) {
      return OpenAiWire.readReply(root, body, latency);
    }

    @Override
    public String toString() {
      return "chat completions";
    }
  };

  /** {@code POST {base}/responses} (platform.openai.com/docs/api-reference/responses/create): {@link ResponsesWire}. */
  OpenAiApi RESPONSES = new OpenAiApi() {
    @Override
    public String scheme() {
      return "openai-responses";
    }

    @Override
    public String route() {
      return "/responses";
    }

    @Override
    public ObjectNode body(ChatRequest r, String defaultModel) {
      return ResponsesWire.requestBody(r, defaultModel);
    }

    @Override
    public Map<String, String> unsent(ChatRequest r) {
      return ResponsesWire.unsent(r);
    }

    @Override
    public Optional<ServerError> errorIn(JsonNode root, byte[] body) {
      return ResponsesWire.errorIn(root, body);
    }

    @Override
    public OpenAiWire.Reply read(JsonNode root, byte[] body, Duration latency) {
      return ResponsesWire.readReply(root, body, latency);
    }

    @Override
    public String toString() {
      return "Responses API";
    }
  };
}
