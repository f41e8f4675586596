package io.clarq.core.testing;

import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link FakeOpenAiServer} does with one request: a chat completion (text, finish reason, optional usage and
 * log-probabilities), an HTTP error in OpenAI's error format, or a fault (malformed JSON, a truncated body, a
 * dropped connection), each after an optional latency.
 */
public final class FakeReply {
  /** The kinds of reply. */
  public enum Kind {
    COMPLETION,
    ERROR,
    MALFORMED_JSON,
    TRUNCATED_BODY,
    DROPPED_CONNECTION,
    /** A status and a body given byte for byte (content null, a number, a provider's own error shape, ...). */
    RAW_BODY,
    /** A completion sent one byte at a time, {@link #latency()} apart (a server that trickles its reply). */
    DRIPPED_BODY
  }

  private final Kind kind;
  private final int status;
  private final String text;
  private final String finishReason;
  private final TokenUsage usage;
  private final List<TokenLogprob> logprobs;
  private final String errorCode;
  private final boolean echoKey;
  private final Map<String, String> headers;
  private final Duration latency;

  private FakeReply(Kind kind, int status, String text, String finishReason, TokenUsage usage,
      List<TokenLogprob> logprobs, String errorCode, boolean echoKey, Map<String, String> headers, Duration latency) {
    this.kind = kind;
    this.status = status;
    this.text = text;
    this.finishReason = finishReason;
    this.usage = usage;
    this.logprobs = List.copyOf(logprobs);
    this.errorCode = errorCode;
    this.echoKey = echoKey;
    this.headers = Map.copyOf(headers);
    this.latency = latency;
  }

  /** A chat completion with this text, finish reason "stop", no usage, no log-probabilities. */
  public static FakeReply text(String text) {
    return new FakeReply(Kind.COMPLETION, 200, Objects.requireNonNull(text, "text"), "stop", null, List.of(), "",
        false, Map.of(), Duration.ZERO);
  }

  /** An HTTP error in OpenAI's format: {@code {"error": {"message", "type", "code"}}}. */
  public static FakeReply error(int status, String code, String message) {
    return new FakeReply(Kind.ERROR, status, message, "", null, List.of(), code, false, Map.of(), Duration.ZERO);
  }

  /** 429 without Retry-After. */
  public static FakeReply rateLimited() {
    return error(429, "rate_limit_exceeded", "Rate limit reached for requests. Please try again later.");
  }

  /** 429 with {@code Retry-After: seconds}. */
  public static FakeReply rateLimited(int retryAfterSeconds) {
    return rateLimited().withHeader("Retry-After", Integer.toString(retryAfterSeconds));
  }

  /** 500. */
  public static FakeReply serverError() {
    return error(500, "server_error", "The server had an error while processing your request.");
  }

  /** 503. */
  public static FakeReply unavailable() {
    return error(503, "overloaded", "The engine is currently overloaded, please try again later.");
  }

  /** 400 as OpenAI words a prompt longer than the context window. */
  public static FakeReply contextLengthExceeded() {
    return error(400, "context_length_exceeded", "This model's maximum context length is 8192 tokens. However, "
        + "your messages resulted in 9120 tokens. Please reduce the length of the messages.");
  }

  /** 401 whose message echoes the bearer token the request carried, as some servers do. */
  public static FakeReply unauthorized() {
    return new FakeReply(Kind.ERROR, 401, "Incorrect API key provided: ", "", null, List.of(), "invalid_api_key",
        true, Map.of(), Duration.ZERO);
  }

  /** 200 with a body that is not JSON. */
  public static FakeReply malformedJson() {
    return new FakeReply(Kind.MALFORMED_JSON, 200, "", "", null, List.of(), "", false, Map.of(), Duration.ZERO);
  }

  /** 200 announcing a full completion's length, then half the bytes, then the connection closes. */
  public static FakeReply truncatedBody() {
    return new FakeReply(Kind.TRUNCATED_BODY, 200, "this reply is cut short on the wire", "stop", null, List.of(), "",
        false, Map.of(), Duration.ZERO);
  }

  /** The connection closes before any reply byte. */
  public static FakeReply droppedConnection() {
    return new FakeReply(Kind.DROPPED_CONNECTION, 0, "", "", null, List.of(), "", false, Map.of(), Duration.ZERO);
  }

  /** 200 with exactly this body, e.g. a completion whose content is null or a number. */
  public static FakeReply rawBody(String body) {
    return new FakeReply(Kind.RAW_BODY, 200, Objects.requireNonNull(body, "body"), "", null, List.of(), "", false,
        Map.of(), Duration.ZERO);
  }

  /**
   * {@code status} with exactly this body, as a provider documents it (an error in its own shape, a completion with
   * fields the plain {@link #text} reply lacks); add headers with {@link #withHeader}.
   */
  public static FakeReply body(int status, String body) {
    if (status < 200 || status > 599) {
      throw new IllegalArgumentException("illegal status " + status + " for a fake reply: must be 200-599");
    }
    return new FakeReply(Kind.RAW_BODY, status, Objects.requireNonNull(body, "body"), "", null, List.of(), "",
        false, Map.of(), Duration.ZERO);
  }

  /** A completion of this text whose body goes out one byte every {@code perByte}, headers first. */
  public static FakeReply dripped(String text, Duration perByte) {
    return new FakeReply(Kind.DRIPPED_BODY, 200, Objects.requireNonNull(text, "text"), "stop", null, List.of(), "",
        false, Map.of(), Objects.requireNonNull(perByte, "perByte"));
  }

  /** This reply, sent after waiting {@code latency} (a reply slower than the client's timeout, for one). */
  public FakeReply after(Duration latency) {
    return new FakeReply(kind, status, text, finishReason, usage, logprobs, errorCode, echoKey, headers,
        Objects.requireNonNull(latency, "latency"));
  }

  public FakeReply withUsage(long promptTokens, long completionTokens) {
    return new FakeReply(kind, status, text, finishReason, new TokenUsage(promptTokens, completionTokens), logprobs,
        errorCode, echoKey, headers, latency);
  }

  /** This reply with usage of which {@code cachedTokens} prompt tokens were read from the provider's prompt cache. */
  public FakeReply withUsage(long promptTokens, long completionTokens, long cachedTokens) {
    return new FakeReply(kind, status, text, finishReason, new TokenUsage(promptTokens, completionTokens)
        .withCache(cachedTokens, 0), logprobs, errorCode, echoKey, headers, latency);
  }

  public FakeReply withLogprobs(List<TokenLogprob> tokens) {
    return new FakeReply(kind, status, text, finishReason, usage, tokens, errorCode, echoKey, headers, latency);
  }

  public FakeReply withFinishReason(String reason) {
    return new FakeReply(kind, status, text, reason, usage, logprobs, errorCode, echoKey, headers, latency);
  }

  public FakeReply withHeader(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new FakeReply(kind, status, text, finishReason, usage, logprobs, errorCode, echoKey, h, latency);
  }

  public Kind kind() {
    return kind;
  }

  public int status() {
    return status;
  }

  /** The completion text, or the error message. */
  public String text() {
    return text;
  }

  public String finishReason() {
    return finishReason;
  }

  /** The usage to report, or null to leave it out. */
  public TokenUsage usage() {
    return usage;
  }

  public List<TokenLogprob> logprobs() {
    return logprobs;
  }

  public String errorCode() {
    return errorCode;
  }

  /** Whether the error message ends with the request's bearer token. */
  public boolean echoKey() {
    return echoKey;
  }

  public Map<String, String> headers() {
    return headers;
  }

  public Duration latency() {
    return latency;
  }

  @Override
  public String toString() {
    return "FakeReply{" + kind + (status > 0 ? " " + status : "") + ", latency=" + latency + "}";
  }
}
