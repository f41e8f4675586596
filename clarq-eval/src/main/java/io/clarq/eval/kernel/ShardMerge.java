package io.clarq.eval.kernel;

import io.clarq.core.files.OutputLock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one merge ({@link RunKernel#merge}): joins the shards of one run of any benchmark into a directory holding what
 * one run of the whole selection writes, through the benchmark's end step ({@link Benchmark#finishMerge}).
 *
 * <p>Checked first, before anything is written, each failure naming the shard's directory and what to do: every
 * shard holds a run config of this benchmark and they agree on every setting but the shard; the shards are 1/n to
 * n/n, each once; the output is new, or holds this very merge; each shard's item log is the one its run ended with
 * (the digest its last session recorded: a log edited since is refused); each log holds exactly its part of the
 * selection, once, with no torn line; no shard holds a failed item ({@link FailedShards}: merged, it would be left
 * unscored).
 *
 * <p>The merged run config records the shards merged ({@value #MERGED_FROM}: shard, directory and the digest of its
 * item log, one line each). Merging the same shards into it again writes nothing ({@link Merged#alreadyMerged()});
 * other shards, or shards whose logs changed since, are refused naming the difference; a merge stopped before its
 * results were written is merged again over.
 */
public final class ShardMerge {
  /** Recorded in the merged run's config: the shards merged, one line each ("2/3 DIR sha256:..."). */
  public static final String MERGED_FROM = "merged_from";
  /** The files every benchmark's end step writes; a merge holding both has ended. */
  private static final List<String> END_FILES = List.of("results.json", "summary.md");

  private ShardMerge() {}

  /**
   * What a merge did.
   *
   * @param out the merged output directory
   * @param result the end step's result; empty when {@code out} already held this very merge and nothing was written
   */
  public record Merged<E>(Path out, Optional<E> result) {
    public Merged {
      Objects.requireNonNull(out, "out");
      Objects.requireNonNull(result, "result");
    }

    /** Whether the output already held this merge (same shards, same item logs), so nothing was done. */
    public boolean alreadyMerged() {
      return result.isEmpty();
    }
  }

  /**
   * A shard holding items that failed (a dialogue stopped by an infrastructure failure, an unanswered request):
   * resuming the shard plays them again.
   *
   * @param dir the shard's output directory
   * @param shard which shard it is
   * @param failed the failed items' keys, in log order
   */
  public record FailedShard(Path dir, Shard shard, List<String> failed) {
    public FailedShard {
      Objects.requireNonNull(dir, "dir");
      Objects.requireNonNull(shard, "shard");
      failed = List.copyOf(failed);
    }
  }

  /** The refusal of a merge whose shards hold failed items, naming each such shard and its items. */
  public static final class FailedShards extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final transient List<FailedShard> shards;

    FailedShards(List<FailedShard> shards) {
      super(message(shards));
      this.shards = List.copyOf(shards);
    }

    /** The shards holding failed items, in shard order. */
    public List<FailedShard> shards() {
      return shards;
    }

    /** How many items failed, over all shards. */
    public int failedItems() {
      return shards.stream().mapToInt(f -> f.failed().size()).sum();
    }

    private static String message(List<FailedShard> shards) {
      StringBuilder sb = new StringBuilder("cannot merge: " + shards.stream().mapToInt(f -> f.failed().size()).sum()
          + " item(s) failed in the shards and would be left unscored; resume the shard that holds them (run it "
          + "again with the same command: only they are played again), then merge:");
      for (FailedShard f : shards) {
        int shown = Math.min(5, f.failed().size());
        sb.append("\n  shard ").append(f.shard()).append(" (").append(f.dir()).append("): ").append(f.failed().size())
            .append(" failed (").append(String.join(", ", f.failed().subList(0, shown)))
            .append(f.failed().size() > shown ? ", ..." : "").append(")");
      }
      return sb.toString();
    }
  }

  /**
   * The shard directories a merge is given: the directories themselves, or, when one directory is given that is not
   * a run's output, every folder under it holding the run config of a shard: not {@code out}, merged runs or
   * unsharded ones.
   *
   * @throws IllegalArgumentException when a parent holds no shard
   */
  public static List<Path> shardDirectories(List<Path> given, Path out) {
    if (given.size() != 1 || Files.exists(given.get(0).resolve(RunSettings.FILE))) {
      return List.copyOf(given);
    }
    Path parent = given.get(0);
    Path target = out.toAbsolutePath().normalize();
    List<Path> found = new ArrayList<>();
    try (Stream<Path> children = Files.list(parent)) {
      for (Path child : children.sorted().toList()) {
        if (Files.isDirectory(child) && Files.exists(child.resolve(RunSettings.FILE))
            && !child.toAbsolutePath().normalize().equals(target)
            && RunSettings.read(child).map(p -> !p.recorded().containsKey(MERGED_FROM)
                && !Shard.ALL.toString().equals(p.values().get(RunSettings.SHARD))).orElse(false)) {
          found.add(child);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + parent + ": " + e.getMessage(), e);
    }
    if (found.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge in " + parent + ": it is not a run's output directory and"
          + " no folder under it holds a " + RunSettings.FILE + "; give the shards' directories or their parent");
    }
    return found;
  }

  /** See {@link RunKernel#merge}. */
  static <I, R, E> Merged<E> merge(Benchmark<I, R, E> b, List<I> selection, List<Path> shards, Path out) {
    Instant started = Instant.now();
    List<Path> byIndex = ShardSet.check(b.name(), shards);
    RunSettings first = RunSettings.read(byIndex.get(0)).orElseThrow();
    List<String> inputs = new ArrayList<>();
    for (int i = 0; i < byIndex.size(); i++) {
      inputs.add(new Shard(i + 1, byIndex.size()) + " " + byIndex.get(i).toAbsolutePath().normalize() + " "
          + ShardSet.digestOrNone(byIndex.get(i).resolve(b.logFile())));
    }
    Map<String, String> recorded = new LinkedHashMap<>(first.recorded());
    recorded.put(MERGED_FROM, String.join("\n", inputs));
    RunSettings merged = b.mergedSettings(first.withShard(Shard.ALL).withRecorded(recorded), byIndex);
    if (existingIn(b, out, merged, inputs)) {
      return new Merged<>(out, Optional.empty());
    }
    Map<String, R> all = new LinkedHashMap<>();
    List<FailedShard> failed = new ArrayList<>();
    List<Duration> walls = new ArrayList<>();
    for (int i = 0; i < byIndex.size(); i++) {
      Shard shard = new Shard(i + 1, byIndex.size());
      Path dir = byIndex.get(i);
      ShardSet.requireUnchanged(b, dir, shard);
      Map<String, R> records = ShardSet.records(b, dir, shard, shard.of(selection));
      List<String> bad = records.entrySet().stream().filter(e -> !b.finished(e.getValue())).map(Map.Entry::getKey)
          .toList();
      if (!bad.isEmpty()) {
        failed.add(new FailedShard(dir, shard, bad));
      }
      all.putAll(records);
      walls.add(RunHistory.wallTime(dir));
    }
    if (!failed.isEmpty()) {
      throw new FailedShards(failed);
    }
    Benchmark<I, R, E> scoring = b.forMerge(byIndex);
    try (OutputLock lock = RunKernel.lock(out)) {
      merged.write(out);
      RunDeviations deviations = RunDeviations.open(out);
      byIndex.forEach(dir -> RunDeviations.read(dir).forEach(deviations::add));
      Map<String, R> ordered = new LinkedHashMap<>();
      selection.forEach(i -> ordered.put(b.key(i), all.get(b.key(i))));
      ItemLog.rewrite(b, out.resolve(b.logFile()), ordered.values());
      UsageLog.merge(byIndex, out, ordered.keySet());
      Duration sum = walls.stream().reduce(Duration.ZERO, Duration::plus);
      RunSettings shown = concurrency(byIndex).map(c -> first.withShard(Shard.ALL).with("concurrency", c))
          .orElse(first.withShard(Shard.ALL));
      E result = scoring.finishMerge(new RunEnd<>(out, selection, ordered, 0, started, sum, walls, shown,
          new RunLog(out, deviations)), byIndex);
      return new Merged<>(out, Optional.of(result));
    } finally {
      if (scoring != b && scoring instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          throw new IllegalStateException("cannot close what the merge rebuilt from the shards: " + e.getMessage(), e);
        }
      }
    }
  }

  /**
   * Whether {@code out} holds this very merge, ended: then there is nothing to do.
   *
   * @throws IllegalStateException when it holds a run that is not this merge, naming the difference
   */
  private static boolean existingIn(Benchmark<?, ?, ?> b, Path out, RunSettings merged, List<String> inputs) {
    Optional<RunSettings> stored = RunSettings.read(out);
    if (stored.isEmpty()) {
      if (Files.exists(out.resolve(b.logFile()))) {
        throw new IllegalStateException("cannot merge into " + out + ": it already holds a run; give a new "
            + "directory");
      }
      return false;
    }
    String before = stored.get().recorded().get(MERGED_FROM);
    if (before == null) {
      throw new IllegalStateException("cannot merge into " + out + ": it already holds a run that is not a merge;"
          + " give a new directory");
    }
    List<String> diffs = new ArrayList<>(merged.differences(stored.get(), false));
    List<String> was = List.of(before.split("\n"));
    if (was.size() != inputs.size()) {
      diffs.add("a merge of " + was.size() + " shards (now " + inputs.size() + ")");
    } else {
      for (int i = 0; i < was.size(); i++) {
        String[] a = was.get(i).split(" ");
        String[] n = inputs.get(i).split(" ");
        if (!a[1].equals(n[1])) {
          diffs.add("shard " + n[0] + " from " + a[1] + " (now " + n[1] + ")");
        } else if (!a[2].equals(n[2])) {
          diffs.add("shard " + n[0] + " (" + n[1] + ") with another " + b.logFile() + " (it was rerun, resumed or "
              + "edited since: " + a[2] + ", now " + n[2] + ")");
        }
      }
    }
    if (!diffs.isEmpty()) {
      throw new IllegalStateException("cannot merge into " + out + ": it holds a merge of other inputs: "
          + String.join("; ", diffs) + "; give a new directory (or delete " + out + " to merge again)");
    }
    return END_FILES.stream().allMatch(f -> Files.exists(out.resolve(f)));
  }

  /**
   * The shards' items in flight: one value when they agree, else each shard's, comma-separated; recorded in the run
   * config by ClarQ-LLM runs, in the sessions by the others.
   */
  private static Optional<String> concurrency(List<Path> shards) {
    List<String> values = new ArrayList<>();
    for (Path dir : shards) {
      Optional<String> c = Optional.ofNullable(RunSettings.read(dir).orElseThrow().recorded().get("concurrency"))
          .or(() -> RunHistory.concurrency(dir));
      if (c.isEmpty()) {
        return Optional.empty();
      }
      values.add(c.get());
    }
    return Optional.of(values.stream().distinct().count() == 1 ? values.get(0) : String.join(",", values));
  }
}
