package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The HTTP client clarq gives LangChain4j's provider modules, on the JDK's HttpClient as theirs is, with two
 * differences: an error carries the server's {@code Retry-After} (or {@code retry-after-ms}), which LangChain4j's
 * own client drops, so clarq can wait as the server asks (and every reply's rate-limit headers reach the client's
 * budget, {@link #takeLastLimits}); and the read timeout bounds the whole exchange, to the
 * reply's last byte (a server trickling its body cannot hold a call past it). A streamed request is read whole
 * within that bound, then its events are handed on.
 *
 * <p>Bodies: a {@code gzip} or {@code deflate} body is decoded (clarq asks for {@code Accept-Encoding: identity}
 * when the module sets none; RFC 9110 §8.4 lets a server compress anyway); another coding is refused at once. A reply
 * to a request that is not streamed but comes streamed is assembled when it is Ollama's NDJSON
 * ({@link OllamaStream}) or Anthropic's events ({@link AnthropicStream}) and refused at once otherwise (Gemini's
 * events, another provider's lines): the modules read only a whole reply. A redirect names its {@code Location}.
 */
final class ClarqHttpClient implements HttpClient {
  /** An HTTP error with the wait the server asked for, if any. */
  static final class RetryAfterHttpException extends HttpException {
    private static final long serialVersionUID = 1L;
    private final transient Duration retryAfter;

    private final String location;

    RetryAfterHttpException(int status, String body, Duration retryAfter) {
      this(status, body, retryAfter, null);
    }

    RetryAfterHttpException(int status, String body, Duration retryAfter, String location) {
      super(status, body);
      this.retryAfter = retryAfter;
      this.location = location;
    }

    /** A redirect's {@code Location} header, as sent. */
    Optional<String> location() {
      return Optional.ofNullable(location);
    }

    Optional<Duration> retryAfter() {
      return Optional.ofNullable(retryAfter);
    }
  }

  /**
   * The body of the last successful exchange on this thread. A module's {@code chat} sends on the calling thread and
   * returns before {@link LangChain4jClient} reads it, so the client can read the protocol's own end reason (which
   * the modules map coarsely or drop) from the very reply the module parsed; a module that sent on another thread
   * leaves none, and the module's mapping is used.
   */
  private static final ThreadLocal<byte[]> LAST_BODY = new ThreadLocal<>();
  /** The headers of the last exchange on this thread, error or not, for the rate budget (as {@link #LAST_BODY}). */
  private static final ThreadLocal<java.net.http.HttpHeaders> LAST_HEADERS = new ThreadLocal<>();

  private final java.net.http.HttpClient http;
  private final Duration timeout;

  private ClarqHttpClient(Duration connectTimeout, Duration timeout) {
    java.net.http.HttpClient.Builder b = java.net.http.HttpClient.newBuilder()
        .version(java.net.http.HttpClient.Version.HTTP_1_1)
        // as the OpenAI client: the selector thread finishes each exchange, the caller waits on it
        .executor(Runnable::run);
    if (connectTimeout != null) {
      b.connectTimeout(connectTimeout);
    }
    this.http = b.build();
    this.timeout = timeout;
  }

  @Override
  public SuccessfulHttpResponse execute(HttpRequest request) {
    HttpResponse<byte[]> response = exchange(request);
    byte[] body = ReplyBody.decode(response.body(), response.headers().allValues("Content-Encoding"));
    Optional<ReplyBody.Streaming> streamed = ReplyBody.streaming(response.headers().firstValue("Content-Type"), body);
    if (streamed.isPresent()) {
      body = whole(streamed.get(), body, response.statusCode());
    }
    // the body the module parses, decoded and assembled, is the one whose end reason the client reads
    LAST_BODY.set(body);
    return SuccessfulHttpResponse.builder().statusCode(response.statusCode()).headers(response.headers().map())
        .body(body).build();
  }

  // the one reply a stream stands for: Ollama's NDJSON assembled; anything else refused, naming the streaming
  private static byte[] whole(ReplyBody.Streaming streamed, byte[] body, int status) {
    if (streamed == ReplyBody.Streaming.SSE) {
      Optional<List<JsonNode>> anthropic = AnthropicStream.events(ReplyBody.events(body));
      if (anthropic.isEmpty()) {
        throw new UnreadableBodyException("the server streamed its reply as " + streamed.words() + " although"
            + " clarq asked for one whole reply; clarq assembles OpenAI's, Anthropic's and Ollama's streams only:"
            + " turn streaming off at the server or proxy", false);
      }
      Optional<JsonNode> error = AnthropicStream.error(anthropic.get());
      if (error.isPresent()) {
        // an error event: read as the error body it is, a bad gateway as the OpenAI client reads a 200's error
        throw new RetryAfterHttpException(502, error.get().toString(), null);
      }
      return AnthropicStream.assemble(anthropic.get());
    }
    List<JsonNode> lines = ReplyBody.lines(body);
    Optional<String> error = OllamaStream.error(lines);
    if (error.isPresent()) {
      // as the OpenAI client reads a 200 carrying an error: a bad gateway, retried
      throw new RetryAfterHttpException(502, com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
          .objectNode().put("error", "HTTP " + status + " streaming an error: " + error.get()).toString(), null);
    }
    return OllamaStream.assemble(lines);
  }

  private HttpResponse<byte[]> exchange(HttpRequest request) {
    java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(URI.create(request.url()));
    request.headers().forEach((name, values) -> {
      if (values != null) {
        values.forEach(v -> b.header(name, v));
      }
    });
    if (request.headers().keySet().stream().noneMatch("Accept-Encoding"::equalsIgnoreCase)) {
      b.header("Accept-Encoding", "identity");
    }
    b.method(request.method().name(), request.body() == null ? java.net.http.HttpRequest.BodyPublishers.noBody()
        : java.net.http.HttpRequest.BodyPublishers.ofString(request.body()));
    if (timeout != null) {
      b.timeout(timeout);
    }
    HttpResponse<byte[]> response;
    CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(b.build(),
        HttpResponse.BodyHandlers.ofByteArray());
    try {
      response = timeout == null ? exchange.get() : exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException(new HttpTimeoutException("no reply within " + timeout.toSeconds() + " s"));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new IllegalStateException(cause instanceof IOException ? cause : new IOException(cause));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } finally {
      if (!exchange.isDone()) {
        exchange.cancel(true);
      }
    }
    LAST_HEADERS.set(response.headers());
    int status = response.statusCode();
    if (status < 200 || status >= 300) {
      byte[] body;
      try {
        body = ReplyBody.decode(response.body(), response.headers().allValues("Content-Encoding"));
      } catch (UnreadableBodyException e) {
        body = ("(" + e.getMessage() + ")").getBytes(StandardCharsets.UTF_8);
      }
      throw new RetryAfterHttpException(status, new String(body, StandardCharsets.UTF_8), retryAfter(response),
          response.headers().firstValue("Location").orElse(null));
    }
    return response;
  }

  /** Forgets this thread's last successful body and last headers; called before a module's chat. */
  static void forgetLastBody() {
    LAST_BODY.remove();
    LAST_HEADERS.remove();
  }

  /** What the headers of this thread's last exchange since {@link #forgetLastBody} said about the rate limits. */
  static io.clarq.core.llm.pacing.RateLimits takeLastLimits() {
    java.net.http.HttpHeaders headers = LAST_HEADERS.get();
    LAST_HEADERS.remove();
    return headers == null ? io.clarq.core.llm.pacing.RateLimits.NONE
        : io.clarq.core.llm.pacing.RateLimits.read(headers::firstValue, java.time.Instant.now());
  }

  /** The body of this thread's last successful exchange since {@link #forgetLastBody}, forgotten as it is taken. */
  static Optional<byte[]> takeLastBody() {
    byte[] body = LAST_BODY.get();
    LAST_BODY.remove();
    return Optional.ofNullable(body);
  }

  private static Duration retryAfter(HttpResponse<?> response) {
    try {
      Optional<String> ms = response.headers().firstValue("retry-after-ms");
      if (ms.isPresent()) {
        return Duration.ofMillis(Math.round(Double.parseDouble(ms.get().strip())));
      }
      Optional<String> s = response.headers().firstValue("retry-after");
      if (s.isPresent()) {
        return Duration.ofMillis(Math.round(Double.parseDouble(s.get().strip()) * 1000));
      }
    } catch (NumberFormatException e) {
      // an HTTP-date Retry-After: clarq's own backoff applies
    }
    return null;
  }

  /**
   * A streamed request, read whole within the same bound as any other: the body's events are handed to
   * {@code listener} once the reply has arrived (clarq's own calls are never streamed; a model a user builds over this
   * client may be). An HTTP error or a failed exchange goes to {@link ServerSentEventListener#onError}.
   */
  @Override
  public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
    SuccessfulHttpResponse response;
    try {
      HttpResponse<byte[]> r = exchange(request);
      response = SuccessfulHttpResponse.builder().statusCode(r.statusCode()).headers(r.headers().map())
          .body(ReplyBody.decode(r.body(), r.headers().allValues("Content-Encoding"))).build();
    } catch (RuntimeException e) {
      listener.onError(e);
      return;
    }
    listener.onOpen(response);
    try {
      parser.parse(new java.io.ByteArrayInputStream(response.bodyBytes()), listener);
    } catch (RuntimeException e) {
      listener.onError(e);
      return;
    }
    listener.onClose();
  }

  /** Builds the client; the read timeout is the whole attempt's bound. */
  static final class Builder implements HttpClientBuilder {
    private Duration connectTimeout;
    private Duration readTimeout;

    @Override
    public Duration connectTimeout() {
      return connectTimeout;
    }

    @Override
    public HttpClientBuilder connectTimeout(Duration t) {
      this.connectTimeout = t;
      return this;
    }

    @Override
    public Duration readTimeout() {
      return readTimeout;
    }

    @Override
    public HttpClientBuilder readTimeout(Duration t) {
      this.readTimeout = t;
      return this;
    }

    @Override
    public HttpClient build() {
      return new ClarqHttpClient(connectTimeout, readTimeout);
    }
  }
}
