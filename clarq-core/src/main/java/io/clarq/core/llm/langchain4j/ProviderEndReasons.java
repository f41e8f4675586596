package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.TokenUsage;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Each vendor's end reason read from its own reply body, for the {@link Dialect}s: the provider modules map Anthropic's
 * {@code refusal}, Gemini's {@code RECITATION}, {@code PROHIBITED_CONTENT} and safety ratings, and Ollama's
 * {@code done_reason} coarsely or not at all, and a Gemini reply blocked before any candidate, or ending for a reason
 * newer than the module, makes the module fail.
 */
final class ProviderEndReasons {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ProviderEndReasons() {}

  /** The body as JSON, when it is a JSON object. */
  static Optional<JsonNode> json(byte[] body) {
    try {
      JsonNode root = JSON.readTree(body);
      return root != null && root.isObject() ? Optional.of(root) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * Anthropic's Messages reply (https://docs.anthropic.com/en/api/messages): {@code stop_reason}, with the
   * {@code tool_use} content blocks as the detail of a tool stop.
   */
  static EndReason anthropic(JsonNode root) {
    EndReason end = EndReason.anthropic(root.path("stop_reason").asText(""));
    if (end.kind() == EndReason.Kind.TOOL_CALLS) {
      return end.withDetail(blocks(root.path("content"), "tool_use"));
    }
    return end;
  }

  /**
   * Anthropic's usage (https://docs.anthropic.com/en/api/messages#response-usage and
   * https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching#tracking-cache-performance):
   * {@code input_tokens} counts only the tokens after the last cache breakpoint, so clarq's prompt tokens are
   * {@code input_tokens + cache_read_input_tokens + cache_creation_input_tokens}. Empty when the body has no usage.
   */
  static Optional<TokenUsage> anthropicUsage(JsonNode root) {
    JsonNode u = root.path("usage");
    if (!u.isObject()) {
      return Optional.empty();
    }
    long read = Math.max(0, u.path("cache_read_input_tokens").asLong(0));
    long write = Math.max(0, u.path("cache_creation_input_tokens").asLong(0));
    long input = Math.max(0, u.path("input_tokens").asLong(0)) + read + write;
    return Optional.of(new TokenUsage(input, Math.max(0, u.path("output_tokens").asLong(0)), 0, read, write));
  }

  /**
   * Gemini's usage (https://ai.google.dev/api/generate-content#UsageMetadata): {@code promptTokenCount} includes
   * {@code cachedContentTokenCount}; thoughts ({@code thoughtsTokenCount}) are counted apart from the candidates, and
   * clarq's completion tokens include them.
   */
  static TokenUsage geminiUsage(JsonNode root) {
    JsonNode u = root.path("usageMetadata");
    long thought = Math.max(0, u.path("thoughtsTokenCount").asLong(0));
    return new TokenUsage(Math.max(0, u.path("promptTokenCount").asLong(0)),
        Math.max(0, u.path("candidatesTokenCount").asLong(0)) + thought, thought)
        .withCache(u.path("cachedContentTokenCount").asLong(0), 0);
  }

  /**
   * Gemini's generateContent reply (https://ai.google.dev/api/generate-content#generatecontentresponse): the first
   * candidate's {@code finishReason}, with the safety ratings that blocked it, or the function calls, as the detail;
   * a reply with no candidate is {@link #geminiBlocked}.
   */
  static EndReason gemini(JsonNode root) {
    JsonNode candidate = root.path("candidates").path(0);
    if (!candidate.isObject()) {
      return geminiBlocked(root).orElse(EndReason.UNKNOWN);
    }
    EndReason end = EndReason.gemini(candidate.path("finishReason").asText(""));
    return switch (end.kind()) {
      case CONTENT_FILTER -> end.withDetail(ratings(candidate.path("safetyRatings")));
      case TOOL_CALLS -> end.withDetail(functionCalls(candidate));
      // a function call ends with STOP (https://ai.google.dev/gemini-api/docs/function-calling): the parts say it
      case STOP, OTHER, UNKNOWN -> hasFunctionCall(candidate)
          ? new EndReason(EndReason.Kind.TOOL_CALLS, "content.parts.functionCall", "", functionCalls(candidate))
          : end;
      default -> end;
    };
  }

  /**
   * A Gemini prompt blocked before any candidate came: {@code promptFeedback.blockReason} (SAFETY, OTHER, BLOCKLIST,
   * PROHIBITED_CONTENT, IMAGE_SAFETY; https://ai.google.dev/api/generate-content#BlockReason), with its message and
   * safety ratings as the detail. Empty when the reply has a candidate or names no block reason.
   */
  static Optional<EndReason> geminiBlocked(JsonNode root) {
    if (root.path("candidates").path(0).isObject()) {
      return Optional.empty();
    }
    JsonNode feedback = root.path("promptFeedback");
    String reason = feedback.path("blockReason").asText("");
    if (reason.isEmpty()) {
      return Optional.empty();
    }
    String message = feedback.path("blockReasonMessage").asText("");
    String ratings = ratings(feedback.path("safetyRatings"));
    String detail = message.isEmpty() ? ratings : ratings.isEmpty() ? message : message + "; " + ratings;
    return Optional.of(EndReason.geminiBlocked(reason).withDetail(detail));
  }

  /**
   * A Gemini reply the module could not read (no candidate; a {@code finishReason} newer than its enum, such as
   * UNEXPECTED_TOOL_CALL or IMAGE_SAFETY), read here when it ends in a way the reply policy refuses, so the reason is
   * named instead of the reply being retried as garbled: the text and thought parts of the first candidate, the
   * usage, the end reason. Empty for a reply that would be used, which stays the module's to read.
   */
  static Optional<ChatResponse> geminiUnread(JsonNode root, Duration latency) {
    EndReason end = gemini(root);
    if (end.kind() == EndReason.Kind.STOP || end.kind() == EndReason.Kind.OTHER
        || end.kind() == EndReason.Kind.UNKNOWN) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    StringBuilder thoughts = new StringBuilder();
    for (JsonNode part : root.path("candidates").path(0).path("content").path("parts")) {
      if (part.path("text").isTextual()) {
        (part.path("thought").asBoolean(false) ? thoughts : text).append(part.path("text").asText());
      }
    }
    TokenUsage usage = geminiUsage(root);
    return Optional.of(new ChatResponse(text.toString(), end, usage, latency, List.of(), thoughts.toString()));
  }

  /**
   * Ollama's chat reply (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion):
   * {@code done_reason}; {@code message.tool_calls} with no content is a tool stop with the calls as the detail.
   */
  static EndReason ollama(JsonNode root) {
    EndReason end = EndReason.ollama(root.path("done_reason").asText(""));
    JsonNode calls = root.path("message").path("tool_calls");
    if (calls.isArray() && calls.size() > 0 && end.kind() != EndReason.Kind.LENGTH) {
      return new EndReason(EndReason.Kind.TOOL_CALLS, "message.tool_calls", "", calls.toString());
    }
    return end;
  }

  // the content blocks of one type, as a JSON array
  private static String blocks(JsonNode content, String type) {
    ArrayNode out = JSON.createArrayNode();
    for (JsonNode block : content) {
      if (type.equals(block.path("type").asText(""))) {
        out.add(block);
      }
    }
    return out.isEmpty() ? "" : out.toString();
  }

  private static boolean hasFunctionCall(JsonNode candidate) {
    for (JsonNode part : candidate.path("content").path("parts")) {
      if (part.has("functionCall")) {
        return true;
      }
    }
    return false;
  }

  private static String functionCalls(JsonNode candidate) {
    ArrayNode out = JSON.createArrayNode();
    for (JsonNode part : candidate.path("content").path("parts")) {
      if (part.has("functionCall")) {
        out.add(part.path("functionCall"));
      }
    }
    String message = candidate.path("finishMessage").asText("");
    return out.isEmpty() ? message : out.toString();
  }

  // the ratings that blocked the reply, else those of medium or high probability: "HARM_CATEGORY_X HIGH (blocked)"
  private static String ratings(JsonNode ratings) {
    List<String> blocked = new ArrayList<>();
    List<String> likely = new ArrayList<>();
    for (JsonNode r : ratings) {
      String category = r.path("category").asText("?");
      String probability = r.path("probability").asText("");
      String one = category + (probability.isEmpty() ? "" : " " + probability);
      if (r.path("blocked").asBoolean(false)) {
        blocked.add(one + " (blocked)");
      } else if (List.of("MEDIUM", "HIGH").contains(probability.toUpperCase(Locale.ROOT))) {
        likely.add(one);
      }
    }
    return String.join(", ", blocked.isEmpty() ? likely : blocked);
  }
}
