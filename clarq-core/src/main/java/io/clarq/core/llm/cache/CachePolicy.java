package io.clarq.core.llm.cache;

import java.util.Objects;

/**
 * What a {@link CachingLlmClient} may do.
 *
 * @param mode read and write, or replay only (a miss fails, no live call is ever made)
 * @param cacheNondeterministic also cache requests with neither temperature 0 nor a seed; off by default, since
 *     replaying one sample of a random reply hides the randomness a rerun would show
 */
public record CachePolicy(Mode mode, boolean cacheNondeterministic) {
  /** Read and write, deterministic requests only. */
  public static final CachePolicy DEFAULT = new CachePolicy(Mode.READ_WRITE, false);

  /** Replay only. */
  public static final CachePolicy REPLAY_ONLY = new CachePolicy(Mode.REPLAY_ONLY, false);

  /** How the cache is used. */
  public enum Mode {
    /** Replay hits; call the model on a miss and record its reply. */
    READ_WRITE,
    /** Replay hits; fail on a miss with {@link io.clarq.core.llm.LlmReplayMissException}. */
    REPLAY_ONLY
  }

  public CachePolicy {
    Objects.requireNonNull(mode, "mode");
  }

  public CachePolicy withCacheNondeterministic(boolean all) {
    return new CachePolicy(mode, all);
  }
}
