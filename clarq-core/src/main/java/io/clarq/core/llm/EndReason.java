package io.clarq.core.llm;

import java.util.Locale;
import java.util.Objects;

/**
 * Why a model's reply ended, in one vocabulary for every protocol, with the protocol's own words beside it. Each
 * client reads its protocol's end reason into one of these ({@link ChatResponse#endReason()}); the
 * {@link ReplyPolicy} reads only the {@link #kind()}, so one policy holds for every client.
 *
 * <p>How each protocol maps (the table in {@code docs/llm-clients.md}, "A reply policy", is the same):
 * <ul>
 *   <li>OpenAI chat completions ({@link #openAi}): {@code finish_reason} "stop" → STOP, "length" → LENGTH,
 *       "content_filter" → CONTENT_FILTER, "tool_calls" / "function_call" → TOOL_CALLS; a non-empty
 *       {@code message.refusal} → REFUSAL (the refusal is the {@link #detail()}), {@code message.tool_calls} →
 *       TOOL_CALLS (the calls as JSON are the detail) (platform.openai.com/docs/api-reference/chat/object).
 *   <li>Anthropic Messages ({@link #anthropic}): {@code stop_reason} "end_turn" / "stop_sequence" → STOP,
 *       "max_tokens" → LENGTH, "refusal" → REFUSAL, "tool_use" → TOOL_CALLS, "pause_turn" → OTHER (a
 *       server-tool turn paused; clarq offers no tools) (docs.anthropic.com/en/api/handling-stop-reasons). Content blocks of
 *       type {@code thinking} are reasoning, {@code tool_use} blocks the detail of TOOL_CALLS.
 *   <li>Gemini generateContent ({@link #gemini}): {@code finishReason} STOP → STOP, MAX_TOKENS → LENGTH; SAFETY,
 *       RECITATION, BLOCKLIST, PROHIBITED_CONTENT, SPII, IMAGE_SAFETY → CONTENT_FILTER (the blocking
 *       {@code safetyRatings} are the detail); MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL,
 *       TOO_MANY_TOOL_CALLS → TOOL_CALLS; LANGUAGE, OTHER → OTHER; FINISH_REASON_UNSPECIFIED → UNKNOWN. A prompt
 *       blocked before any candidate ({@code promptFeedback.blockReason}) → CONTENT_FILTER ({@link #geminiBlocked})
 *       (ai.google.dev/api/generate-content#FinishReason, #BlockReason).
 *   <li>Ollama /api/chat ({@link #ollama}): {@code done_reason} "stop" → STOP, "length" → LENGTH; "load",
 *       "unload" → OTHER (github.com/ollama/ollama/blob/main/docs/api.md).
 *   <li>OpenAI Responses API: {@code status} "completed" → STOP; "incomplete" with
 *       {@code incomplete_details.reason} "max_output_tokens" → LENGTH and "content_filter" → CONTENT_FILTER; a
 *       {@code refusal} content part → REFUSAL (its text the detail); {@code function_call} output items and no
 *       text → TOOL_CALLS (platform.openai.com/docs/api-reference/responses/object). A Responses client builds
 *       these with the canonical constructor, naming its field ({@code "incomplete_details.reason"}).
 * </ul>
 *
 * @param kind the normalised reason
 * @param field the protocol's field that said it ({@code "finish_reason"}, {@code "stop_reason"},
 *     {@code "finishReason"}, {@code "promptFeedback.blockReason"}, {@code "done_reason"}, {@code "message.refusal"});
 *     empty when the server said nothing
 * @param value that field's value, as the server wrote it ({@code "refusal"}, {@code "SAFETY"}); empty when none
 *     or when the field's presence says it all ({@code message.refusal}, whose words are the detail)
 * @param detail what the reply carried beside its text that says more: the refusal's words, the tool calls as JSON,
 *     the safety ratings that blocked it; empty when none
 */
public record EndReason(Kind kind, String field, String value, String detail) {
  /** The normalised reasons. */
  public enum Kind {
    /** A natural end: the model finished, or met a stop sequence. */
    STOP,
    /** Cut at a token limit (the request's, or the server's own). */
    LENGTH,
    /** Cut or withheld by the server's safety or content filter. */
    CONTENT_FILTER,
    /** The model declined to answer. */
    REFUSAL,
    /** The model called, or tried to call, a tool (clarq offers none). */
    TOOL_CALLS,
    /** A reason the protocol names that none of the above is; the reply is used as it is. */
    OTHER,
    /** The server gave no reason. */
    UNKNOWN
  }

  /** No reason given. */
  public static final EndReason UNKNOWN = new EndReason(Kind.UNKNOWN, "", "", "");

  public EndReason {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(detail, "detail");
    if (field.isEmpty() && !value.isEmpty()) {
      throw new IllegalArgumentException("illegal end reason: value \"" + value + "\" without the field that gave"
          + " it");
    }
  }

  /** OpenAI's {@code finish_reason} (also what clarq's cache lines record); "" or null is {@link #UNKNOWN}. */
  public static EndReason openAi(String finishReason) {
    if (finishReason == null || finishReason.isEmpty()) {
      return UNKNOWN;
    }
    Kind kind = switch (finishReason) {
      case "stop" -> Kind.STOP;
      case "length" -> Kind.LENGTH;
      case "content_filter" -> Kind.CONTENT_FILTER;
      case "tool_calls", "function_call" -> Kind.TOOL_CALLS;
      default -> Kind.OTHER;
    };
    return new EndReason(kind, "finish_reason", finishReason, "");
  }

  /** Anthropic's {@code stop_reason}; "" or null is {@link #UNKNOWN}. */
  public static EndReason anthropic(String stopReason) {
    if (stopReason == null || stopReason.isEmpty()) {
      return UNKNOWN;
    }
    Kind kind = switch (stopReason) {
      case "end_turn", "stop_sequence" -> Kind.STOP;
      case "max_tokens", "model_context_window_exceeded" -> Kind.LENGTH;
      case "refusal" -> Kind.REFUSAL;
      case "tool_use" -> Kind.TOOL_CALLS;
      default -> Kind.OTHER;
    };
    return new EndReason(kind, "stop_reason", stopReason, "");
  }

  /** Gemini's candidate {@code finishReason}; "" or null is {@link #UNKNOWN}. */
  public static EndReason gemini(String finishReason) {
    if (finishReason == null || finishReason.isEmpty()) {
      return UNKNOWN;
    }
    Kind kind = switch (finishReason) {
      case "STOP" -> Kind.STOP;
      case "MAX_TOKENS" -> Kind.LENGTH;
      case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY",
          "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION" -> Kind.CONTENT_FILTER;
      case "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS" -> Kind.TOOL_CALLS;
      case "FINISH_REASON_UNSPECIFIED" -> Kind.UNKNOWN;
      default -> Kind.OTHER;
    };
    return new EndReason(kind, "finishReason", finishReason, "");
  }

  /** Gemini's {@code promptFeedback.blockReason}: the prompt was blocked and no candidate came. */
  public static EndReason geminiBlocked(String blockReason) {
    return new EndReason(Kind.CONTENT_FILTER, "promptFeedback.blockReason", blockReason, "");
  }

  /** Ollama's {@code done_reason}; "" or null is {@link #UNKNOWN}. */
  public static EndReason ollama(String doneReason) {
    if (doneReason == null || doneReason.isEmpty()) {
      return UNKNOWN;
    }
    Kind kind = switch (doneReason) {
      case "stop" -> Kind.STOP;
      case "length" -> Kind.LENGTH;
      default -> Kind.OTHER;
    };
    return new EndReason(kind, "done_reason", doneReason, "");
  }

  /** This reason with {@code more} as its detail. */
  public EndReason withDetail(String more) {
    return new EndReason(kind, field, value, more);
  }

  /**
   * The reason in OpenAI's {@code finish_reason} words, as {@link ChatResponse#finishReason()} gives it: "stop",
   * "length", "content_filter" (a refusal too), "tool_calls"; another protocol's own value for {@link Kind#OTHER};
   * "" when unknown.
   */
  public String finishReason() {
    return switch (kind) {
      case STOP -> "stop";
      case LENGTH -> "length";
      case CONTENT_FILTER, REFUSAL -> "content_filter";
      case TOOL_CALLS -> "tool_calls";
      case OTHER -> value.toLowerCase(Locale.ROOT);
      case UNKNOWN -> "";
    };
  }

  /** E.g. {@code REFUSAL (stop_reason "refusal")}, or {@code UNKNOWN (not given)}. */
  @Override
  public String toString() {
    return kind + (field.isEmpty() ? " (not given)" : " (" + field + (value.isEmpty() ? "" : " \"" + value + "\"")
        + ")");
  }
}
