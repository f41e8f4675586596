package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.kernel.Shard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForecastCacheTest {
  @TempDir Path dir;

  /** A writable copy of the forecast's inputs (transcripts/ and tasks/): 16 MB. */
  private Path copyOfData() throws IOException {
    Path source = SharedData.require("clarq-llm/transcripts").getParent();
    SharedData.require("clarq-llm/tasks");
    Path copy = dir.resolve("clarq-llm");
    for (String part : List.of("transcripts", "tasks")) {
      try (Stream<Path> all = Files.walk(source.resolve(part))) {
        for (Path p : all.toList()) {
          Path to = copy.resolve(source.relativize(p).toString());
          if (Files.isDirectory(p)) {
            Files.createDirectories(to);
          } else {
            Files.copy(p, to);
            to.toFile().setWritable(true);
          }
        }
      }
    }
    return copy;
  }

  private static Path onlyEntry(Path folder, String kind) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      List<Path> entries = s.filter(p -> p.getFileName().toString().startsWith(ForecastCache.PREFIX + kind + "-"))
          .toList();
      assertThat(entries).as("entries of kind %s in %s", kind, folder).hasSize(1);
      return entries.get(0);
    }
  }

  /**
   * A kept basis is exactly the computed one; the entry is what a second call reads (a value planted in it comes
   * back), and once any input file changes the planted value is no longer used: the basis is computed again.
   */
  @Test
  void testBasisIsKeptUntilAFileChanges() throws IOException {
    Path data = copyOfData();
    ForecastCache cache = new ForecastCache(dir.resolve("cache"));
    RunForecast.Basis computed = PublishedBasis.of(data, false, 12);

    assertThat(cache.published(data, false, 12)).isEqualTo(computed);
    Path entry = onlyEntry(cache.folder(), "basis");
    assertThat(cache.published(data, false, 12)).isEqualTo(computed);

    // a planted description proves the second call reads the entry, not the files
    Files.writeString(entry, Files.readString(entry).replace("published runs (1560", "planted (1560"));
    assertThat(cache.published(data, false, 12).description()).startsWith("planted");
    // other options are another entry
    assertThat(cache.published(data, true, 12)).isEqualTo(PublishedBasis.of(data, true, 12));
    assertThat(cache.published(data, false, 5)).isEqualTo(PublishedBasis.of(data, false, 5));

    // a transcript touched: the planted entry is not used
    Path transcript;
    try (Stream<Path> s = Files.list(data.resolve("transcripts"))) {
      transcript = s.sorted().findFirst().orElseThrow();
    }
    Files.setLastModifiedTime(transcript, FileTime.fromMillis(Files.getLastModifiedTime(transcript).toMillis()
        - 60_000));
    assertThat(cache.published(data, false, 12)).isEqualTo(computed);
    // a published run that grew: likewise
    Files.writeString(entry, Files.readString(entry).replace("published runs (1560", "planted (1560"));
    Files.write(transcript, Files.readAllBytes(transcript));   // same content, new time
    Files.setLastModifiedTime(transcript, FileTime.fromMillis(1_000_000_000_000L));
    assertThat(cache.published(data, false, 12).description()).startsWith("published runs");
  }

  /** The dialogues of a selection are kept per options and task files; a broken entry is computed again. */
  @Test
  void testDialoguesAreKeptPerSelectionAndTaskFiles() throws IOException {
    Path data = copyOfData();
    Path tasks = data.resolve("tasks");
    ForecastCache cache = new ForecastCache(dir.resolve("cache"));
    List<String> english = ForecastDialogues.of(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1,
        Shard.ALL);
    assertThat(english).hasSize(260);

    assertThat(cache.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1, Shard.ALL))
        .isEqualTo(english);
    Path entry = onlyEntry(cache.folder(), "dialogues");
    Files.writeString(entry, Files.readString(entry).replace("\nen 1.0 1\n", "\nen 99.0 1\n"));
    assertThat(cache.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1, Shard.ALL))
        .startsWith("en 99.0 1");   // read from the entry

    // other options: computed for themselves
    List<String> shard = cache.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.parse("1-3"), 2,
        Shard.parse("2/3"));
    assertThat(shard).isEqualTo(ForecastDialogues.of(tasks, List.of(Language.ENGLISH), Split.TEST,
        TaskSelection.parse("1-3"), 2, Shard.parse("2/3")));
    assertThat(shard).hasSize(20).contains("en 1.1 1", "en 1.1 2")
        .doesNotContain("en 1.0 1");

    // a task file changed: the planted entry is not used
    Path file;
    try (Stream<Path> s = Files.list(tasks.resolve("English"))) {
      file = s.sorted().findFirst().orElseThrow();
    }
    Files.setLastModifiedTime(file, FileTime.fromMillis(1_000_000_000_000L));
    assertThat(cache.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1, Shard.ALL))
        .isEqualTo(english);

    // an entry that is not JSON: computed again and replaced
    ForecastCache fresh = new ForecastCache(dir.resolve("fresh"));
    fresh.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1, Shard.ALL);
    Path torn = onlyEntry(fresh.folder(), "dialogues");
    String whole = Files.readString(torn);
    Files.writeString(torn, whole.substring(0, whole.length() / 2));   // a value line short
    assertThat(fresh.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1, Shard.ALL))
        .isEqualTo(english);
    assertThat(Files.readString(torn)).isEqualTo(whole);
    // a shard with nothing in it is kept as an empty list
    assertThat(fresh.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.parse("1.0"), 1,
        Shard.parse("2/2"))).isEmpty();
    assertThat(fresh.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.parse("1.0"), 1,
        Shard.parse("2/2"))).isEmpty();
  }

  /** A broken task file is named as without a cache, and nothing is kept for it. */
  @Test
  void testBrokenInputsAreNamedAndNotKept() throws IOException {
    Path data = copyOfData();
    Path tasks = data.resolve("tasks");
    ForecastCache cache = new ForecastCache(dir.resolve("cache"));
    Path file;
    try (Stream<Path> s = Files.list(tasks.resolve("English"))) {
      file = s.sorted().findFirst().orElseThrow();
    }
    Files.writeString(file, "[");
    assertThatThrownBy(() -> cache.dialogues(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1,
        Shard.ALL)).hasMessageContaining(file.toString()).hasMessageContaining("not valid JSON");
    assertThat(cache.folder()).doesNotExist();
    assertThatThrownBy(() -> cache.dialogues(dir.resolve("nowhere"), List.of(Language.ENGLISH), Split.TEST,
        TaskSelection.ALL, 1, Shard.ALL)).hasMessageContaining(dir.resolve("nowhere").toString());
    assertThatThrownBy(() -> cache.published(dir.resolve("nowhere"), false, 12))
        .hasMessageContaining(dir.resolve("nowhere").resolve("transcripts").toString());
  }

  /** A cache folder that cannot be made costs only the keeping: the values are computed and returned. */
  @Test
  void testAnUnwritableCacheStillAnswers() throws IOException {
    Path data = copyOfData();
    Path notAFolder = Files.writeString(dir.resolve("file"), "x");
    ForecastCache cache = new ForecastCache(notAFolder.resolve("cache"));
    assertThat(cache.published(data, false, 12)).isEqualTo(PublishedBasis.of(data, false, 12));
    assertThat(cache.dialogues(data.resolve("tasks"), List.of(Language.CHINESE), Split.TEST, TaskSelection.ALL, 1,
        Shard.ALL)).hasSize(260);
  }

  @Test
  void testTheFolderComesFromTheEnvironmentElseTheHome() {
    Path home = dir.resolve("home");
    assertThat(ForecastCache.of(Map.of(), home).folder()).isEqualTo(home.resolve(".clarq/cache"));
    assertThat(ForecastCache.of(Map.of(ForecastCache.ENV, " "), home).folder()).isEqualTo(home.resolve(".clarq/cache"));
    assertThat(ForecastCache.of(Map.of(ForecastCache.ENV, "/tmp/c"), home).folder()).isEqualTo(Path.of("/tmp/c"));
  }
}
