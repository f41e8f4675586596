package io.clarq.datasets.toa;

import io.clarq.core.toa.flm.ExampleSeed;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Chooses the masked fact f* of each HotpotQA example, reproducibly: the same seed gives the same masks on any
 * machine and in any example order. Each example draws from its own {@link Random} (whose algorithm the JDK
 * specifies exactly), seeded from the run's seed and the example's {@code _id} ({@link ExampleSeed}). Examples
 * without a distractor sentence are dropped (docs/protocol/flm-toa.md).
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
      int k = new Random(ExampleSeed.of(seed, example.id())).nextInt(supporting);
      return List.of(k == 0 ? first : FlmExample.mask(example, k));
    }
    List<FlmExample> all = new ArrayList<>(supporting);
    all.add(first);
    for (int k = 1; k < supporting; k++) {
      all.add(FlmExample.mask(example, k));
    }
    return all;
  }

  @Override
  public String toString() {
    return "FactMasker{seed=" + seed + ", masks=" + masks + "}";
  }
}
