package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.LlmTransportException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client for OpenAI's {@code POST {baseUrl}/chat/completions} and the many servers that copy it (vLLM, Ollama,
 * llama.cpp, LM Studio), on the JDK's HttpClient (HTTP/1.1) and Jackson.
 *
 * <p>Failed attempts are retried as {@link io.clarq.core.llm.RetryPolicy} says when a retry can help (408, 409,
 * 429, 5xx, connection failures, timeouts, garbled replies) and never otherwise (400, 401, 403, 404); the exception
 * that ends a call lists every attempt. At most {@link LlmSettings#maxInFlight()} requests are on the wire at once
 * (a caller waiting out a backoff holds no slot), spaced by the optional requests-per-minute limit. The timeout
 * bounds each attempt whole, from sending the request to the last byte of the reply. {@link ChatResponse#latency()} runs from the call to the reply, retries included.
 */
public final class OpenAiClient implements LlmClient {
  /** OpenAI's own base URL. */
  public static final URI OPENAI_BASE_URL = URI.create("https://api.openai.com/v1");

  private static final Logger LOG = LoggerFactory.getLogger(OpenAiClient.class);

  /** Waits between attempts; tests pass one that records the waits instead. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final URI endpoint;
  private final String where;
  private final String defaultModel;
  private final Optional<ApiKey> key;
  private final LlmSettings settings;
  private final LlmListener listener;
  private final Sleeper sleeper;
  private final HttpClient http;
  private final Semaphore inFlight;
  private final RequestRateLimiter rateLimiter;
  private final Backoff backoff;

  private OpenAiClient(Builder b) {
    String base = b.baseUrl.toString().replaceAll("/+$", "");
    this.endpoint = URI.create(base + "/chat/completions");
    // query and user info may carry secrets (Azure's ?api-key=); messages show only scheme, host, port and path
    this.where = endpoint.getScheme() + "://" + endpoint.getHost()
        + (endpoint.getPort() < 0 ? "" : ":" + endpoint.getPort()) + endpoint.getPath();
    this.defaultModel = b.model;
    this.key = b.key;
    this.settings = b.settings;
    this.listener = b.listener;
    this.sleeper = b.sleeper;
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(settings.timeout())
        // no pool: the HttpClient's own selector thread finishes each exchange (reading a byte-array body never
        // blocks), which saves a thread hand-off per call; the caller waits on the exchange
        .executor(Runnable::run)
        .build();
    this.inFlight = new Semaphore(settings.maxInFlight(), true);
    this.rateLimiter = settings.requestsPerMinute() > 0 ? new RequestRateLimiter(settings.requestsPerMinute()) : null;
    this.backoff = new Backoff(settings.retry());
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    HttpRequest post = httpRequest(request);
    long start = System.nanoTime();
    List<String> history = new ArrayList<>();
    for (int attempt = 1; ; attempt++) {
      LlmException failure;
      try {
        ChatResponse response = attempt(post, start);
        listener.onResponse(request, response);
        return response;
      } catch (LlmException e) {
        failure = e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw fail(request, start, new LlmException(describe(history, attempt, "interrupted"), e));
      }
      history.add("attempt " + attempt + ": " + failure.getMessage());
      Duration delay = null;
      String stop = null;
      if (!failure.retryable()) {
        stop = "not retryable";
      } else if (attempt >= settings.retry().maxAttempts()) {
        stop = "no attempts left";
      } else {
        Optional<Duration> asked = failure instanceof LlmHttpException h
            ? h.retryAfter() : Optional.empty();
        if (asked.isPresent() && asked.get().compareTo(settings.retry().maxRetryAfter()) > 0) {
          stop = "Retry-After " + OpenAiErrors.format(asked.get()) + " exceeds the limit of "
              + OpenAiErrors.format(settings.retry().maxRetryAfter());
        } else {
          delay = asked.orElseGet(() -> backoff.after(history.size()));
        }
      }
      if (stop != null) {
        throw fail(request, start, OpenAiErrors.withMessage(failure, describe(history, attempt, stop)));
      }
      listener.onRetry(request, attempt, failure.getMessage(), delay);
      LOG.debug("{}: attempt {} failed, retrying in {}: {}", where, attempt, delay, failure.getMessage());
      try {
        sleeper.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw fail(request, start, new LlmException(describe(history, attempt, "interrupted"), e));
      }
    }
  }

  private LlmException fail(ChatRequest request, long start, LlmException e) {
    listener.onFailure(request, e, Duration.ofNanos(System.nanoTime() - start));
    return e;
  }

  private String describe(List<String> history, int attempts, String stop) {
    return "chat completion at " + where + " failed after " + attempts + (attempts == 1 ? " attempt" : " attempts")
        + " (" + stop + "): " + String.join("; ", history);
  }

  private HttpRequest httpRequest(ChatRequest request) throws LlmException {
    byte[] body;
    try {
      body = OpenAiWire.toBytes(OpenAiWire.requestBody(request, defaultModel));
    } catch (IllegalArgumentException e) {
      throw new LlmException(e.getMessage(), e);
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
        .timeout(settings.timeout())
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    key.ifPresent(k -> b.header("Authorization", "Bearer " + k.value()));
    return b.build();
  }

  private ChatResponse attempt(HttpRequest request, long start) throws LlmException, InterruptedException {
    if (rateLimiter != null) {
      Duration wait = rateLimiter.reserve(System.nanoTime());
      if (!wait.isZero()) {
        sleeper.sleep(wait);
      }
    }
    HttpResponse<byte[]> response;
    inFlight.acquire();
    // the request's own timeout ends at the response headers; waiting on the future bounds the whole attempt, so a
    // server that trickles its body a byte at a time cannot hold a call past the timeout
    CompletableFuture<HttpResponse<byte[]>> exchange = null;
    try {
      exchange = http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
      response = exchange.get(settings.timeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw timeout();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof HttpTimeoutException) {
        throw timeout();
      }
      IOException io = cause instanceof IOException x ? x : new IOException(cause);
      throw new LlmTransportException("connection failed: " + OpenAiErrors.redact(describe(io), key),
          LlmTransportException.Kind.CONNECTION, null);
    } finally {
      if (exchange != null && !exchange.isDone()) {
        exchange.cancel(true);
      }
      inFlight.release();
    }
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      try {
        return OpenAiWire.parseReply(response.body(), Duration.ofNanos(System.nanoTime() - start));
      } catch (IllegalArgumentException e) {
        throw new LlmTransportException("HTTP " + status + " with a malformed reply: "
            + OpenAiErrors.redact(e.getMessage(), key), LlmTransportException.Kind.MALFORMED_REPLY, null);
      }
    }
    if (status < 400 || status > 599) {
      throw new LlmException("HTTP " + status + ": unexpected status for a chat completion");
    }
    throw OpenAiErrors.fromStatus(status, response.body(), response.headers(), key);
  }

  private LlmTransportException timeout() {
    return new LlmTransportException("no reply within " + OpenAiErrors.format(settings.timeout()),
        LlmTransportException.Kind.TIMEOUT, null);
  }

  private String describe(IOException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return t == e ? t.getMessage() : e.getClass().getSimpleName() + ": " + t.getMessage();
      }
    }
    // the JDK's connect failures carry no message at all
    if (e instanceof java.net.ConnectException) {
      return "cannot connect to " + endpoint.getHost() + ":" + (endpoint.getPort() < 0
          ? ("https".equalsIgnoreCase(endpoint.getScheme()) ? 443 : 80) : endpoint.getPort())
          + " (no server listening, or unreachable)";
    }
    return e.getClass().getSimpleName();
  }

  /**
   * Nothing to release: the JDK 17 HttpClient has no close and its selector thread ends when the client is no longer
   * referenced.
   */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return "OpenAiClient{" + where + (defaultModel.isEmpty() ? "" : ", model=" + defaultModel)
        + ", key=" + key.map(ApiKey::toString).orElse("none") + ", " + settings + "}";
  }

  /** Builds an {@link OpenAiClient}; only the base URL is required. */
  public static final class Builder {
    private URI baseUrl;
    private String model = "";
    private Optional<ApiKey> key = Optional.empty();
    private LlmSettings settings = LlmSettings.DEFAULT;
    private LlmListener listener = LlmListener.NONE;
    private Sleeper sleeper = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

    private Builder() {}

    /** The base URL up to and including the version, e.g. {@code http://127.0.0.1:8000/v1}. */
    public Builder baseUrl(URI url) {
      this.baseUrl = Objects.requireNonNull(url, "baseUrl");
      return this;
    }

    /** The model used when a request names none; empty = leave it to the server. */
    public Builder model(String model) {
      this.model = Objects.requireNonNull(model, "model");
      return this;
    }

    public Builder apiKey(Optional<ApiKey> key) {
      this.key = Objects.requireNonNull(key, "key");
      return this;
    }

    public Builder apiKey(ApiKey key) {
      return apiKey(Optional.of(key));
    }

    public Builder settings(LlmSettings settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    public Builder listener(LlmListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    public OpenAiClient build() {
      if (baseUrl == null) {
        throw new IllegalArgumentException("OpenAI client: no base URL");
      }
      LlmSpec.parseUrl(baseUrl.toString());
      return new OpenAiClient(this);
    }
  }
}
