package io.clarq.eval.clarqllm;

import io.clarq.core.files.OutputLock;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import io.clarq.eval.kernel.ItemLog;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunDeviations;
import io.clarq.eval.kernel.RunLog;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.kernel.ShardSet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Joins the shards of one run ({@code clarq run --shard i/n}, each in its own directory) into one output directory
 * holding what a single run of the whole selection writes: {@code transcripts.jsonl}, {@code results.json},
 * {@code summary.md} and {@code run-config.json}, through the same end-of-run code as {@link ClarqEvaluator#run}.
 *
 * <p>Everything a merge needs comes from the shards' {@code run-config.json}: the settings (concurrency included)
 * and what is recorded beside them ({@link RunConfig#recorded()}): the tasks directory, the judge and the verdict
 * file. A caller may give the tasks directory or the judge instead (a config written before they were recorded, or
 * the shards moved to another machine): the tasks are checked against the shards' digest, the judge against their
 * judge. The merged results hold the shards' wall times (their sum and the longest) beside the merge's own.
 *
 * <p>Checked first, each failure naming the directory and what is wrong: every shard has a run config and they agree
 * on every setting but the shard; the shards are 1/n to n/n, each once; the tasks are those the shards ran (same
 * count and digest); each shard's transcript holds exactly its part of the selection, once, with no torn line (an
 * interrupted shard is resumed first). The output is a fresh directory, or one holding this very merge: merging the
 * same shards again (a requeued merge job) writes nothing and says so ({@link Merged#alreadyMerged()}); different
 * shards, or shards whose transcripts changed since, are refused naming the difference.
 *
 * <pre>{@code
 * Merged m = RunMerge.merge(RunMerge.shardDirectories(List.of(Path.of("runs/exp"))), Path.of("runs/exp-all"));
 * }</pre>
 */
public final class RunMerge {
  /** Recorded in the merged run's config: the shards merged, one line each ("2/3 DIR sha256:..."). */
  static final String MERGED_FROM = "merged_from";
  /** Recorded by the caller: "offline", "none" or "llm:" and the model (see {@link RunConfig.Builder#record}). */
  public static final String RECORDED_JUDGE = "judge";
  /** Recorded by every run: the absolute path of the tasks directory it read. */
  public static final String RECORDED_TASKS = RunFingerprint.TASKS_DIRECTORY;
  /** Recorded by the caller: the absolute path of the verdict file the run replayed first. */
  public static final String RECORDED_VERDICTS = "verdicts";
  /** Recorded by the caller: the file in the output directory a live judge appended its verdicts to. */
  public static final String RECORDED_LIVE_VERDICTS = "judge_live_verdicts";

  private RunMerge() {}

  /** A judge the caller gives a merge, and how the shards' fingerprint names it ("none" for {@link Judge#none()}). */
  public record GivenJudge(Judge judge, String description) {
    public GivenJudge {
      Objects.requireNonNull(judge, "judge");
      Objects.requireNonNull(description, "description");
    }
  }

  /**
   * What a merge did.
   *
   * @param out the merged output directory
   * @param result the merged run; empty when {@code out} already held this very merge and nothing was written
   */
  public record Merged(Path out, Optional<RunResult> result) {
    public Merged {
      Objects.requireNonNull(out, "out");
      Objects.requireNonNull(result, "result");
    }

    /** Whether the output already held this merge (same shards, same transcripts), so nothing was done. */
    public boolean alreadyMerged() {
      return result.isEmpty();
    }
  }

  /**
   * The shard directories a merge is given: the directories themselves, or, when one directory is given that is not
   * a run's output, every folder under it holding the run config of a shard (by name): not {@code out}, merged runs
   * or unsharded ones.
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
    try (java.util.stream.Stream<Path> children = Files.list(parent)) {
      for (Path child : children.sorted().toList()) {
        if (Files.isDirectory(child) && Files.exists(child.resolve(RunSettings.FILE))
            && !child.toAbsolutePath().normalize().equals(target)
            && RunSettings.read(child).map(p -> !p.recorded().containsKey(MERGED_FROM)
                && !Shard.ALL.toString().equals(p.values().get(RunSettings.SHARD))).orElse(false)) {
          found.add(child);
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot list " + parent + ": " + e.getMessage(), e);
    }
    if (found.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge in " + parent + ": it is not a run's output directory and"
          + " no folder under it holds a " + RunSettings.FILE + "; give the shards' directories or their parent");
    }
    return found;
  }

  /** Merges the shards with everything read from their recorded configuration. */
  public static Merged merge(List<Path> shards, Path out) {
    return merge(shards, out, Optional.empty(), Optional.empty());
  }

  /**
   * Merges the shards.
   *
   * @param tasks the tasks directory the shards ran, when not the recorded one (checked against their digest)
   * @param judge the judge for dialogues the verbatim check cannot decide, when not rebuilt from the record (its
   *     description must be the shards' judge setting)
   * @throws IllegalArgumentException naming the directory and the problem when the shards do not make one run, or
   *     when their config does not record what the merge needs and the caller did not give it
   * @throws IllegalStateException when the output directory holds another run or another merge (naming the
   *     difference), or another process writes to it
   */
  public static Merged merge(List<Path> shards, Path out, Optional<Path> tasks, Optional<GivenJudge> judge) {
    long start = System.nanoTime();
    java.time.Instant started = java.time.Instant.now();
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge: no shard directory given");
    }
    List<Path> ordered = ShardSet.check(RunSettings.CLARQ_LLM, shards);
    Path[] byIndex = ordered.toArray(Path[]::new);
    RunSettings[] printByIndex = new RunSettings[byIndex.length];
    for (int i = 0; i < byIndex.length; i++) {
      printByIndex[i] = RunSettings.read(byIndex[i]).orElseThrow();
    }
    RunSettings first = RunSettings.read(shards.get(0)).orElseThrow();
    String storedJudge = setting(first, "judge", shards.get(0));
    if (judge.isPresent() && !storedJudge.equals(judge.get().description())) {
      throw new IllegalArgumentException("cannot merge: the shards were judged by \"" + storedJudge + "\", the merge "
          + "was given \"" + judge.get().description() + "\"; give the same judge (e.g. the same --verdicts), or "
          + "none: the merge rebuilds the shards' own from their " + RunSettings.FILE);
    }
    List<String> inputs = new ArrayList<>();
    for (int i = 0; i < byIndex.length; i++) {
      inputs.add(new Shard(i + 1, byIndex.length) + " " + byIndex[i].toAbsolutePath().normalize() + " "
          + transcriptDigest(byIndex[i]));
    }
    Map<String, String> settings = new LinkedHashMap<>(first.withShard(Shard.ALL).values());
    concurrency(printByIndex).ifPresent(c -> settings.put(RunFingerprint.CONCURRENCY, c));
    Existing existing = existingIn(out, first.withShard(Shard.ALL), inputs);
    if (existing == Existing.DONE) {
      return new Merged(out, Optional.empty());
    }
    Path tasksDir = tasks.orElseGet(() -> recordedTasks(first, shards.get(0)));
    List<TaskTrial> selection = TaskTrial.of(selection(first, shards.get(0), tasksDir), RunFingerprint.trials(first));
    Map<DialogueKey, ClarqTask> byKey = new TreeMap<>();
    selection.forEach(t -> byKey.put(DialogueKey.of(t), t.task()));
    ClarqBenchmark reading = new ClarqBenchmark(null, selection, null);
    Map<DialogueKey, DialogueRecord> all = new TreeMap<>();
    for (int i = 0; i < byIndex.length; i++) {
      Shard shard = new Shard(i + 1, byIndex.length);
      ShardSet.records(reading, byIndex[i], shard, shard.of(selection)).values()
          .forEach(r -> all.put(DialogueKey.of(r), r));
    }
    List<ShardTimes.Time> times = new ArrayList<>();
    for (int i = 0; i < byIndex.length; i++) {
      times.add(ShardTimes.of(new Shard(i + 1, byIndex.length), byIndex[i]));
    }
    Map<String, String> recorded = new LinkedHashMap<>(first.recorded());
    recorded.put(RunFingerprint.TASKS_DIRECTORY, tasksDir.toAbsolutePath().normalize().toString());
    recorded.put(MERGED_FROM, String.join("\n", inputs));
    RunSettings merged = first.withShard(Shard.ALL).withRecorded(recorded);
    List<AutoCloseable> closing = new ArrayList<>();
    try (OutputLock lock = RunKernel.lock(out)) {
      if (existing == Existing.NONE && (Files.exists(out.resolve(RunSettings.FILE))
          || Files.exists(out.resolve(ClarqEvaluator.TRANSCRIPT)))) {
        throw new IllegalStateException("cannot merge into " + out + ": it already holds a run; give a new "
            + "directory");
      }
      Judge scoring = judge.map(GivenJudge::judge).orElseGet(() -> recordedJudge(first, shards.get(0),
          List.of(byIndex), closing));
      merged.write(out);
      RunDeviations deviations = RunDeviations.open(out);
      for (Path shard : byIndex) {
        RunDeviations.read(shard).forEach(deviations::add);
      }
      ItemLog.rewrite(reading, out.resolve(ClarqEvaluator.TRANSCRIPT), all.values());
      Map<String, DialogueRecord> records = new LinkedHashMap<>();
      all.forEach((k, r) -> records.put(k.toString(), r));
      Duration own = Duration.ofNanos(System.nanoTime() - start);
      RunResult result = new RunScoring(scoring, shardForecasts(byIndex)).finish(byKey, new RunEnd<>(out, selection, records, 0, started,
          own, times.stream().map(t -> t.wallTime().orElse(Duration.ZERO)).toList(), new RunSettings(RunSettings.CLARQ_LLM, settings),
          new RunLog(out, deviations)));
      ShardTimes.write(result, times);
      return new Merged(out, Optional.of(result));
    } finally {
      for (int i = closing.size() - 1; i >= 0; i--) {
        try {
          closing.get(i).close();
        } catch (Exception e) {
          throw new IllegalStateException("cannot close the merge's judge: " + e.getMessage(), e);
        }
      }
    }
  }

  /** What the output directory holds before a merge. */
  private enum Existing {
    /** No run: merge into it. */
    NONE,
    /** This very merge, finished: nothing to do. */
    DONE,
    /** This very merge, stopped before its results were written: merge again over it. */
    INTERRUPTED
  }

  /**
   * What {@code out} holds.
   *
   * @throws IllegalStateException when it holds a run that is not this merge, naming the difference
   */
  private static Existing existingIn(Path out, RunSettings merged, List<String> inputs) {
    Optional<RunSettings> stored = RunSettings.read(out);
    if (stored.isEmpty()) {
      if (Files.exists(out.resolve(ClarqEvaluator.TRANSCRIPT))) {
        throw new IllegalStateException("cannot merge into " + out + ": it already holds a run; give a new "
            + "directory");
      }
      return Existing.NONE;
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
        String[] b = inputs.get(i).split(" ");
        if (!a[1].equals(b[1])) {
          diffs.add("shard " + b[0] + " from " + a[1] + " (now " + b[1] + ")");
        } else if (!a[2].equals(b[2])) {
          diffs.add("shard " + b[0] + " (" + b[1] + ") with another transcript (it was rerun or resumed since: "
              + a[2] + ", now " + b[2] + ")");
        }
      }
    }
    if (!diffs.isEmpty()) {
      throw new IllegalStateException("cannot merge into " + out + ": it holds a merge of other inputs: "
          + String.join("; ", diffs) + "; give a new directory (or delete " + out + " to merge again)");
    }
    return Files.exists(out.resolve(ClarqEvaluator.RESULTS)) && Files.exists(out.resolve(ClarqEvaluator.SUMMARY))
        ? Existing.DONE : Existing.INTERRUPTED;
  }

  /** A digest of the shard's transcript file as it is, for telling a rerun shard apart. */
  private static String transcriptDigest(Path dir) {
    Path transcript = dir.resolve(ClarqEvaluator.TRANSCRIPT);
    if (!Files.exists(transcript)) {
      return "none";
    }
    try (java.io.InputStream in = Files.newInputStream(transcript)) {
      java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        md.update(buf, 0, n);
      }
      return "sha256:" + java.util.HexFormat.of().formatHex(md.digest()).substring(0, 16);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot read " + transcript + ": " + e.getMessage(), e);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** The shards' dialogues in flight: one value when they agree, else each shard's, comma-separated. */
  private static Optional<String> concurrency(RunSettings[] prints) {
    List<String> values = Arrays.stream(prints).map(p -> p.recorded().get(RunFingerprint.CONCURRENCY))
        .filter(Objects::nonNull).toList();
    if (values.size() != prints.length) {
      return Optional.empty();
    }
    return Optional.of(values.stream().distinct().count() == 1 ? values.get(0) : String.join(",", values));
  }

  /**
   * The merged run's forecast: the sum of the shards' ({@link RunForecast#sum}), read from their results.json; none
   * when a shard made none (its forecast data were missing), its results.json is not there, or its forecast cannot
   * be read (a warning says so: the merge itself does not need it).
   */
  private static Optional<RunForecast> shardForecasts(Path[] shards) {
    List<RunForecast> parts = new ArrayList<>();
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    for (Path shard : shards) {
      Path results = shard.resolve(ClarqEvaluator.RESULTS);
      try {
        com.fasterxml.jackson.databind.JsonNode f = Files.isRegularFile(results)
            ? json.readTree(results.toFile()).path("forecast")
            : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        if (!f.isObject()) {
          return Optional.empty();
        }
        parts.add(ForecastJson.read(f));
      } catch (java.io.IOException | IllegalArgumentException e) {
        org.slf4j.LoggerFactory.getLogger(RunMerge.class).warn("{}: its forecast cannot be read ({}); the merged"
            + " results hold none", results, e.getMessage());
        return Optional.empty();
      }
    }
    return Optional.of(RunForecast.sum(parts));
  }

  /** The tasks directory the shards recorded, which must be a directory here. */
  private static Path recordedTasks(RunSettings print, Path dir) {
    String recorded = print.recorded().get(RunFingerprint.TASKS_DIRECTORY);
    if (recorded == null) {
      throw new IllegalArgumentException("cannot merge: " + dir.resolve(RunSettings.FILE) + " does not record "
          + "the tasks directory (written by an older clarq, or the run was given loaded tasks); give the tasks "
          + "(clarq merge --tasks DIR)");
    }
    Path tasks = Path.of(recorded);
    if (!Files.isDirectory(tasks)) {
      throw new IllegalArgumentException("cannot merge: the shards ran the tasks in " + tasks + " (recorded in "
          + dir.resolve(RunSettings.FILE) + "), which is not a directory here; give the tasks (clarq merge "
          + "--tasks DIR)");
    }
    return tasks;
  }

  /**
   * The shards' judge, rebuilt from what they recorded: the verdict file replayed first, then the offline judge,
   * none, or for a live model judge the verdicts it appended in each shard (a question none of them holds is left
   * unscored, naming the shards to rerun).
   */
  private static Judge recordedJudge(RunSettings print, Path dir, List<Path> shards, List<AutoCloseable> closing) {
    Map<String, String> r = print.recorded();
    // a run judged by none needs nothing recorded to be rebuilt
    String kind = r.getOrDefault(RECORDED_JUDGE, "none".equals(print.values().get("judge")) ? "none" : null);
    Path config = dir.resolve(RunSettings.FILE);
    if (kind == null) {
      throw new IllegalArgumentException("cannot merge: " + config + " does not record how the shards were judged ("
          + "judge \"" + print.values().get("judge") + "\"; written by an older clarq or by another program); give "
          + "the judge (clarq merge --judge offline|none and --verdicts FILE, as the shards had them)");
    }
    Judge judge;
    if (kind.equals("offline")) {
      judge = new io.clarq.core.clarqllm.judge.offline.OfflineJudge();
    } else if (kind.equals("none")) {
      judge = Judge.none();
    } else if (kind.startsWith("llm:")) {
      String file = r.getOrDefault(RECORDED_LIVE_VERDICTS, "judge-verdicts.jsonl");
      String names = shards.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(", "));
      judge = q -> {
        throw new IllegalStateException("no verdict of the live judge (" + kind.substring(4) + ") for this question "
            + "in the shards' " + file + " (" + names + "); rerun the shard that played this dialogue");
      };
      for (Path shard : shards) {
        if (Files.exists(shard.resolve(file))) {
          io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge v = io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge.readOnly(
              shard.resolve(file), judge);
          closing.add(v);
          judge = v;
        }
      }
    } else {
      throw new IllegalArgumentException("cannot merge: " + config + " records the judge \"" + kind + "\", which "
          + "clarq cannot rebuild (expected offline, none or llm:MODEL); give the judge (clarq merge --judge)");
    }
    String verdicts = r.get(RECORDED_VERDICTS);
    if (verdicts != null) {
      Path file = Path.of(verdicts);
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException("cannot merge: the shards replayed the verdicts in " + file + " (recorded "
            + "in " + config + "), which is not a file here; give it (clarq merge --verdicts FILE)");
      }
      io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge v = io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge.readOnly(file, judge);
      closing.add(v);
      judge = v;
    }
    return Judge.named(r.getOrDefault(RunFingerprint.JUDGE_NAME, judge.name()), judge);
  }

  private static String setting(RunSettings print, String name, Path dir) {
    String v = print.values().get(name);
    if (v == null) {
      throw new IllegalArgumentException("cannot merge " + dir + ": its " + RunSettings.FILE + " has no setting "
          + name + " (written by an older version?)");
    }
    return v;
  }

  /** The run's whole selection, read from {@code tasks} as the fingerprint says, checked against its digest. */
  private static List<ClarqTask> selection(RunSettings print, Path dir, Path tasks) {
    List<Language> languages = Arrays.stream(setting(print, "languages", dir).split(",")).map(Language::parse)
        .toList();
    String spec = setting(print, "tasks", dir);
    List<ClarqTask> selection = ClarqEvaluator.selectTasks(Optional.of(tasks), List.of(), languages,
        Split.parse(setting(print, "split", dir)), spec.equals(TaskSelection.ALL.toString()) ? TaskSelection.ALL
            : TaskSelection.parse(spec));
    String count = setting(print, "task_count", dir);
    String digest = setting(print, "task_digest", dir);
    if (!count.equals(String.valueOf(selection.size())) || !digest.equals(RunFingerprint.digest(selection))) {
      throw new IllegalArgumentException("cannot merge: the tasks in " + tasks + " are not those the shards ran ("
          + selection.size() + " tasks, digest " + RunFingerprint.digest(selection) + "; the shards ran " + count
          + " tasks, digest " + digest + ")");
    }
    return selection;
  }

  /**
   * A shard whose transcript holds dialogues stopped by an infrastructure failure: the merged run leaves them
   * unscored, and only rerunning that shard (which resumes and retries them) brings them in.
   *
   * @param dir the shard's output directory
   * @param shard which shard it is ("2/4")
   * @param failed the failed dialogues ("en 3.4", "en 3.4 trial 2"), in transcript order
   */
  public record FailedShard(Path dir, Shard shard, List<String> failed) {
    public FailedShard {
      failed = List.copyOf(failed);
    }
  }

  /** The shards of a merge that hold failed dialogues, in shard order (the shards are read as {@link #merge} reads them). */
  public static List<FailedShard> failedShards(List<Path> shards) {
    List<FailedShard> out = new ArrayList<>();
    for (Path dir : shards) {
      Optional<RunSettings> print = RunSettings.read(dir);
      if (print.isEmpty() || !Files.exists(dir.resolve(ClarqEvaluator.TRANSCRIPT))) {
        continue;
      }
      Shard shard = Shard.parse(setting(print.get(), RunSettings.SHARD, dir));
      List<String> failed = TranscriptReader.read(dir.resolve(ClarqEvaluator.TRANSCRIPT)).records().stream()
          .filter(r -> !r.finished()).map(r -> DialogueKey.of(r).toString()).toList();
      if (!failed.isEmpty()) {
        out.add(new FailedShard(dir, shard, failed));
      }
    }
    out.sort(java.util.Comparator.comparingInt(f -> f.shard().index()));
    return out;
  }
}
