package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmTransportException;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Turns an HTTP error reply into the typed {@link LlmException} that says whether a retry can help. */
final class OpenAiErrors {
  // OpenAI says "context_length_exceeded"; vLLM "maximum context length"; llama.cpp "exceeds the available context
  // size"; others "too many tokens" or "context window"
  private static final Pattern CONTEXT_LENGTH = Pattern.compile(
      "context[_ ]length|maximum context|context size|context window|too many tokens|prompt is too long",
      Pattern.CASE_INSENSITIVE);

  private OpenAiErrors() {}

  /** The exception for an error status; the server's message is kept, with the key removed if it echoed it. */
  static LlmHttpException fromStatus(int status, byte[] body, HttpHeaders headers, Optional<ApiKey> key) {
    String message = redact(OpenAiWire.errorMessage(body), key);
    String code = OpenAiWire.errorCode(body);
    Duration retryAfter = retryAfter(headers);
    String text = "HTTP " + status + (code.isEmpty() ? "" : " " + redact(code, key))
        + (retryAfter == null ? "" : " (Retry-After " + format(retryAfter) + ")") + ": " + message;
    if (status == 400 && (CONTEXT_LENGTH.matcher(code).find() || CONTEXT_LENGTH.matcher(message).find())) {
      return new LlmContextLengthException(text);
    }
    if (status == 401 || status == 403) {
      String keyNote = key.map(k -> " (key from " + k.source() + ")")
          .orElse(" (no API key was sent: set " + String.join(" or ", ApiKey.DEFAULT_ENV) + ")");
      return new LlmAuthenticationException(text + keyNote, status);
    }
    return new LlmHttpException(text, status, retryAfter);
  }

  /** The same failure with a message telling the whole story of the call. */
  static LlmException withMessage(LlmException e, String message) {
    if (e instanceof LlmContextLengthException) {
      return new LlmContextLengthException(message);
    }
    if (e instanceof LlmAuthenticationException a) {
      return new LlmAuthenticationException(message, a.status());
    }
    if (e instanceof LlmHttpException h) {
      return new LlmHttpException(message, h.status(), h.retryAfter().orElse(null));
    }
    if (e instanceof LlmTransportException t) {
      return new LlmTransportException(message, t.kind(), t.getCause());
    }
    return new LlmException(message, e.getCause());
  }

  static String redact(String text, Optional<ApiKey> key) {
    return key.map(k -> k.redact(text)).orElse(text);
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
        Duration d = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
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
