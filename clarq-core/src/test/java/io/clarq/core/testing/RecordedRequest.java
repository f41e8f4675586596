package io.clarq.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ChatMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request {@link FakeOpenAiServer} received: path, query (raw, empty when none), headers (names lower case), the
 * raw body and its JSON, and when it arrived ({@code System.nanoTime()}).
 */
public record RecordedRequest(String method, String path, String query, Map<String, List<String>> headers,
    String body, JsonNode json, long arrivalNanos) {
  private static final Pattern GEMINI_PATH = Pattern.compile("/v1beta/models/([^/:]+):generateContent");

  public RecordedRequest {
    headers = Map.copyOf(headers);
  }

  /** A request without a query. */
  public RecordedRequest(String method, String path, Map<String, List<String>> headers, String body, JsonNode json,
      long arrivalNanos) {
    this(method, path, "", headers, body, json, arrivalNanos);
  }

  /** The first value of a header, by name in any case. */
  public Optional<String> header(String name) {
    List<String> v = headers.get(name.toLowerCase(Locale.ROOT));
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.get(0));
  }

  /** The model the request asked for (Gemini's is in the path), empty when none. */
  public String model() {
    Matcher gemini = GEMINI_PATH.matcher(path);
    return gemini.matches() ? gemini.group(1) : json.path("model").asText("");
  }

  /**
   * The chat messages of the body, in OpenAI's roles, whichever protocol carried them: OpenAI's and Ollama's
   * {@code messages}, Anthropic's top-level {@code system} and content blocks, Gemini's {@code systemInstruction}
   * and {@code contents} (role {@code model} is the assistant), the Responses API's {@code instructions} and
   * {@code input}. A message in a role clarq does not have (a
   * {@code developer} message) is not among them.
   */
  public List<ChatMessage> messages() {
    List<ChatMessage> out = new ArrayList<>();
    if (json.has("contents")) {
      if (json.has("systemInstruction")) {
        out.add(ChatMessage.system(text(json.path("systemInstruction").path("parts"))));
      }
      for (JsonNode c : json.path("contents")) {
        String role = c.path("role").asText("user");
        out.add(role.equals("model") ? ChatMessage.assistant(text(c.path("parts")))
            : ChatMessage.user(text(c.path("parts"))));
      }
      return out;
    }
    if (json.has("input")) {
      return responsesInput();
    }
    if (json.has("system")) {
      JsonNode system = json.path("system");
      out.add(ChatMessage.system(system.isTextual() ? system.asText() : text(system)));
    }
    for (JsonNode m : json.path("messages")) {
      String role = m.path("role").asText("user").toUpperCase(Locale.ROOT);
      for (ChatMessage.Role r : ChatMessage.Role.values()) {
        if (r.name().equals(role)) {
          out.add(new ChatMessage(r, m.path("content").isArray() ? text(m.path("content"))
              : m.path("content").asText("")));
        }
      }
    }
    return out;
  }

  // OpenAI's Responses API (platform.openai.com/docs/api-reference/responses/create): "instructions" first, then the
  // "input" text or its message items, content a string or input_text/output_text parts
  private List<ChatMessage> responsesInput() {
    List<ChatMessage> out = new ArrayList<>();
    if (json.path("instructions").isTextual()) {
      out.add(ChatMessage.system(json.path("instructions").asText()));
    }
    JsonNode input = json.path("input");
    if (input.isTextual()) {
      out.add(ChatMessage.user(input.asText()));
      return out;
    }
    for (JsonNode m : input) {
      String role = m.path("role").asText("").toUpperCase(Locale.ROOT);
      for (ChatMessage.Role r : ChatMessage.Role.values()) {
        if (r.name().equals(role)) {
          out.add(new ChatMessage(r, m.path("content").isArray() ? text(m.path("content"))
              : m.path("content").asText("")));
        }
      }
    }
    return out;
  }

  /** The text parts or blocks of an array, joined. */
  private static String text(JsonNode parts) {
    StringBuilder b = new StringBuilder();
    for (JsonNode p : parts) {
      b.append(p.path("text").asText(""));
    }
    return b.toString();
  }

  /** The content of the first system message, empty when none. */
  public String systemPrompt() {
    return messages().stream().filter(m -> m.role() == ChatMessage.Role.SYSTEM).map(ChatMessage::content)
        .findFirst().orElse("");
  }

  /** The content of the last user message, empty when none. */
  public String lastUserMessage() {
    List<ChatMessage> ms = messages();
    for (int i = ms.size() - 1; i >= 0; i--) {
      if (ms.get(i).role() == ChatMessage.Role.USER) {
        return ms.get(i).content();
      }
    }
    return "";
  }
}
