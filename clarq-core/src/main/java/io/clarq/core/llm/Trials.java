package io.clarq.core.llm;

/**
 * Which trial of a task the current thread plays, and the seed its model requests carry. A run with {@code K} trials
 * plays every task {@code K} times; trial 1 is the reference protocol (seed {@value #REFERENCE_SEED}, the seed the
 * reference code sends with every model call), and trial {@code t} sends seed {@code 8848 + t - 1}. The runner opens a
 * {@link #play(int) scope} around each dialogue and its scoring, on the thread that plays it; clarq's model-backed
 * agents take the seed of their requests from {@link #seed()}, and a response cache keys trials apart
 * ({@link io.clarq.core.llm.cache.CacheKey}), so a cache never makes two trials identical. Outside any scope the
 * trial is 1: a single run, and any code that does not know of trials, sees the reference protocol unchanged.
 *
 * <p>A researcher's own model-backed seeker draws a per-trial seed the same way: {@code Trials.seed()} on the thread
 * that calls {@code next}.
 */
public final class Trials {
  /** The seed of trial 1: the reference protocol's, sent with every model call. */
  public static final long REFERENCE_SEED = 8848L;

  private static final ThreadLocal<Integer> CURRENT = new ThreadLocal<>();

  private Trials() {}

  /**
   * The seed of trial {@code trial}: {@code 8848 + trial - 1}.
   *
   * @throws IllegalArgumentException when {@code trial} is below 1
   */
  public static long seed(int trial) {
    check(trial);
    return REFERENCE_SEED + trial - 1;
  }

  /** The trial this thread plays: 1 outside any scope. */
  public static int current() {
    Integer t = CURRENT.get();
    return t == null ? 1 : t;
  }

  /** The seed of the trial this thread plays ({@link #seed(int)} of {@link #current()}). */
  public static long seed() {
    return seed(current());
  }

  /**
   * Plays {@code trial} on this thread until the scope is closed (then the trial before it is back).
   *
   * @throws IllegalArgumentException when {@code trial} is below 1
   */
  public static Scope play(int trial) {
    check(trial);
    Scope scope = new Scope(CURRENT.get());
    CURRENT.set(trial);
    return scope;
  }

  private static void check(int trial) {
    if (trial < 1) {
      throw new IllegalArgumentException("illegal trial " + trial + ": trials are numbered from 1");
    }
  }

  /** A trial played on this thread; closing it restores the one before. */
  public static final class Scope implements AutoCloseable {
    private final Integer outer;

    private Scope(Integer outer) {
      this.outer = outer;
    }

    @Override
    public void close() {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }
}
