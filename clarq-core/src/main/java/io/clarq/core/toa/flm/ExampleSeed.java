package io.clarq.core.toa.flm;

import java.nio.charset.StandardCharsets;

/**
 * Per-example seeds derived from a run's seed and an example id, so that seeded choices (which fact to mask, how to
 * shuffle candidates) are the same on any machine and in any example order.
 */
public final class ExampleSeed {
  private ExampleSeed() {}

  /**
   * FNV-1a (64 bit) of the id's UTF-8 bytes, mixed with the run seed by SplitMix64's finaliser, so that nearby
   * seeds and ids give unrelated values. Feed it to {@link java.util.Random}, whose algorithm the JDK specifies.
   */
  public static long of(long seed, String id) {
    long h = 0xcbf29ce484222325L;
    for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    long z = h ^ (seed * 0x9e3779b97f4a7c15L);
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
