package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmContentFilterException;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmModelNotFoundException;
import io.clarq.core.llm.LlmQuotaException;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/** Turns an HTTP error reply into the typed {@link LlmException} that says whether a retry can help. */
final class OpenAiErrors {
  // OpenAI says "This model's maximum context length is N tokens" (code context_length_exceeded), vLLM the same
  // words with type BadRequestError (vllm-project/vllm#20409), llama.cpp "exceeds the available context size"
  // (ggml-org/llama.cpp#15780, #19774), Anthropic "prompt is too long: N tokens > M maximum"
  // (docs.anthropic.com/en/api/errors), TGI "`inputs` tokens + `max_new_tokens` must be <= N" (TGI validation);
  // others "too many tokens" or "context window"
  private static final Pattern CONTEXT_LENGTH = Pattern.compile(
      "context[_ ]length|maximum context|context size|context window|too many tokens|prompt is too long"
          + "|`inputs` tokens \\+ `max_new_tokens` must be|`inputs` must have less than",
      Pattern.CASE_INSENSITIVE);
  // llama.cpp's 500 shapes: {"code":500,"message":"Context size has been exceeded.","type":"server_error"} and
  // the type exceed_context_size_error (ggml-org/llama.cpp#19774, #15780)
  private static final Pattern CONTEXT_500 = Pattern.compile(
      "context size has been exceeded|exceeds the available context size", Pattern.CASE_INSENSITIVE);
  // Ollama: "model \"x\" not found, try pulling it first"; OpenAI: "The model `x` does not exist or you do not have
  // access to it." (code model_not_found)
  private static final Pattern MODEL_NOT_FOUND = Pattern.compile(
      "model\\b.*\\b(does not exist|not found)", Pattern.CASE_INSENSITIVE);

  private OpenAiErrors() {}

  /**
   * The exception for an error status; the server's message is kept, with secrets removed if it echoed them.
   *
   * @param redact removes the key and header values from a text
   */
  static LlmHttpException fromStatus(int status, ServerError error, HttpHeaders headers, Optional<ApiKey> key,
      UnaryOperator<String> redact) {
    String message = redact.apply(error.message());
    String code = error.codeOrType();
    Duration retryAfter = retryAfter(headers);
    if (retryAfter == null) {
      retryAfter = error.retryDelay();
    }
    String text = "HTTP " + status + (code.isEmpty() ? "" : " " + redact.apply(code))
        + (retryAfter == null ? "" : " (Retry-After " + format(retryAfter) + ")") + ": " + message;
    if (isContextLength(status, error)) {
      return new LlmContextLengthException(text, status);
    }
    if (status == 429 && error.is("insufficient_quota")) {
      return new LlmQuotaException(text + " (the account's quota is spent: not retried)", status);
    }
    if (status == 400 && error.is("content_filter")) {
      return new LlmContentFilterException(text + " (the server's content filter refused the prompt: not retried)",
          status);
    }
    if (status == 404 && (error.is("model_not_found") || MODEL_NOT_FOUND.matcher(error.message()).find())) {
      return new LlmModelNotFoundException(text, status);
    }
    if (status == 401 || status == 403) {
      String keyNote = key.map(k -> " (key from " + k.source() + ")")
          .orElse(" (no API key was sent: set " + String.join(" or ", ApiKey.DEFAULT_ENV) + ")");
      return new LlmAuthenticationException(text + keyNote, status);
    }
    return new LlmHttpException(text, status, retryAfter);
  }

  private static boolean isContextLength(int status, ServerError e) {
    if (e.is("context_length_exceeded") || e.is("exceed_context_size_error")) {
      return true;
    }
    if (status == 400 || status == 413 || status == 422) {
      return CONTEXT_LENGTH.matcher(e.code()).find() || CONTEXT_LENGTH.matcher(e.message()).find();
    }
    return status == 500 && CONTEXT_500.matcher(e.message()).find();
  }

  /** The same failure with a message telling the whole story of the call. */
  static LlmException withMessage(LlmException e, String message) {
    return e.withMessage(message);
  }

  /**
   * The wait the server asks for: {@code retry-after-ms} (OpenAI, Azure) or {@code Retry-After} in seconds or as an
   * HTTP date; null when absent or unreadable.
   */
  static Duration retryAfter(HttpHeaders headers) {
    Optional<String> ms = headers.firstValue("retry-after-ms");
    if (ms.isPresent()) {
      try {
        return Duration.ofMillis(Math.max(0, Math.round(Double.parseDouble(ms.get().strip()))));
      } catch (NumberFormatException e) {
        // fall back to Retry-After
      }
    }
    Optional<String> ra = headers.firstValue("retry-after");
    if (ra.isEmpty()) {
      return null;
    }
    String v = ra.get().strip();
    try {
      return Duration.ofMillis(Math.max(0, Math.round(Double.parseDouble(v) * 1000)));
    } catch (NumberFormatException e) {
      try {
        ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
        Duration d = Duration.between(ZonedDateTime.now(), at);
        return d.isNegative() ? Duration.ZERO : d;
      } catch (DateTimeParseException e2) {
        return null;
      }
    }
  }

  static String format(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + "s" : String.format(Locale.ROOT, "%.3fs", ms / 1000.0);
  }
}
