package io.clarq.core.llm.wire;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmQuotaException;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.pacing.RateBudget;
import io.clarq.core.llm.pacing.RateLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The attempts of one call, as every HTTP client makes them: each attempt first takes its place in the model's
 * {@link RateBudget}, then is sent; a failed attempt is retried as the {@link RetryPolicy} says (the server's
 * {@code Retry-After}, else a jittered backoff) when a retry can help, and the exception that ends the call tells
 * every attempt. A rate-limit 429 (not a spent quota) is no failed attempt: the budget pauses every caller for the
 * wait the server named and the call queues again, for as long as the budget's patience allows.
 */
public final class PacedAttempts {
  /** One attempt: sends the request and returns the reply, or null when the request was adapted to a refusal. */
  @FunctionalInterface
  public interface Attempt {
    ChatResponse send(RateBudget.Ticket ticket) throws LlmException, InterruptedException;
  }

  /** Another client that has taken a call's model over. */
  @FunctionalInterface
  public interface HandOff {
    ChatResponse chat(ChatRequest request) throws LlmException;
  }

  private static final Logger LOG = LoggerFactory.getLogger(PacedAttempts.class);

  /** Most adaptations of one call to a server's refusals before it gives up. */
  private final int maxAdaptations;
  private final String what;
  private final RetryPolicy retry;
  private final Backoff backoff;
  private final RateBudget budget;
  private final LlmListener listener;
  private final RateBudget.Sleeper sleeper;

  /**
   * @param what what is called, for messages ({@code "chat completion at http://..."})
   * @param maxAdaptations how many times one call may be adapted to a refusal and sent again at once
   */
  public PacedAttempts(String what, RetryPolicy retry, RateBudget budget, LlmListener listener,
      RateBudget.Sleeper sleeper, int maxAdaptations) {
    this.what = Objects.requireNonNull(what, "what");
    this.retry = Objects.requireNonNull(retry, "retry");
    this.backoff = new Backoff(retry);
    this.budget = Objects.requireNonNull(budget, "budget");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.maxAdaptations = maxAdaptations;
  }

  /** The budget the attempts draw from. */
  public RateBudget budget() {
    return budget;
  }

  /**
   * Makes the call: {@code attempt} until a reply, a failure no retry can help, or no attempts left.
   *
   * @param handOff another client that has taken this call's model over (checked before each attempt), if any
   */
  public ChatResponse call(ChatRequest request, Supplier<Optional<HandOff>> handOff, Attempt attempt)
      throws LlmException {
    long start = System.nanoTime();
    long size = RequestSize.of(request);
    List<String> history = new ArrayList<>();
    int adaptations = 0;
    int limited = 0;
    for (int n = 1; ; n++) {
      Optional<HandOff> other = handOff.get();
      if (other.isPresent()) {
        return other.get().chat(request);
      }
      LlmException failure = null;
      ChatResponse response = null;
      RateBudget.Ticket ticket = null;
      try {
        ticket = budget.take(size, sleeper);
        response = attempt.send(ticket);
      } catch (LlmUnusableReplyException e) {
        // a whole reply, just not a usable one: its tokens were spent; never retried
        budget.settle(ticket, true);
        e.response().ifPresent(r -> listener.onResponse(request, r));
        throw e;
      } catch (LlmException e) {
        failure = e;
      } catch (RuntimeException e) {
        if (ticket != null) {
          budget.settle(ticket, false);
        }
        throw e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        if (ticket != null) {
          budget.settle(ticket, false);
        }
        throw fail(request, start, new LlmException(describe(history, n, "interrupted"), e));
      }
      if (ticket == null) {
        // the budget gave up before the call was sent
        throw fail(request, start, failure);
      }
      if (failure == null) {
        budget.settle(ticket, true);
        if (response != null) {
          listener.onResponse(request, response);
          return response;
        }
        // the request was adapted to a refusal: send it again at once; not a failed attempt
        if (++adaptations > maxAdaptations) {
          throw fail(request, start, new LlmException(describe(history, n, "the server kept refusing fields"
              + " after " + maxAdaptations + " adaptations")));
        }
        n--;
        continue;
      }
      if (rateLimit(failure)) {
        LlmHttpException h = (LlmHttpException) failure;
        Optional<Duration> hint = h.retryAfter().or(() -> RateLimits.tryAgainIn(h.getMessage()));
        limited++;
        Duration wait = hint.isPresent() ? hint.get() : backoff.after(limited);
        try {
          budget.limited(ticket, hint, wait, h.getMessage());
        } catch (LlmException stop) {
          throw fail(request, start, stop);
        }
        // the limit will pass: no attempt spent; the wait itself is the budget's, taken before the next send
        listener.onRetry(request, n, failure.getMessage(), hint.orElse(wait));
        LOG.debug("{}: rate limited, every caller waits {}: {}", what, hint.orElse(wait), failure.getMessage());
        n--;
        continue;
      }
      budget.settle(ticket, false);
      history.add("attempt " + n + ": " + failure.getMessage());
      Duration delay = null;
      String stop = null;
      if (!failure.retryable()) {
        stop = "not retryable";
      } else if (n >= retry.maxAttempts()) {
        stop = "no attempts left";
      } else {
        Optional<Duration> asked = failure instanceof LlmHttpException h ? h.retryAfter() : Optional.empty();
        if (asked.isPresent() && asked.get().compareTo(retry.maxRetryAfter()) > 0) {
          stop = "Retry-After " + seconds(asked.get()) + " exceeds the limit of " + seconds(retry.maxRetryAfter());
        } else {
          delay = asked.orElseGet(() -> backoff.after(history.size()));
        }
      }
      if (stop != null) {
        throw fail(request, start, failure.withMessage(describe(history, n, stop)));
      }
      listener.onRetry(request, n, failure.getMessage(), delay);
      LOG.debug("{}: attempt {} failed, retrying in {}: {}", what, n, delay, failure.getMessage());
      try {
        sleeper.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw fail(request, start, new LlmException(describe(history, n, "interrupted"), e));
      }
    }
  }

  /** Whether {@code e} is a refusal for the rate limit, which passes: a 429 that is not a spent quota. */
  public static boolean rateLimit(LlmException e) {
    return e instanceof LlmHttpException h && h.status() == 429 && !(e instanceof LlmQuotaException)
        && h.retryable();
  }

  private LlmException fail(ChatRequest request, long start, LlmException e) {
    listener.onFailure(request, e, Duration.ofNanos(System.nanoTime() - start));
    return e;
  }

  private String describe(List<String> history, int attempts, String stop) {
    return what + " failed after " + attempts + (attempts == 1 ? " attempt" : " attempts") + " (" + stop + "): "
        + String.join("; ", history);
  }

  /** {@code 3600s}, {@code 0.250s}. */
  static String seconds(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + "s" : String.format(Locale.ROOT, "%.3fs", ms / 1000.0);
  }
}
