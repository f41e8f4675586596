package io.clarq.eval.kernel;

import io.clarq.datasets.fetch.Sha256;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The checks that the directories given to a merge are the shards of one run, and reading their records. */
public final class ShardSet {
  private ShardSet() {}

  /**
   * The shard directories in shard order.
   *
   * @throws IllegalArgumentException naming the directory and the problem
   */
  public static List<Path> check(String benchmark, List<Path> shards) {
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge: no shard directory given");
    }
    List<RunSettings> settings = new ArrayList<>();
    for (Path dir : shards) {
      RunSettings s = RunSettings.read(dir).orElseThrow(() -> new IllegalArgumentException("cannot merge " + dir
          + ": it holds no " + RunSettings.FILE + " (not the output directory of a clarq run)"));
      if (!s.benchmark().equals(benchmark)) {
        throw new IllegalArgumentException("cannot merge " + dir + ": it holds a " + s.benchmark() + " run, not a "
            + benchmark + " run");
      }
      settings.add(s);
    }
    for (int i = 1; i < shards.size(); i++) {
      List<String> diffs = settings.get(i).differences(settings.get(0), true);
      if (!diffs.isEmpty()) {
        throw new IllegalArgumentException("cannot merge " + shards.get(i) + " with " + shards.get(0) + ": not "
            + "shards of one run: " + shards.get(i) + " has " + String.join("; ", diffs).replace("(was", "("
            + shards.get(0) + ":").replace(", now", ", " + shards.get(i) + ":"));
      }
    }
    Path[] byIndex = new Path[shards.size()];
    for (int i = 0; i < shards.size(); i++) {
      Path dir = shards.get(i);
      Shard shard = Shard.parse(settings.get(i).get(RunSettings.SHARD).orElseThrow(() -> new IllegalArgumentException(
          "cannot merge " + dir + ": its " + RunSettings.FILE + " has no setting " + RunSettings.SHARD)));
      if (shard.count() != shards.size()) {
        throw new IllegalArgumentException("cannot merge: " + dir + " is shard " + shard + ", but " + shards.size()
            + " directories were given; give all " + shard.count() + " shards");
      }
      if (byIndex[shard.index() - 1] != null) {
        throw new IllegalArgumentException("cannot merge: " + byIndex[shard.index() - 1] + " and " + dir
            + " are both shard " + shard);
      }
      byIndex[shard.index() - 1] = dir;
    }
    return Arrays.asList(byIndex);
  }

  /**
   * A shard's records, which must be exactly its part of the selection, each once.
   *
   * @throws IllegalArgumentException naming the directory, the line and what to do
   */
  public static <I, R> Map<String, R> records(Benchmark<I, R, ?> b, Path dir, Shard shard, List<I> part) {
    Path log = dir.resolve(b.logFile());
    if (!Files.exists(log)) {
      throw new IllegalArgumentException("cannot merge " + dir + ": shard " + shard + " has no " + b.logFile()
          + " (never run?)");
    }
    JsonLines.Contents<R> contents = JsonLines.read(log, b::fromLine);
    if (contents.tornLine().isPresent()) {
      throw new IllegalArgumentException("cannot merge " + dir + ": " + log + " ends in a torn line (the shard was "
          + "interrupted); resume it with the same command first");
    }
    // a set: a shard of thousands of items is checked line by line
    java.util.Set<String> expected = new java.util.LinkedHashSet<>();
    part.forEach(i -> expected.add(b.key(i)));
    Map<String, R> seen = new LinkedHashMap<>();
    Map<String, Integer> lines = new LinkedHashMap<>();
    for (JsonLines.Numbered<R> n : contents.items()) {
      String key = b.recordKey(n.item());
      if (!expected.contains(key)) {
        throw new IllegalArgumentException("cannot merge " + dir + ": " + log + ", line " + n.line() + ": item "
            + key + " is not part of shard " + shard);
      }
      Integer before = lines.put(key, n.line());
      if (before != null) {
        throw new IllegalArgumentException("cannot merge " + dir + ": " + log + " holds item " + key + " twice "
            + "(lines " + before + " and " + n.line() + "); resume the shard with the same command first");
      }
      seen.put(key, n.item());
    }
    List<String> missing = expected.stream().filter(k -> !seen.containsKey(k)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("cannot merge " + dir + ": shard " + shard + " lacks " + missing.size()
          + " of its " + expected.size() + " items (first: " + missing.get(0) + "); resume it with the same "
          + "command first");
    }
    return seen;
  }

  /**
   * The digest of an item log as the kernel records it ({@code sha256:} and the first 16 hex digits of its SHA-256).
   *
   * @throws UncheckedIOException naming the file when it cannot be read
   */
  public static String digest(Path log) {
    try {
      return "sha256:" + Sha256.of(log).substring(0, 16);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + log + ": " + e.getMessage(), e);
    }
  }

  /** {@link #digest}, or "none" when the log is missing. */
  static String digestOrNone(Path log) {
    return Files.exists(log) ? digest(log) : "none";
  }

  /**
   * Refuses a shard whose last session stopped (an item's play threw: the shard is unfinished, and why is named), or
   * whose item log is not the one its last session ended with (edited, truncated or replaced since):
   * its records are not what was played. A shard whose sessions record no digest (written by an older clarq) is
   * checked by its records alone.
   *
   * @throws IllegalArgumentException naming the directory, both digests and what to do
   */
  static void requireUnchanged(Benchmark<?, ?, ?> b, Path dir, Shard shard) {
    Path log = dir.resolve(b.logFile());
    java.util.Optional<String> stopped = RunHistory.stoppedBy(dir);
    if (stopped.isPresent()) {
      throw new IllegalArgumentException("cannot merge " + dir + ": shard " + shard + " stopped before its end ("
          + stopped.get() + ", recorded in " + dir.resolve(RunHistory.FILE) + "); resume it with the same command "
          + "first");
    }
    java.util.Optional<String> recorded = RunHistory.logDigest(dir);
    if (recorded.isEmpty() || !Files.exists(log)) {
      return;
    }
    String now = digest(log);
    if (!now.equals(recorded.get())) {
      throw new IllegalArgumentException("cannot merge " + dir + ": shard " + shard + "'s " + log + " is not the log"
          + " its run ended with (digest " + recorded.get() + " recorded in " + dir.resolve(RunHistory.FILE)
          + ", now " + now + "): it was edited or replaced since; rerun the shard into a new directory");
    }
  }
}
