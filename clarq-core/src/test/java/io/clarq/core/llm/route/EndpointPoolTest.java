package io.clarq.core.llm.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.RetryPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EndpointPoolTest {
  private static final ChatRequest ASK = ChatRequest.builder().user("q").build();

  /** Answers "from NAME", or refuses the connection while {@code down} is set. */
  private static final class Server implements LlmClient {
    final String name;
    final AtomicBoolean down = new AtomicBoolean();
    final AtomicInteger calls = new AtomicInteger();

    Server(String name) {
      this.name = name;
    }

    @Override
    public ChatResponse chat(ChatRequest request) throws LlmException {
      calls.incrementAndGet();
      if (down.get()) {
        throw new LlmTransportException("connection failed: cannot connect to " + name,
            LlmTransportException.Kind.CONNECTION, null);
      }
      return ChatResponse.ofText("from " + name);
    }
  }

  @Test
  void testAFailingServerIsRetriedElsewhereAtOnceThenBenched() throws Exception {
    Server a = new Server("a");
    Server b = new Server("b");
    List<Duration> waits = new ArrayList<>();
    EndpointPool pool = new EndpointPool(List.of(new EndpointPool.Endpoint("a", a), new EndpointPool.Endpoint("b", b)),
        RetryPolicy.DEFAULT, Duration.ofHours(1), LlmListener.NONE, waits::add);
    // idle servers take calls in turn
    assertThat(List.of(pool.chat(ASK).text(), pool.chat(ASK).text())).containsExactlyInAnyOrder("from a", "from b");
    a.down.set(true);
    for (int i = 0; i < 10; i++) {
      assertThat(pool.chat(ASK).text()).isEqualTo("from b");
    }
    // a failed twice in a row, then was benched: no more calls, no waiting (another server was free)
    assertThat(a.calls.get()).isEqualTo(3);
    assertThat(waits).isEmpty();
    EndpointStats sa = pool.stats().get(0);
    assertThat(sa.failures()).isEqualTo(2);
    assertThat(sa.benched()).isEqualTo(1);
    assertThat(sa.summary()).startsWith("a: 3 calls, 2 failed, benched 1x");
    // with every server down, the call ends after its attempts, naming each one
    b.down.set(true);
    assertThatThrownBy(() -> pool.chat(ASK)).isInstanceOf(LlmException.class)
        .hasMessageContaining("failed after 5 attempts over 2 endpoints (no attempts left)")
        .hasMessageContaining("at b: connection failed");
    assertThat(waits).isNotEmpty();
  }

  /** A server that fails every call with {@code failure}. */
  private static LlmClient failing(LlmException failure, AtomicInteger calls) {
    return request -> {
      calls.incrementAndGet();
      throw failure;
    };
  }

  @Test
  void testTheEndFailureKeepsItsClass() {
    AtomicInteger calls = new AtomicInteger();
    EndpointPool down = new EndpointPool(List.of(
        new EndpointPool.Endpoint("a", failing(new LlmTransportException("refused", LlmTransportException.Kind
            .CONNECTION, null), calls)),
        new EndpointPool.Endpoint("b", failing(new LlmTransportException("refused", LlmTransportException.Kind
            .CONNECTION, null), calls))),
        RetryPolicy.DEFAULT.withBackoff(Duration.ZERO, Duration.ZERO), Duration.ZERO, LlmListener.NONE, d -> { });
    assertThatThrownBy(() -> down.chat(ASK)).isInstanceOfSatisfying(LlmTransportException.class,
        e -> assertThat(e.infrastructure()).isTrue()).hasMessageContaining("over 2 endpoints");
    calls.set(0);
    EndpointPool quota = new EndpointPool(List.of(
        new EndpointPool.Endpoint("a", failing(new io.clarq.core.llm.LlmQuotaException("HTTP 429 insufficient_quota",
            429), calls))), RetryPolicy.DEFAULT, Duration.ZERO, LlmListener.NONE, d -> { });
    assertThatThrownBy(() -> quota.chat(ASK)).isInstanceOf(io.clarq.core.llm.LlmQuotaException.class)
        .hasMessageContaining("not retryable");
    assertThat(calls.get()).isEqualTo(1);
  }

  @Test
  void testAnUnusableReplyIsPassedOnAsIsAndNotTriedElsewhere() {
    AtomicInteger calls = new AtomicInteger();
    io.clarq.core.llm.LlmUnusableReplyException cut = new io.clarq.core.llm.LlmUnusableReplyException("turn",
        "Where can I", io.clarq.core.llm.LlmUnusableReplyException.Reason.LENGTH, "cut", ChatResponse.ofText(
            "Where can I"));
    List<ChatResponse> heard = new ArrayList<>();
    EndpointPool pool = new EndpointPool(List.of(new EndpointPool.Endpoint("a", failing(cut, calls)),
        new EndpointPool.Endpoint("b", failing(cut, calls))), RetryPolicy.DEFAULT, Duration.ofHours(1),
        new LlmListener() {
          @Override
          public void onResponse(ChatRequest request, ChatResponse response) {
            heard.add(response);
          }
        }, d -> { });
    assertThatThrownBy(() -> pool.chat(ASK)).isSameAs(cut);
    assertThat(calls.get()).isEqualTo(1);
    assertThat(heard).hasSize(1);
    assertThat(pool.stats()).allSatisfy(s -> assertThat(s.failures()).isZero());
  }
}
