package io.clarq.core.llm.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.LlmOutageException;
import io.clarq.core.llm.wire.RequestSize;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The budget on a virtual clock: every wait is a sleep that moves the clock, nothing is timed. */
class RateBudgetTest {
  private final AtomicLong clock = new AtomicLong(1_000_000_000L);
  private final List<Duration> sleeps = new ArrayList<>();
  private final RateBudget.Sleeper sleeper = d -> {
    sleeps.add(d);
    clock.addAndGet(d.toNanos());
  };

  private RateBudget budget(Duration patience) {
    return new RateBudget("openai:gpt-test @ http://127.0.0.1:1/v1", 0, patience, clock::get);
  }

  // OpenAI's headers (https://platform.openai.com/docs/guides/rate-limits): 60,000 tokens a minute = 1,000 a second
  private static RateLimits openAi(long tokensLeft, long requestsLeft) {
    return new RateLimits(OptionalLong.of(500), OptionalLong.of(requestsLeft), Optional.of(Duration.ofMillis(120)),
        OptionalLong.of(60_000), OptionalLong.of(tokensLeft), Optional.of(Duration.ofSeconds(1)));
  }

  private RateBudget.Ticket call(RateBudget b, long tokens, RateLimits said) throws Exception {
    RateBudget.Ticket t = b.take(tokens, sleeper);
    t.observe(said);
    b.settle(t, true);
    return t;
  }

  @Test
  void testTheMinutesAllowanceIsSpentBeforeAnyWait() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    call(b, 1000, openAi(59_000, 499));
    // the server said 59,000 remain: 59 more calls of 1,000 go at once, the 60th waits for one second's refill
    for (int i = 0; i < 59; i++) {
      RateBudget.Ticket t = b.take(1000, sleeper);
      b.settle(t, true);
    }
    assertThat(sleeps).isEmpty();
    b.settle(b.take(1000, sleeper), true);
    assertThat(sleeps).containsExactly(Duration.ofSeconds(1));
    assertThat(b.admittedTokens()).isEqualTo(61_000);
  }

  @Test
  void testTheServersRemainingCountCorrectsTheEstimate() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    // the client sized the call at 100 tokens; the server counted more and says only 500 remain
    call(b, 100, openAi(500, 499));
    b.settle(b.take(500, sleeper), true);
    assertThat(sleeps).isEmpty();
    b.settle(b.take(1000, sleeper), true);
    assertThat(sleeps).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void testCallsQueuedTogetherAreSpacedByTheRefill() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    call(b, 1000, openAi(0, 499));
    // three callers at the same moment: the first waits one second of refill, the next two and three
    assertThat(List.of(b.reserve(1000).queued(), b.reserve(1000).queued(), b.reserve(1000).queued()))
        .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3));
  }

  @Test
  void testAzureLimitIsLearnedFromWhatRemains() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    // https://learn.microsoft.com/azure/ai-services/openai/quotas-limits: remaining counts only
    RateLimits azure = new RateLimits(OptionalLong.empty(), OptionalLong.of(99), Optional.empty(),
        OptionalLong.empty(), OptionalLong.of(59_000), Optional.empty());
    call(b, 1000, azure);
    assertThat(b.toString()).contains("59000 of 60000 a minute (estimated)");
  }

  @Test
  void testAServerThatStatesNoLimitIsNotPacedButATokenCapIs() throws Exception {
    RateBudget free = budget(Duration.ofMinutes(10));
    for (int i = 0; i < 100; i++) {
      call(free, 1_000_000, RateLimits.NONE);
    }
    assertThat(sleeps).isEmpty();
    RateBudget capped = new RateBudget("x", 6000, Duration.ofMinutes(10), clock::get);
    call(capped, 6000, RateLimits.NONE);
    call(capped, 100, RateLimits.NONE);
    assertThat(sleeps).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void testA429PausesEveryCallerAndCostsNoAttempt() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    call(b, 100, openAi(59_000, 499));
    RateBudget.Ticket waiting = b.reserve(100);   // queued before the 429: its place is void after it
    RateBudget.Ticket refused = b.take(100, sleeper);
    refused.observe(openAi(0, 498));
    b.limited(refused, Optional.of(Duration.ofMillis(1200)), Duration.ofMillis(1200),
        "HTTP 429 rate_limit_exceeded");
    assertThat(b.limitedCount()).isEqualTo(1);
    assertThat(b.admit(waiting)).isFalse();
    // every caller now waits out the pause the server named before anything is sent
    RateBudget.Ticket again = b.take(100, sleeper);
    assertThat(sleeps).containsExactly(Duration.ofMillis(1200));
    b.settle(again, true);
    assertThat(b.waiting()).isEmpty();
  }

  @Test
  void testCallsAfterA429AreReleasedGradually() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    call(b, 1000, openAi(59_000, 499));
    RateBudget.Ticket refused = b.take(1000, sleeper);
    refused.observe(openAi(0, 498));
    b.limited(refused, Optional.of(Duration.ofSeconds(1)), Duration.ofSeconds(1), "HTTP 429");
    // one call goes first; the window doubles with each reply
    assertThat(b.window()).isEqualTo(1);
    // and the queued callers are spaced by the refill, not let go at once when the pause ends
    List<Duration> waits = List.of(b.reserve(1000).queued(), b.reserve(1000).queued(), b.reserve(1000).queued());
    assertThat(waits).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3));
    RateBudget.Ticket first = b.take(1000, sleeper);
    b.settle(first, true);
    assertThat(b.window()).isEqualTo(2);
    b.settle(b.take(1000, sleeper), true);
    assertThat(b.window()).isEqualTo(4);
  }

  @Test
  void testTheWaitFallsBackToTheResetOfTheSpentBudgetThenToABackoff() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    call(b, 100, openAi(59_000, 499));
    RateBudget.Ticket t = b.take(100, sleeper);
    t.observe(new RateLimits(OptionalLong.of(500), OptionalLong.of(0), Optional.of(Duration.ofMillis(700)),
        OptionalLong.of(60_000), OptionalLong.of(50_000), Optional.of(Duration.ofSeconds(3))));
    b.limited(t, Optional.empty(), Duration.ofSeconds(5), "HTTP 429");
    t = b.take(100, sleeper);
    assertThat(sleeps).containsExactly(Duration.ofMillis(700));
    // nothing said at all: the caller's backoff
    b.limited(t, Optional.empty(), Duration.ofSeconds(2), "HTTP 429");
    b.take(100, sleeper);
    assertThat(sleeps.get(1)).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void testABudgetThatDoesNotRecoverWithinThePatienceStopsEveryCall() throws Exception {
    RateBudget b = budget(Duration.ofSeconds(10));
    call(b, 100, openAi(59_000, 499));
    assertThatThrownBy(() -> {
      for (int i = 0; i < 100; i++) {
        RateBudget.Ticket t = b.take(100, sleeper);
        b.limited(t, Optional.of(Duration.ofSeconds(3)), Duration.ofSeconds(3),
            "HTTP 429 rate_limit_exceeded: Please try again in 3s");
      }
    }).isInstanceOf(LlmOutageException.class).hasMessageContaining("did not recover within the patience of 10.0 s")
        .hasMessageContaining("Please try again in 3s").hasMessageContaining("finished work is kept");
    assertThat(b.isOpen()).isTrue();
    assertThat(sleeps).hasSize(3);
    int before = sleeps.size();
    assertThatThrownBy(() -> b.take(1, sleeper)).isInstanceOf(LlmOutageException.class);
    assertThat(sleeps).hasSize(before);
  }

  @Test
  void testAWaitLongerThanThePatienceStopsAtOnce() throws Exception {
    RateBudget b = budget(Duration.ofMinutes(10));
    RateBudget.Ticket t = b.take(100, sleeper);
    assertThatThrownBy(() -> b.limited(t, Optional.of(Duration.ofHours(1)), Duration.ofHours(1),
        "HTTP 429 (Retry-After 3600s)"))
        .isInstanceOf(LlmOutageException.class).hasMessageContaining("the server asks to wait 60 min 0 s");
    assertThat(sleeps).isEmpty();
  }

  @Test
  void testAReplyEndsAStall() throws Exception {
    RateBudget b = budget(Duration.ofSeconds(10));
    for (int i = 0; i < 20; i++) {
      RateBudget.Ticket t = b.take(100, sleeper);
      b.limited(t, Optional.of(Duration.ofSeconds(3)), Duration.ofSeconds(3), "HTTP 429");
      b.settle(b.take(100, sleeper), true);   // a reply: the budget recovered
    }
    assertThat(b.isOpen()).isFalse();
    assertThat(b.limitedCount()).isEqualTo(20);
  }

  @Test
  void testRequestSizeIsPromptAndMaxTokens() {
    io.clarq.core.llm.ChatRequest r = io.clarq.core.llm.ChatRequest.builder().system("12345678").user("1234")
        .maxTokens(100).build();
    assertThat(RequestSize.of(r)).isEqualTo(3 + 2 * RequestSize.PER_MESSAGE + 100);
  }
}
