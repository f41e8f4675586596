package io.clarq.datasets.hotpotqa;

import io.clarq.core.flm.FlmExample;
import io.clarq.core.flm.HotpotExample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Chooses the masked fact f* of each HotpotQA example, reproducibly: the same seed gives the same masks on any
 * machine and in any example order. Each example draws from its own {@link Random} (whose algorithm the JDK
 * specifies exactly), seeded from the run's seed and the example's {@code _id}. Examples without a distractor
 * sentence are dropped, as the spec says.
 */
public final class FactMasker {
  /** How many masked examples each HotpotQA example yields. */
  public enum Masks {
    /** One, f* drawn with the seed. */
    ONE,
    /** One per supporting fact, in context order (the seed is not used). */
    ALL
  }

  private final long seed;
  private final Masks masks;

  public FactMasker(long seed, Masks masks) {
    this.seed = seed;
    this.masks = java.util.Objects.requireNonNull(masks, "masks");
  }

  /** The masked examples of one HotpotQA example; empty when it has no distractor sentence. */
  public List<FlmExample> mask(HotpotExample example) {
    FlmExample first = FlmExample.mask(example, 0);
    if (first.distractorCount() == 0) {
      return List.of();
    }
    int supporting = first.supportingFacts().size();
    if (masks == Masks.ONE) {
      int k = new Random(exampleSeed(seed, example.id())).nextInt(supporting);
      return List.of(k == 0 ? first : FlmExample.mask(example, k));
    }
    List<FlmExample> all = new ArrayList<>(supporting);
    all.add(first);
    for (int k = 1; k < supporting; k++) {
      all.add(FlmExample.mask(example, k));
    }
    return all;
  }

  /**
   * The per-example seed: FNV-1a (64 bit) of the id's UTF-8 bytes, mixed with the run seed by SplitMix64's
   * finaliser, so that nearby seeds and ids give unrelated draws.
   */
  static long exampleSeed(long seed, String id) {
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

  @Override
  public String toString() {
    return "FactMasker{seed=" + seed + ", masks=" + masks + "}";
  }
}
