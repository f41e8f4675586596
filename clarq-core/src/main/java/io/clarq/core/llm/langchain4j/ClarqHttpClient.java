package io.clarq.core.llm.langchain4j;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The HTTP client clarq gives LangChain4j's provider modules, on the JDK's HttpClient as theirs is, with two
 * differences: an error carries the server's {@code Retry-After} (or {@code retry-after-ms}), which LangChain4j's
 * own client drops, so clarq can wait as the server asks; and the read timeout bounds the whole exchange, to the
 * reply's last byte (a server trickling its body cannot hold a call past it). A streamed request is read whole
 * within that bound, then its events are handed on.
 */
final class ClarqHttpClient implements HttpClient {
  /** An HTTP error with the wait the server asked for, if any. */
  static final class RetryAfterHttpException extends HttpException {
    private static final long serialVersionUID = 1L;
    private final transient Duration retryAfter;

    RetryAfterHttpException(int status, String body, Duration retryAfter) {
      super(status, body);
      this.retryAfter = retryAfter;
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
    java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(URI.create(request.url()));
    request.headers().forEach((name, values) -> {
      if (values != null) {
        values.forEach(v -> b.header(name, v));
      }
    });
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
    int status = response.statusCode();
    if (status < 200 || status >= 300) {
      throw new RetryAfterHttpException(status, new String(response.body(), StandardCharsets.UTF_8),
          retryAfter(response));
    }
    LAST_BODY.set(response.body());
    return SuccessfulHttpResponse.builder().statusCode(status).headers(response.headers().map())
        .body(response.body()).build();
  }

  /** Forgets this thread's last successful body; called before a module's chat. */
  static void forgetLastBody() {
    LAST_BODY.remove();
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
      response = execute(request);
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
