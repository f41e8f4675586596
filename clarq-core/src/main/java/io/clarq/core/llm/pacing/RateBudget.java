package io.clarq.core.llm.pacing;

import io.clarq.core.llm.LlmOutageException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The requests and tokens a server allows one key for one model, shared by every caller: each call takes a
 * {@link Ticket} sized before it is sent (its prompt and {@code max_tokens}) and waits its
 * turn, so calls queue here instead of racing into 429s.
 *
 * <p>Two token buckets, one for requests and one for tokens, each holding up to the server's per-minute limit and
 * refilled at that limit per minute. They start with the minute's allowance the server starts with: the first call
 * goes alone, and the limits its reply's headers state ({@link RateLimits}) fill the buckets with what the server
 * says remains, less what was taken since. Every later reply's {@code remaining} counts set the buckets again, so the
 * client's estimate of a request's size never drifts from the server's count. A server that states only what remains
 * (Azure) has its limit taken as the most it ever said remained plus that call; one that states nothing is not paced,
 * unless the caller gave a tokens-per-minute cap.
 *
 * <p>A rate-limit 429 ({@link #limited}) pauses every caller together: nothing is sent until the wait the server
 * named (its {@code retry-after(-ms)}, the "try again in" of its message, or the reset of the budget it says is
 * spent; else the caller's backoff), and the buckets are set to what the server says remains. Tickets taken before it are taken
 * again. Callers are then let go gradually: one request on the wire, twice as many after each reply (a slow start),
 * each spaced by the buckets. The 429 costs the call no attempt. A budget still refusing after {@code patience}
 * since its first unanswered 429 stops: this and every later call fail with {@link LlmOutageException}, as
 * {@link io.clarq.core.llm.route.OutageBreaker} stops a run whose servers are down (finished work is kept; a resume
 * starts with a fresh budget).
 *
 * <p>Thread-safe. Time comes from a clock given at construction and waits go through the caller's {@link Sleeper},
 * so tests run on a virtual clock.
 */
public final class RateBudget {
  /** Waits; tests pass one that advances a virtual clock. */
  @FunctionalInterface
  public interface Sleeper {
    /** Sleeps on the calling thread. */
    Sleeper THREAD = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

    void sleep(Duration duration) throws InterruptedException;
  }

  private static final long NONE = Long.MIN_VALUE;
  private static final int MAX_WINDOW = 1 << 20;

  private final String name;
  private final Duration patience;
  private final long tokenCap;
  private final LongSupplier clock;
  private final ReentrantLock lock = new ReentrantLock(true);
  private final Condition changed = lock.newCondition();
  private final Bucket requests = new Bucket();
  private final Bucket tokens = new Bucket();
  private long pausedUntil = NONE;
  private long epoch;
  private int window = 1;
  private int onWire;
  private long stalledSince = NONE;
  private long reservedTokens;
  private long reservedRequests;
  private long plannedUntil = NONE;
  private long limitedCount;
  private long admittedTokens;
  private LlmOutageException open;

  /**
   * @param name who is paced, without credentials ({@code openai:gpt-4o @ http://...}), for messages
   * @param tokensPerMinute a cap for servers that state no limit (0 = none); also caps a stated limit
   * @param patience how long a budget may keep refusing, from its first unanswered 429, before calls stop
   * @param clock nanoseconds, as {@link System#nanoTime()}
   */
  public RateBudget(String name, long tokensPerMinute, Duration patience, LongSupplier clock) {
    this.name = Objects.requireNonNull(name, "name");
    this.patience = Objects.requireNonNull(patience, "patience");
    this.clock = Objects.requireNonNull(clock, "clock");
    if (tokensPerMinute < 0) {
      throw new IllegalArgumentException("illegal tokens per minute " + tokensPerMinute
          + ": must be non-negative (0 = no cap)");
    }
    if (patience.isNegative() || patience.isZero()) {
      throw new IllegalArgumentException("illegal rate-limit patience " + patience + ": must be positive");
    }
    this.tokenCap = tokensPerMinute;
    if (tokensPerMinute > 0) {
      tokens.limit(tokensPerMinute, clock.getAsLong());
      tokens.level = tokensPerMinute;
    }
  }

  /** A call's place in the budget: its size, when it was taken, and what its reply said about the limits. */
  public static final class Ticket {
    private final long tokens;
    private final long tokensBefore;
    private final long requestsBefore;
    private final long epoch;
    private final long wait;
    private volatile RateLimits limits = RateLimits.NONE;

    private Ticket(long tokens, long tokensBefore, long requestsBefore, long epoch, long wait) {
      this.tokens = tokens;
      this.tokensBefore = tokensBefore;
      this.requestsBefore = requestsBefore;
      this.epoch = epoch;
      this.wait = wait;
    }

    /** Records what the reply to this call said about the limits (its headers). */
    public void observe(RateLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** What the reply said about the limits, as {@link #observe} recorded it. */
    public RateLimits limits() {
      return limits;
    }

    /** How long the call waits for its place, from when it was queued. */
    Duration queued() {
      return Duration.ofNanos(wait);
    }

    /** The tokens this call was sized at. */
    public long tokens() {
      return tokens;
    }
  }

  /**
   * Waits until a call of {@code size} tokens may be sent and returns its ticket; the caller sends it and then calls
   * {@link #settle} or {@link #limited} exactly once.
   *
   * @throws LlmOutageException when the budget did not recover within the patience
   */
  public Ticket take(long size, Sleeper sleeper) throws LlmOutageException, InterruptedException {
    while (true) {
      Ticket t = reserve(size);
      if (t.wait > 0) {
        sleeper.sleep(Duration.ofNanos(t.wait));
      }
      if (admit(t)) {
        return t;
      }
    }
  }

  // a place in the queue and the wait for it; package-private for tests
  Ticket reserve(long size) throws LlmOutageException {
    lock.lock();
    try {
      stopIfOpen();
      long now = clock.getAsLong();
      tokens.refill(now);
      requests.refill(now);
      long cost = (long) Math.min(Math.max(size, 0), tokens.capacity);
      long tokensBefore = reservedTokens;
      long requestsBefore = reservedRequests;
      tokens.take(cost);
      requests.take(1);
      reservedTokens += cost;
      reservedRequests++;
      long wait = Math.max(Math.max(tokens.deficitNanos(), requests.deficitNanos()),
          pausedUntil == NONE ? 0 : pausedUntil - now);
      if (stalledSince != NONE && now + wait - stalledSince > patience.toNanos()) {
        throw stop("waiting another " + words(Duration.ofNanos(wait)) + " would pass it");
      }
      if (wait > 0) {
        plannedUntil = plannedUntil == NONE ? now + wait : Math.max(plannedUntil, now + wait);
      }
      return new Ticket(cost, tokensBefore, requestsBefore, epoch, Math.max(wait, 0));
    } finally {
      lock.unlock();
    }
  }

  // after its wait: on the wire when the window has room, unless a 429 came meanwhile (then the ticket is void)
  boolean admit(Ticket t) throws LlmOutageException, InterruptedException {
    lock.lock();
    try {
      while (open == null && t.epoch == epoch && onWire >= window) {
        changed.await();
      }
      stopIfOpen();
      if (t.epoch != epoch) {
        return false;   // a 429 came while it waited: its place is void, it queues again behind the pause
      }
      onWire++;
      admittedTokens += t.tokens;
      // a caller of this epoch has waited the pause out: it is over (later places are spaced by the buckets)
      pausedUntil = NONE;
      return true;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The call of {@code ticket} got a reply (or failed otherwise than by a rate limit): the budget learns what the reply
   * said about the limits, and, when {@code answered}, a stalled budget counts as recovered.
   */
  public void settle(Ticket ticket, boolean answered) {
    lock.lock();
    try {
      onWire--;
      learn(ticket, true, clock.getAsLong());
      if (answered) {
        stalledSince = NONE;
        window = Math.min(MAX_WINDOW, window * 2);
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * The call of {@code ticket} was refused for the rate limit (a 429 that is not a spent quota): every caller pauses
   * for the wait the server named ({@code hint}), else the reset of the budget it says is spent, else a backoff.
   *
   * @param hint the wait the server asked for: {@code retry-after(-ms)} or its message's "try again in"
   * @param backoff the wait when the server named none and states no spent budget
   * @param failure the refusal, for the message if the budget gives up
   * @throws LlmOutageException when the budget has not recovered within the patience
   */
  public void limited(Ticket ticket, Optional<Duration> hint, Duration backoff, String failure) throws LlmOutageException {
    lock.lock();
    try {
      onWire--;
      long now = clock.getAsLong();
      learn(ticket, false, now);
      limitedCount++;
      epoch++;
      window = 1;
      RateLimits said = ticket.limits;
      // the server's word on what is left; without it, the budget it refused is taken as spent
      tokens.level = said.tokensRemaining().isPresent() ? said.tokensRemaining().getAsLong() : 0;
      tokens.at = now;
      requests.level = said.requestsRemaining().isPresent() ? said.requestsRemaining().getAsLong()
          : Math.max(0, Math.min(requests.level, requests.capacity));
      requests.at = now;
      Duration wait = hint.or(() -> spentReset(said)).orElse(backoff);
      pausedUntil = now + wait.toNanos();
      plannedUntil = plannedUntil == NONE ? pausedUntil : Math.max(plannedUntil, pausedUntil);
      if (stalledSince == NONE) {
        stalledSince = now;
      }
      changed.signalAll();
      if (pausedUntil - stalledSince > patience.toNanos()) {
        throw stop("the server asks to wait " + words(wait) + "; last refusal: " + failure);
      }
    } finally {
      lock.unlock();
    }
  }

  private Optional<Duration> spentReset(RateLimits said) {
    if (said.tokensRemaining().orElse(1) == 0 && said.tokensReset().isPresent()) {
      return said.tokensReset();
    }
    if (said.requestsRemaining().orElse(1) == 0 && said.requestsReset().isPresent()) {
      return said.requestsReset();
    }
    return Optional.empty();
  }

  // the limits a reply stated; what remains is the server's count when it answered, less what was taken since. Only
  // a reply that took the call (not a 429) tells a limit from what remains
  private void learn(Ticket t, boolean taken, long now) {
    RateLimits said = t.limits;
    tokens.refill(now);
    requests.refill(now);
    learn(tokens, said.tokenLimit().isPresent() ? said.tokenLimit().getAsLong() : -1,
        said.tokensRemaining().isPresent() ? said.tokensRemaining().getAsLong() : -1, t.tokens,
        reservedTokens - t.tokensBefore - t.tokens, tokenCap, taken, now);
    learn(requests, said.requestLimit().isPresent() ? said.requestLimit().getAsLong() : -1,
        said.requestsRemaining().isPresent() ? said.requestsRemaining().getAsLong() : -1, 1,
        reservedRequests - t.requestsBefore - 1, 0, taken, now);
  }

  private static void learn(Bucket b, long limit, long remaining, long cost, long takenSince, long cap,
      boolean taken, long now) {
    if (limit > 0) {
      b.estimated = false;
      b.limit(cap > 0 ? Math.min(cap, limit) : limit, now);
    } else if (taken && remaining >= 0 && (b.capacity == Double.POSITIVE_INFINITY || b.estimated)) {
      // only what remains is stated (Azure): the limit is at least what remained before this call
      long seen = remaining + cost;
      if (b.capacity == Double.POSITIVE_INFINITY || seen > b.capacity) {
        b.estimated = true;
        b.limit(cap > 0 ? Math.min(cap, seen) : seen, now);
      }
    }
    if (remaining >= 0 && b.capacity != Double.POSITIVE_INFINITY) {
      b.level = Math.min(b.capacity, remaining - (double) takenSince);
      b.at = now;
    }
  }

  private void stopIfOpen() throws LlmOutageException {
    if (open != null) {
      throw open;
    }
  }

  private LlmOutageException stop(String why) {
    if (open == null) {
      open = new LlmOutageException("the rate limit of " + name + " did not recover within the patience of "
          + words(patience) + " (" + why + "; " + limitedCount + " requests refused with 429 in all):"
          + " stopping; finished work is kept and a resume goes on", null);
      changed.signalAll();
    }
    return open;
  }

  /** Whether the budget gave up ({@link #limited}): every call fails at once with {@link LlmOutageException}. */
  public boolean isOpen() {
    lock.lock();
    try {
      return open != null;
    } finally {
      lock.unlock();
    }
  }

  /** Rate-limit refusals (429s) seen so far. */
  public long limitedCount() {
    lock.lock();
    try {
      return limitedCount;
    } finally {
      lock.unlock();
    }
  }

  /** How many calls may be on the wire at once now (1 after a 429, doubling with each reply). */
  int window() {
    lock.lock();
    try {
      return window;
    } finally {
      lock.unlock();
    }
  }

  /** Tokens of the calls let onto the wire so far, as sized here. */
  public long admittedTokens() {
    lock.lock();
    try {
      return admittedTokens;
    } finally {
      lock.unlock();
    }
  }

  /**
   * How long callers will still wait on this budget ({@code "openai:gpt-4o @ ...: paused by a 429 for 1.2 s more"}),
   * empty when none waits; for a progress line.
   */
  public Optional<String> waiting() {
    lock.lock();
    try {
      long now = clock.getAsLong();
      if (plannedUntil == NONE || plannedUntil - now <= 0) {
        return Optional.empty();
      }
      boolean paused = pausedUntil != NONE && pausedUntil - now > 0;
      return Optional.of(name + ": waiting on the provider's rate limit" + (paused ? " (429)" : "") + ", "
          + words(Duration.ofNanos(plannedUntil - now)) + " more");
    } finally {
      lock.unlock();
    }
  }

  static String words(Duration d) {
    return d.toMinutes() >= 1 ? d.toMinutes() + " min " + d.toSecondsPart() + " s"
        : String.format(Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
  }

  @Override
  public String toString() {
    lock.lock();
    try {
      return "RateBudget{" + name + ", requests " + requests + ", tokens " + tokens + ", patience " + words(patience)
          + (open != null ? ", stopped" : "") + "}";
    } finally {
      lock.unlock();
    }
  }
}
