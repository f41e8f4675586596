package io.clarq.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ChatMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A request {@link FakeOpenAiServer} received: path, query (raw, empty when none), headers (names lower case), the
 * raw body and its JSON, and when it arrived ({@code System.nanoTime()}).
 */
public record RecordedRequest(String method, String path, String query, Map<String, List<String>> headers,
    String body, JsonNode json, long arrivalNanos) {
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

  /** The model the request asked for, empty when none. */
  public String model() {
    return json.path("model").asText("");
  }

  /** The chat messages of the body (those in roles clarq has: a {@code developer} message is not among them). */
  public List<ChatMessage> messages() {
    List<ChatMessage> out = new ArrayList<>();
    for (JsonNode m : json.path("messages")) {
      String role = m.path("role").asText("user").toUpperCase(Locale.ROOT);
      for (ChatMessage.Role r : ChatMessage.Role.values()) {
        if (r.name().equals(role)) {
          out.add(new ChatMessage(r, m.path("content").asText("")));
        }
      }
    }
    return out;
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
