package io.clarq.core.toa.flm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExampleSeedTest {
  @Test
  void testPinnedMixing() {
    // FNV-1a offset basis / prime and the SplitMix64 finaliser, written out separately
    assertThat(ExampleSeed.of(0, "")).isEqualTo(mix(0xcbf29ce484222325L));
    assertThat(ExampleSeed.of(1, "a")).isEqualTo(mix((0xcbf29ce484222325L ^ 'a') * 0x100000001b3L
        ^ 0x9e3779b97f4a7c15L));
    assertThat(ExampleSeed.of(1, "a")).isNotEqualTo(ExampleSeed.of(2, "a")).isNotEqualTo(ExampleSeed.of(1, "b"));
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
