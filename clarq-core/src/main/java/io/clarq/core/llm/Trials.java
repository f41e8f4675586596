package io.clarq.core.llm;

/**
 * The seeds of a run's trials. A run with {@code K} trials plays every task {@code K} times; trial 1 is the reference
 * protocol (seed {@value #REFERENCE_SEED}, the seed the reference code sends with every model call), and trial
 * {@code t} sends seed {@code 8848 + t - 1}.
 *
 * <p>The trial travels with the call, never with the thread: the runner hands each agent the trial it plays
 * ({@link io.clarq.core.clarqllm.seeker.SeekerTurn#trial()}, {@link io.clarq.core.clarqllm.provider.ProviderTurn#trial()},
 * {@link io.clarq.core.clarqllm.judge.JudgeQuestion#trial()}), and the agent puts it and its seed in the request it makes
 * ({@link ChatRequest#trial()}, {@link ChatRequest#seed()}), so a request made on any thread (an executor, an
 * asynchronous client) carries its trial's seed and gets its trial's cache key
 * ({@link io.clarq.core.llm.cache.CacheKey}). A researcher's own model-backed seeker does the same:
 *
 * <pre>{@code
 * ChatRequest request = ChatRequest.builder().user(prompt)
 *     .seed(turn.seed())          // Trials.seed(turn.trial())
 *     .trial(turn.trial())        // keys the response cache per trial, with or without a seed
 *     .build();
 * }</pre>
 */
public final class Trials {
  /** The seed of trial 1: the reference protocol's, sent with every model call. */
  public static final long REFERENCE_SEED = 8848L;

  private Trials() {}

  /**
   * The seed of trial {@code trial}: {@code 8848 + trial - 1}.
   *
   * @throws IllegalArgumentException when {@code trial} is below 1
   */
  public static long seed(int trial) {
    return REFERENCE_SEED + check(trial) - 1;
  }

  /**
   * {@code trial} when it is a trial number.
   *
   * @throws IllegalArgumentException when {@code trial} is below 1
   */
  public static int check(int trial) {
    if (trial < 1) {
      throw new IllegalArgumentException("illegal trial " + trial + ": trials are numbered from 1");
    }
    return trial;
  }
}
