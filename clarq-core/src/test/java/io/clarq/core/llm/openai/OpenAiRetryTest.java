package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.wire.Backoff;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiRetryTest {
  private static final ChatRequest HELLO = ChatRequest.builder().user("hello?").build();
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("ok"));
  private final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiClient.Builder client(int attempts) {
    return client(attempts, Duration.ofSeconds(10));
  }

  private OpenAiClient.Builder client(int attempts, Duration timeout) {
    return OpenAiClient.builder().baseUrl(server.baseUrl())
        .settings(LlmSettings.DEFAULT.withTimeout(timeout).withRetry(RetryPolicy.DEFAULT.withMaxAttempts(attempts)))
        .sleeper(d -> sleeps.add(d));
  }

  @Test
  void testRetriesRetryableStatusesWithExponentialJitteredBackoff() throws Exception {
    server.enqueue(FakeReply.rateLimited(), FakeReply.serverError(), FakeReply.unavailable(),
        FakeReply.error(408, "timeout", "request timeout"), FakeReply.error(409, "conflict", "try again"));
    // five attempts suffice: the 429 that named no wait is waited out with a backoff of its own, no attempt spent
    try (OpenAiClient client = client(5).build()) {
      assertThat(client.chat(HELLO).text()).isEqualTo("ok");
    }
    assertThat(server.callCount()).isEqualTo(6);
    assertThat(sleeps).hasSize(5);
    long[] base = {1000, 1000, 2000, 4000, 8000};
    for (int i = 0; i < 5; i++) {
      assertThat(sleeps.get(i).toMillis()).as("wait after attempt %d", i + 1).isBetween(base[i] / 2, base[i]);
    }
  }

  @Test
  void testBackoffIsCappedAndItsJitterSeeded() {
    RetryPolicy p = RetryPolicy.DEFAULT.withBackoff(Duration.ofMillis(100), Duration.ofMillis(300));
    Backoff a = new Backoff(p);
    Backoff b = new Backoff(p);
    Backoff other = new Backoff(p.withJitterSeed(7));
    List<Duration> seqA = new ArrayList<>();
    List<Duration> seqB = new ArrayList<>();
    List<Duration> seqOther = new ArrayList<>();
    for (int attempt = 1; attempt <= 40; attempt++) {
      seqA.add(a.after(attempt));
      seqB.add(b.after(attempt));
      seqOther.add(other.after(attempt));
    }
    assertThat(seqA).isEqualTo(seqB).isNotEqualTo(seqOther);
    assertThat(seqA.subList(3, 40)).allSatisfy(d -> assertThat(d.toMillis()).isBetween(150L, 300L));
  }

  @Test
  void testRetryAfterReplacesTheBackoff() throws Exception {
    server.enqueue(FakeReply.rateLimited(7), FakeReply.rateLimited().withHeader("retry-after-ms", "1250"));
    try (OpenAiClient client = client(3).build()) {
      client.chat(HELLO);
    }
    // counted from the 429: what is left of the wait when the caller queues again is a little shorter
    assertThat(sleeps).hasSize(2);
    assertThat(sleeps.get(0)).isBetween(Duration.ofMillis(6500), Duration.ofSeconds(7));
    assertThat(sleeps.get(1)).isBetween(Duration.ofMillis(750), Duration.ofMillis(1250));
  }

  @Test
  void testRetryAfterIsRespectedOnTheWire() throws Exception {
    server.enqueue(FakeReply.rateLimited(1));
    try (OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl()).build()) {
      assertThat(client.chat(HELLO).text()).isEqualTo("ok");
    }
    List<RecordedRequest> r = server.requests();
    assertThat(r).hasSize(2);
    assertThat(Duration.ofNanos(r.get(1).arrivalNanos() - r.get(0).arrivalNanos())).isGreaterThanOrEqualTo(
        Duration.ofSeconds(1));
  }

  @Test
  void testRetryAfterBeyondTheLimitEndsTheCall() {
    server.enqueue(FakeReply.unavailable().withHeader("Retry-After", "3600"));
    try (OpenAiClient client = client(5).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOfSatisfying(LlmHttpException.class,
          e -> assertThat(e.retryAfter()).contains(Duration.ofHours(1)))
          .hasMessageContaining("(Retry-After 3600s exceeds the limit of 120s)");
    }
    assertThat(server.callCount()).isEqualTo(1);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void testARateLimitWaitBeyondThePatienceStopsAsTheBreakerDoes() {
    server.enqueue(FakeReply.rateLimited(3600));
    try (OpenAiClient client = client(5).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOf(io.clarq.core.llm.LlmOutageException.class)
          .hasMessageContaining("did not recover within the patience of 10 min 0 s")
          .hasMessageContaining("the server asks to wait 60 min 0 s").hasMessageContaining("rate_limit_exceeded");
      // stopped: the next call fails at once, sending nothing
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOf(io.clarq.core.llm.LlmOutageException.class);
    }
    assertThat(server.callCount()).isEqualTo(1);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void testNoRetryOnBadRequest() {
    server.enqueue(FakeReply.error(400, "invalid_request_error", "Invalid value for 'temperature'"));
    try (OpenAiClient client = client(5).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isExactlyInstanceOf(LlmHttpException.class)
          .hasMessageContaining("failed after 1 attempt (not retryable): attempt 1: HTTP 400");
    }
    assertThat(server.callCount()).isEqualTo(1);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void testNoRetryOnContextLength() {
    server.respondWith(r -> FakeReply.contextLengthExceeded());
    try (OpenAiClient client = client(5).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOf(LlmContextLengthException.class);
    }
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testNoRetryOnUnauthorizedOrForbidden() {
    server.enqueue(FakeReply.unauthorized(), FakeReply.error(403, "forbidden", "no access to this model"));
    try (OpenAiClient client = client(5).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOfSatisfying(LlmAuthenticationException.class,
          e -> assertThat(e.status()).isEqualTo(401)).hasMessageContaining("no API key was sent");
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOfSatisfying(LlmAuthenticationException.class,
          e -> assertThat(e.status()).isEqualTo(403));
    }
    assertThat(server.callCount()).isEqualTo(2);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void testRetriesTimeoutsDroppedConnectionsAndGarbledReplies() throws Exception {
    server.enqueue(FakeReply.text("late").after(Duration.ofSeconds(2)), FakeReply.droppedConnection(),
        FakeReply.truncatedBody(), FakeReply.malformedJson());
    try (OpenAiClient client = client(5, Duration.ofMillis(500)).build()) {
      assertThat(client.chat(HELLO).text()).isEqualTo("ok");
    }
    assertThat(sleeps).hasSize(4);
    assertThat(server.callCount()).isGreaterThanOrEqualTo(5);
  }

  @Test
  void testFinalExceptionTellsEveryAttempt() {
    server.enqueue(FakeReply.rateLimited(2), FakeReply.droppedConnection(), FakeReply.contextLengthExceeded());
    List<String> retries = Collections.synchronizedList(new ArrayList<>());
    List<LlmException> failures = Collections.synchronizedList(new ArrayList<>());
    LlmListener listener = new LlmListener() {
      @Override
      public void onRetry(ChatRequest request, int attempt, String failure, Duration delay) {
        retries.add(attempt + ": " + failure);
      }

      @Override
      public void onFailure(ChatRequest request, LlmException error, Duration elapsed) {
        failures.add(error);
      }
    };
    try (OpenAiClient client = client(5).listener(listener).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOf(LlmContextLengthException.class)
          .hasMessageStartingWith("chat completion at http://127.0.0.1:" + server.port()
              + "/v1/chat/completions failed after 2 attempts (not retryable): attempt 1: connection failed: ")
          .hasMessageContaining("; attempt 2: HTTP 400 context_length_exceeded: This model's maximum context");
    }
    assertThat(retries).hasSize(2);
    assertThat(retries.get(0)).startsWith("1: HTTP 429");
    assertThat(failures).hasSize(1);
  }

  @Test
  void testAttemptsRunOutOnPersistentServerErrors() {
    server.respondWith(r -> FakeReply.unavailable());
    try (OpenAiClient client = client(3).build()) {
      assertThatThrownBy(() -> client.chat(HELLO)).isInstanceOfSatisfying(LlmHttpException.class,
          e -> assertThat(e.status()).isEqualTo(503))
          .hasMessageContaining("failed after 3 attempts (no attempts left)")
          .hasMessageContaining("attempt 1: HTTP 503").hasMessageContaining("attempt 3: HTTP 503");
    }
    assertThat(server.callCount()).isEqualTo(3);
  }

  @Test
  void testInFlightBoundIsNeverExceeded() throws Exception {
    server.respondWith(r -> FakeReply.text("ok").after(Duration.ofMillis(30)));
    ExecutorService callers = Executors.newFixedThreadPool(16, r -> new Thread(r, "in-flight-test-caller"));
    try (OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl())
        .settings(LlmSettings.DEFAULT.withMaxInFlight(4)).build()) {
      List<Future<ChatResponse>> calls = new ArrayList<>();
      for (int i = 0; i < 48; i++) {
        calls.add(callers.submit(() -> client.chat(HELLO)));
      }
      for (Future<ChatResponse> f : calls) {
        assertThat(f.get().text()).isEqualTo("ok");
      }
    } finally {
      callers.shutdownNow();
    }
    assertThat(server.callCount()).isEqualTo(48);
    assertThat(server.maxConcurrent()).isBetween(2, 4);
  }

  @Test
  void testRateLimiterSpacesSlotsEvenly() {
    RequestRateLimiter limiter = new RequestRateLimiter(600);
    assertThat(limiter.reserve(0)).isZero();
    assertThat(limiter.reserve(0)).isEqualTo(Duration.ofMillis(100));
    assertThat(limiter.reserve(50_000_000)).isEqualTo(Duration.ofMillis(150));
    // idle longer than a slot: no credit is saved up for a burst
    assertThat(limiter.reserve(2_000_000_000L)).isZero();
    assertThat(limiter.reserve(2_000_000_000L)).isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void testRequestsPerMinuteLimitOnTheWire() throws Exception {
    ExecutorService callers = Executors.newFixedThreadPool(5, r -> new Thread(r, "rpm-test-caller"));
    try (OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl())
        .settings(LlmSettings.DEFAULT.withRequestsPerMinute(600)).build()) {
      List<Future<ChatResponse>> calls = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        calls.add(callers.submit(() -> client.chat(HELLO)));
      }
      for (Future<ChatResponse> f : calls) {
        f.get();
      }
    } finally {
      callers.shutdownNow();
    }
    List<RecordedRequest> r = server.requests();
    // five calls at 600 a minute: slots 100 ms apart, so the last starts 400 ms after the first. Arrival times
    // carry connection set-up and scheduling noise on a loaded machine (the first call opens the connection), so
    // allow 100 ms of it; without the limit the five arrive within a few milliseconds.
    assertThat(Duration.ofNanos(r.get(4).arrivalNanos() - r.get(0).arrivalNanos()).toMillis())
        .isGreaterThanOrEqualTo(300);
  }

  @Test
  void testRetryAfterForms() {
    java.util.function.Function<Map<String, List<String>>, Duration> parse =
        h -> OpenAiErrors.retryAfter(java.net.http.HttpHeaders.of(h, (k, v) -> true));
    assertThat(parse.apply(Map.of("retry-after", List.of("2")))).isEqualTo(Duration.ofSeconds(2));
    assertThat(parse.apply(Map.of("retry-after", List.of("1.5")))).isEqualTo(Duration.ofMillis(1500));
    assertThat(parse.apply(Map.of("retry-after", List.of("Wed, 21 Oct 2015 07:28:00 GMT")))).isZero();
    String inAMinute = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
        java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(60));
    assertThat(parse.apply(Map.of("retry-after", List.of(inAMinute)))).isBetween(Duration.ofSeconds(55),
        Duration.ofSeconds(60));
    assertThat(parse.apply(Map.of("retry-after", List.of("soon")))).isNull();
    assertThat(parse.apply(Map.of("retry-after", List.of("9"), "retry-after-ms", List.of("120"))))
        .isEqualTo(Duration.ofMillis(120));
    assertThat(parse.apply(Map.of())).isNull();
  }

  @Test
  void testRetryableStatuses() {
    assertThat(List.of(408, 409, 429, 500, 502, 503, 504)).allMatch(LlmHttpException::retryableStatus);
    assertThat(List.of(400, 401, 403, 404, 422)).noneMatch(LlmHttpException::retryableStatus);
  }
}
