package io.clarq.datasets.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.SyntheticConversation;
import io.clarq.core.clariq.SyntheticConversations;
import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts were computed independently with Python's csv module and math.perm over the TSVs (per facet: distinct
 * question ids other than Q00001, n!/(n-k)!): train 108,118 / 1,285,512, dev 26,900 / 315,900, test 70,996 /
 * 1,221,276 for 2 / 3 exchanges.
 */
class SyntheticConversationsJsonlTest {
  @TempDir Path dir;

  @Test
  void testCountsPerSplitAndLength() {
    ClariqDataDir data = new ClariqDataDir(SharedData.require("clariq"));
    Map<ClariqSplit, long[]> expected = Map.of(ClariqSplit.TRAIN, new long[] {108_118, 1_285_512},
        ClariqSplit.DEV, new long[] {26_900, 315_900}, ClariqSplit.TEST, new long[] {70_996, 1_221_276});
    expected.forEach((split, counts) -> {
      ClariqTopics topics = data.topics(split);
      assertThat(SyntheticConversations.count(topics, 2)).as(split.id()).isEqualTo(counts[0]);
      assertThat(SyntheticConversations.count(topics, 3)).as(split.id()).isEqualTo(counts[1]);
    });
  }

  @Test
  void testDevFingerprintStreamsWhatCountSays() {
    ClariqTopics dev = new ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.DEV);
    AtomicLong n = new AtomicLong();
    AtomicReference<SyntheticConversation> first = new AtomicReference<>();
    AtomicReference<SyntheticConversation> last = new AtomicReference<>();
    SyntheticConversations.generate(ClariqSplit.DEV, dev, List.of(2, 3), c -> {
      first.compareAndSet(null, c);
      last.set(c);
      n.incrementAndGet();
    });
    assertThat(n.get()).isEqualTo(26_900 + 315_900);
    assertThat(first.get().id()).isEqualTo("dev-F0010-Q00697-Q03272");
    assertThat(last.get().id()).isEqualTo("dev-F0745-Q03724-Q03679-Q03305");
  }

  @Test
  void testWritesJsonLinesThatReadBackAndFailsWithoutTouchingTheOldFile() throws Exception {
    ClariqTopics dev = new ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.DEV);
    Path out = dir.resolve("dev_synthetic.jsonl");
    Map<Integer, Long> counts = SyntheticConversationsJsonl.write(out, ClariqSplit.DEV, dev, List.of(2));
    assertThat(counts).containsExactly(Map.entry(2, 26_900L));
    List<SyntheticConversation> read = new ArrayList<>();
    SyntheticConversationsJsonl.forEach(out, read::add);
    assertThat(read).hasSize(26_900);
    List<SyntheticConversation> generated = new ArrayList<>();
    SyntheticConversations.generate(ClariqSplit.DEV, dev, List.of(2), generated::add);
    assertThat(read).isEqualTo(generated);
    String line = Files.newBufferedReader(out).readLine();
    assertThat(line).startsWith("{\"id\":\"dev-F0010-Q00697-Q03272\",\"topic_id\":101,\"facet_id\":\"F0010\",\"facet\":")
        .contains(",\"turns\":[{\"question_id\":\"Q00697\",\"question\":");
    assertThatThrownBy(() -> SyntheticConversationsJsonl.write(out, ClariqSplit.DEV, dev, List.of(2, 0)))
        .hasMessageContaining("illegal conversation length 0");
    assertThat(Files.size(out)).isPositive();
    assertThat(Files.readString(out)).startsWith(line);
    assertThat(Files.list(dir)).extracting(p -> p.getFileName().toString()).containsExactly("dev_synthetic.jsonl");
  }
}
