package io.clarq.core.llm;

import java.util.Objects;

/** One message of a chat request. */
public record ChatMessage(Role role, String content) {
  /** The OpenAI roles. */
  public enum Role {
    SYSTEM,
    USER,
    ASSISTANT;

    /** The wire name: "system", "user", "assistant". */
    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
  }

  public static ChatMessage system(String content) {
    return new ChatMessage(Role.SYSTEM, content);
  }

  public static ChatMessage user(String content) {
    return new ChatMessage(Role.USER, content);
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage(Role.ASSISTANT, content);
  }
}
