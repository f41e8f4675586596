package io.clarq.eval.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.files.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one merge ({@link RunKernel#merge}) on a benchmark of words: an item is a word, its record the word and its
 * upper case, or "FAILED" for a word set to fail (an unfinished record); a word set to throw stops the run.
 */
class ShardMergeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> WORDS = List.of("ask", "bid", "cue", "dig", "elm", "fig", "gum");

  @TempDir Path dir;

  /** Records are "word=WORD"; the end step writes their count to results.json and them to summary.md. */
  private record Words(Set<String> failing, Set<String> throwing) implements Benchmark<String, String, Integer> {
    @Override
    public String name() {
      return "words";
    }

    @Override
    public String logFile() {
      return "words.jsonl";
    }

    @Override
    public String key(String item) {
      return item;
    }

    @Override
    public String recordKey(String record) {
      return record.substring(0, record.indexOf('='));
    }

    @Override
    public boolean finished(String record) {
      return !record.endsWith("=FAILED");
    }

    @Override
    public String toLine(String record) {
      return JSON.createObjectNode().put("w", record).toString();
    }

    @Override
    public String fromLine(String line, String where) {
      try {
        return JSON.readTree(line).get("w").asText();
      } catch (IOException | NullPointerException e) {
        throw new IllegalArgumentException(where + ": not a word record", e);
      }
    }

    @Override
    public RunSettings settings(List<String> selection) {
      return new RunSettings("words", Map.of("words", String.valueOf(selection.size()), "case", "upper"));
    }

    @Override
    public String play(String item, RunLog log) {
      if (throwing.contains(item)) {
        throw new IllegalStateException("the dictionary is closed for " + item);
      }
      return item + "=" + (failing.contains(item) ? "FAILED" : item.toUpperCase(Locale.ROOT));
    }

    @Override
    public Integer finish(RunEnd<String, String> end) {
      AtomicFiles.write(end.output().resolve("results.json"), "{\"records\": " + end.records().size()
          + ", \"settings\": \"" + end.settings().values().get("case") + "\"}\n");
      AtomicFiles.write(end.output().resolve("summary.md"), end.records().values() + "\n");
      return end.records().size();
    }
  }

  private static final Words PLAIN = new Words(Set.of(), Set.of());

  private List<Path> shards(Words words, int count) throws InterruptedException {
    List<Path> out = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      Path d = dir.resolve("shards").resolve("s" + i);
      RunKernel.run(words, WORDS, new RunKernel.Plan(d, new Shard(i, count), 2, "t"), new ItemListener<>() {});
      out.add(d);
    }
    return out;
  }

  @Test
  void testAMergeEqualsOneRunKeepsTheSettingsAndIsANoOpWhenRepeated() throws Exception {
    RunKernel.run(PLAIN, WORDS, new RunKernel.Plan(dir.resolve("whole"), Shard.ALL, 1, "t"), new ItemListener<>() {});
    List<Path> shards = shards(PLAIN, 3);
    Path merged = dir.resolve("merged");
    assertThat(RunKernel.merge(PLAIN, WORDS, shards, merged).result()).contains(7);
    for (String f : List.of("words.jsonl", "results.json", "summary.md")) {
      assertThat(Files.readAllBytes(merged.resolve(f))).as(f).isEqualTo(Files.readAllBytes(dir.resolve("whole")
          .resolve(f)));
    }
    RunSettings settings = RunSettings.read(merged).orElseThrow();
    assertThat(settings.values()).isEqualTo(RunSettings.read(dir.resolve("whole")).orElseThrow().values());
    assertThat(settings.recorded().get(ShardMerge.MERGED_FROM)).contains("1/3 ", "2/3 ", "3/3 ", " sha256:");

    // again, shards in another order, or found under their parent: nothing written
    byte[] config = Files.readAllBytes(merged.resolve(RunSettings.FILE));
    Files.writeString(merged.resolve("results.json"), "{\"records\": 7, \"touched\": true}\n");
    assertThat(RunKernel.merge(PLAIN, WORDS, List.of(shards.get(2), shards.get(1), shards.get(0)), merged)
        .alreadyMerged()).isTrue();
    assertThat(RunKernel.merge(PLAIN, WORDS, ShardMerge.shardDirectories(List.of(dir.resolve("shards")), merged),
        merged).alreadyMerged()).isTrue();
    assertThat(Files.readString(merged.resolve("results.json"))).contains("touched");
    assertThat(Files.readAllBytes(merged.resolve(RunSettings.FILE))).isEqualTo(config);
    // a merge stopped before its end step is merged again over
    Files.delete(merged.resolve("summary.md"));
    assertThat(RunKernel.merge(PLAIN, WORDS, shards, merged).result()).contains(7);
    assertThat(Files.readString(merged.resolve("results.json"))).doesNotContain("touched");
    // into a plain run: refused
    assertThatThrownBy(() -> RunKernel.merge(PLAIN, WORDS, shards, dir.resolve("whole")))
        .hasMessageContaining("it already holds a run that is not a merge");
  }

  @Test
  void testAShardEditedSinceItsRunEndedIsRefusedByItsDigest() throws Exception {
    List<Path> shards = shards(PLAIN, 2);
    Path log = shards.get(1).resolve("words.jsonl");
    Files.writeString(log, Files.readString(log).replace("BID", "BIT"));
    Path merged = dir.resolve("merged");
    assertThatThrownBy(() -> RunKernel.merge(PLAIN, WORDS, shards, merged))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot merge " + shards.get(1) + ": shard 2/2's " + log
            + " is not the log its run ended with (digest sha256:")
        .hasMessageContaining("rerun the shard");
    assertThat(merged.resolve(RunSettings.FILE)).doesNotExist();
    // once merged, an edited shard makes the same merge a merge of other inputs
    Files.writeString(log, Files.readString(log).replace("BIT", "BID"));
    RunKernel.merge(PLAIN, WORDS, shards, merged);
    Files.writeString(log, Files.readString(log).replace("BID", "BIT"));
    assertThatThrownBy(() -> RunKernel.merge(PLAIN, WORDS, shards, merged))
        .hasMessageContaining("it holds a merge of other inputs: shard 2/2 (" + shards.get(1).toAbsolutePath()
            + ") with another words.jsonl");
  }

  @Test
  void testAShardWithFailedItemsIsRefusedNamingTheShardAndItems() throws Exception {
    List<Path> shards = shards(new Words(Set.of("bid", "fig"), Set.of()), 2);
    Path merged = dir.resolve("merged");
    assertThatThrownBy(() -> RunKernel.merge(PLAIN, WORDS, shards, merged))
        .isInstanceOfSatisfying(ShardMerge.FailedShards.class, e -> {
          assertThat(e.failedItems()).isEqualTo(2);
          assertThat(e.shards()).singleElement().satisfies(f -> {
            assertThat(f.shard()).isEqualTo(new Shard(2, 2));
            assertThat(f.dir()).isEqualTo(shards.get(1));
            assertThat(f.failed()).containsExactly("bid", "fig");
          });
        })
        .hasMessageContaining("2 item(s) failed in the shards")
        .hasMessageContaining("shard 2/2 (" + shards.get(1) + "): 2 failed (bid, fig)");
    assertThat(merged).doesNotExist();
    // resumed, the shard plays them again and the merge goes through
    RunKernel.run(PLAIN, WORDS, new RunKernel.Plan(shards.get(1), new Shard(2, 2), 1, "t"), new ItemListener<>() {});
    assertThat(RunKernel.merge(PLAIN, WORDS, shards, merged).result()).contains(7);
  }

  @Test
  void testAStoppedShardIsRefusedNamingTheShardAndWhy() throws Exception {
    List<Path> shards = new ArrayList<>(shards(PLAIN, 2));
    Path stopped = dir.resolve("stopped");
    assertThatThrownBy(() -> RunKernel.run(new Words(Set.of(), Set.of("cue")), WORDS,
        new RunKernel.Plan(stopped, new Shard(1, 2), 1, "t"), new ItemListener<>() {}))
        .isInstanceOf(RunStopped.class);
    shards.set(0, stopped);
    assertThatThrownBy(() -> RunKernel.merge(PLAIN, WORDS, shards, dir.resolve("merged")))
        .hasMessageContaining("cannot merge " + stopped + ": shard 1/2 stopped before its end (item cue: "
            + "java.lang.IllegalStateException: the dictionary is closed for cue")
        .hasMessageContaining("resume it with the same command first");
  }
}
