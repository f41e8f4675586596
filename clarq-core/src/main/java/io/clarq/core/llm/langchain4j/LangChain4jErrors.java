package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.exception.HttpException;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmQuotaException;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.Redactor;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what a LangChain4j provider module throws into clarq's {@link LlmException} classes, reading the server's
 * error body in the provider's own shape:
 * <ul>
 *   <li>Anthropic {@code {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}}
 *       (https://docs.anthropic.com/en/api/errors);
 *   <li>Gemini {@code {"error":{"code":429,"message":...,"status":"RESOURCE_EXHAUSTED","details":[...]}}}, also as a
 *       one-element array, with {@code RetryInfo.retryDelay} (https://ai.google.dev/gemini-api/docs/troubleshooting);
 *   <li>Ollama {@code {"error":"..."}} (https://github.com/ollama/ollama/blob/main/docs/api.md#errors).
 * </ul>
 * Messages name the server (without credentials) and never hold the key or an extra header's value.
 */
final class LangChain4jErrors {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Context-window errors by their documented words: Anthropic, Gemini, and the OpenAI-style servers. */
  private static final Pattern CONTEXT = Pattern.compile("prompt is too long|input token count.*exceeds"
      + "|exceeds the maximum number of tokens|context[ _]length|context window|maximum context",
      Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  /** Gemini's invalid key: HTTP 400 with reason API_KEY_INVALID. */
  private static final Pattern BAD_KEY = Pattern.compile("API_KEY_INVALID|API key not valid");
  /**
   * A spend or credit limit no retry within a call clears: Anthropic's error type {@code enforced_spend_limit_reached}
   * (sent with 429, 400 or 403), and the words of its limit and credit errors ("would exceed your account's monthly
   * spend limit", "You have reached your specified API usage limits", "Your credit balance is too low",
   * https://docs.anthropic.com/en/api/errors).
   */
  private static final Pattern SPEND_LIMIT = Pattern.compile("enforced_spend_limit_reached|spend limit"
      + "|specified API usage limits|credit balance is too low", Pattern.CASE_INSENSITIVE);
  private static final Pattern RETRY_DELAY = Pattern.compile("\"retryDelay\"\\s*:\\s*\"(\\d+(?:\\.\\d+)?)s\"");

  private LangChain4jErrors() {}

  /**
   * The clarq exception for {@code error}, thrown by a call to {@code where}.
   *
   * @param where who was asked, without credentials
   * @param key takes the key and the extra headers' values out of messages
   */
  static LlmException map(Throwable error, String where, Redactor key) {
    UnreadableBodyException unreadable = find(error, UnreadableBodyException.class);
    if (unreadable != null) {
      String message = where + ": " + redact(unreadable.getMessage(), key);
      return unreadable.retryable()
          ? new LlmTransportException(message, LlmTransportException.Kind.MALFORMED_REPLY, null)
          : new LlmException(message + " (not retried)");
    }
    HttpException http = find(error, HttpException.class);
    if (http instanceof ClarqHttpClient.RetryAfterHttpException r && http.statusCode() >= 300
        && http.statusCode() < 400) {
      // no redirect is followed: a POST must not change its target unseen (RFC 9110 §15.4)
      return new LlmException(where + ": HTTP " + http.statusCode() + ": a redirect " + r.location()
          .map(l -> "to " + location(l, key)).orElse("without a Location header") + "; clarq does not follow"
          + " redirects: give the base URL it points to");
    }
    if (http != null) {
      LlmHttpException e = fromStatus(http.statusCode(), http.getMessage() == null ? "" : http.getMessage(), where,
          key);
      if (http instanceof ClarqHttpClient.RetryAfterHttpException r && r.retryAfter().isPresent()
          && e.retryAfter().isEmpty() && e.getClass() == LlmHttpException.class) {
        return new LlmHttpException(e.getMessage() + " (Retry-After " + r.retryAfter().get().toMillis() + " ms)",
            e.status(), r.retryAfter().get());
      }
      return e;
    }
    if (find(error, dev.langchain4j.exception.TimeoutException.class) != null
        || find(error, HttpTimeoutException.class) != null || find(error, SocketTimeoutException.class) != null) {
      return new LlmTransportException(where + ": no reply within the timeout", LlmTransportException.Kind.TIMEOUT,
          null);
    }
    JsonProcessingException json = find(error, JsonProcessingException.class);
    if (json != null) {
      return new LlmTransportException(where + ": a reply that is not the provider's JSON: "
          + redact(ReplyBody.jsonError(json), key), LlmTransportException.Kind.MALFORMED_REPLY, null);
    }
    IOException io = find(error, IOException.class);
    if (io != null) {
      String what = io instanceof ConnectException ? "cannot connect (no server listening, or unreachable)"
          : io.getClass().getSimpleName() + (io.getMessage() == null ? "" : ": " + io.getMessage());
      return new LlmTransportException(where + ": connection failed: " + redact(what, key),
          LlmTransportException.Kind.CONNECTION, null);
    }
    return new LlmException(where + ": " + error.getClass().getSimpleName() + ": "
        + redact(rootMessage(error), key));
  }

  /** The exception for HTTP {@code status} with error body {@code body}. */
  static LlmHttpException fromStatus(int status, String body, String where, Redactor key) {
    String detail = redact(describe(body), key);
    String message = where + ": HTTP " + status + (detail.isEmpty() ? "" : ": " + detail);
    if (status < 400 || status > 599) {
      return new LlmHttpException(where + ": HTTP " + status + " (unexpected) " + detail, 500, null);
    }
    if ((status == 429 || status == 400 || status == 403) && SPEND_LIMIT.matcher(body).find()) {
      return new LlmQuotaException(message + " (a spend or credit limit: not retried)", status);
    }
    if (status == 401 || status == 403 || (status == 400 && BAD_KEY.matcher(body).find())) {
      return new LlmAuthenticationException(message, status);
    }
    if ((status == 400 || status == 413) && CONTEXT.matcher(detail).find()) {
      return new LlmContextLengthException(message + " (the messages do not fit the model's context window)");
    }
    return new LlmHttpException(message, status, retryDelay(body));
  }

  /** The server's own words: error type and message from any of the three shapes, else the body cut short. */
  static String describe(String body) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (IOException | RuntimeException e) {
      root = null;
    }
    if (root != null && root.isArray() && root.size() > 0) {
      root = root.get(0);
    }
    if (root != null && root.isObject()) {
      JsonNode error = root.path("error");
      if (error.isTextual()) {
        return error.asText();
      }
      if (error.isObject()) {
        String type = error.path("type").asText(error.path("status").asText(""));
        String message = error.path("message").asText("");
        return type.isEmpty() ? message : type + ": " + message;
      }
    }
    String flat = body.strip().replace('\n', ' ');
    return flat.length() <= 300 ? flat : flat.substring(0, 300) + "...";
  }

  /** Gemini's {@code RetryInfo.retryDelay} ("37s"), when the body gives one. */
  static Duration retryDelay(String body) {
    Matcher m = RETRY_DELAY.matcher(body);
    if (!m.find()) {
      return null;
    }
    return Duration.ofMillis(Math.round(Double.parseDouble(m.group(1)) * 1000));
  }

  /** Whether {@code error} is the provider module refusing a request feature before sending it. */
  static boolean unsupported(Throwable error) {
    return find(error, dev.langchain4j.exception.UnsupportedFeatureException.class) != null;
  }

  static String redact(String text, Redactor key) {
    return key.redact(text);
  }

  // a Location as it may be shown: no user info, no query (either may carry a token), secrets taken out
  private static String location(String value, Redactor key) {
    try {
      java.net.URI u = new java.net.URI(value.strip());
      String shown = (u.getScheme() == null ? "" : u.getScheme() + "://") + (u.getHost() == null ? ""
          : u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort())) + (u.getRawPath() == null ? ""
          : u.getRawPath()) + (u.getRawQuery() == null ? "" : "?...");
      return redact(shown, key);
    } catch (java.net.URISyntaxException e) {
      return "an unreadable Location";
    }
  }

  static String rootMessage(Throwable error) {
    Throwable t = error;
    String message = null;
    for (int depth = 0; t != null && depth < 20; t = t.getCause(), depth++) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        message = t.getMessage();
      }
    }
    return message == null ? error.getClass().getSimpleName() : message;
  }

  private static <T extends Throwable> T find(Throwable error, Class<T> type) {
    Throwable t = error;
    for (int depth = 0; t != null && depth < 20; t = t.getCause(), depth++) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
