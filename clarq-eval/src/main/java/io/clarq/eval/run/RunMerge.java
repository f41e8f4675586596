package io.clarq.eval.run;

import io.clarq.core.files.OutputLock;
import io.clarq.core.judge.Judge;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.task.Split;
import io.clarq.core.transcript.DialogueRecord;
import io.clarq.datasets.transcript.TranscriptFile;
import io.clarq.datasets.transcript.TranscriptReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>Checked first, each failure naming the directory and what is wrong: every shard has a run config and they agree
 * on every setting but the shard; the shards are 1/n to n/n, each once; the tasks given are those the shards ran (same
 * count and digest); each shard's transcript holds exactly its part of the selection, once, with no torn line (an
 * interrupted shard is resumed first); the judge is the one the shards were run with; the output is a fresh directory.
 *
 * <pre>{@code
 * RunResult merged = RunMerge.merge(List.of(Path.of("runs/s1"), Path.of("runs/s2"), Path.of("runs/s3")),
 *     Path.of("runs/all"), Path.of("../shared/data/clarq-llm/tasks"), Judge.none(), "none");
 * }</pre>
 */
public final class RunMerge {
  private RunMerge() {}

  /**
   * Merges the shards.
   *
   * @param tasks the tasks directory the shards ran (English/ and Chinese/, or one language's folder)
   * @param judge the judge for dialogues the verbatim check cannot decide, as the shards had it
   * @param judgeDescription how the shards' fingerprint names that judge ("none" for {@link Judge#none()})
   * @throws IllegalArgumentException naming the directory and the problem when the shards do not make one run
   * @throws IllegalStateException when the output directory is not fresh or another run writes to it
   */
  public static RunResult merge(List<Path> shards, Path out, Path tasks, Judge judge, String judgeDescription) {
    long start = System.nanoTime();
    Objects.requireNonNull(judge, "judge");
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge: no shard directory given");
    }
    List<RunFingerprint> prints = new ArrayList<>();
    for (Path dir : shards) {
      prints.add(RunFingerprint.read(dir).orElseThrow(() -> new IllegalArgumentException("cannot merge " + dir
          + ": it holds no " + RunFingerprint.FILE + " (not the output directory of a clarq run)")));
    }
    RunFingerprint first = prints.get(0);
    for (int i = 1; i < shards.size(); i++) {
      List<String> diffs = prints.get(i).differences(first, true);
      if (!diffs.isEmpty()) {
        throw new IllegalArgumentException("cannot merge " + shards.get(i) + " with " + shards.get(0) + ": not "
            + "shards of one run: " + shards.get(i) + " has " + String.join("; ", diffs).replace("(was", "(" + shards
            .get(0) + ":").replace(", now", ", " + shards.get(i) + ":"));
      }
    }
    Path[] byIndex = new Path[shards.size()];
    for (int i = 0; i < shards.size(); i++) {
      Shard shard = Shard.parse(setting(prints.get(i), RunFingerprint.SHARD, shards.get(i)));
      if (shard.count() != shards.size()) {
        throw new IllegalArgumentException("cannot merge: " + shards.get(i) + " is shard " + shard + ", but "
            + shards.size() + " directories were given; give all " + shard.count() + " shards");
      }
      if (byIndex[shard.index() - 1] != null) {
        throw new IllegalArgumentException("cannot merge: " + byIndex[shard.index() - 1] + " and " + shards.get(i)
            + " are both shard " + shard);
      }
      byIndex[shard.index() - 1] = shards.get(i);
    }
    String storedJudge = setting(first, "judge", shards.get(0));
    if (!storedJudge.equals(judgeDescription)) {
      throw new IllegalArgumentException("cannot merge: the shards were judged by \"" + storedJudge + "\", the merge "
          + "was given \"" + judgeDescription + "\"; give the same judge (e.g. the same --verdicts)");
    }
    List<ClarqTask> selection = selection(first, shards.get(0), tasks);
    Map<DialogueKey, ClarqTask> byKey = new TreeMap<>();
    selection.forEach(t -> byKey.put(DialogueKey.of(t), t));
    Map<DialogueKey, DialogueRecord> all = new TreeMap<>();
    long calls = 0;
    long tokens = 0;
    for (int i = 0; i < byIndex.length; i++) {
      Shard shard = new Shard(i + 1, byIndex.length);
      for (DialogueRecord r : shardRecords(byIndex[i], shard, selection)) {
        all.put(DialogueKey.of(r), r);
        calls += r.totalLlmCalls();
        tokens += r.totalUsage().totalTokens();
      }
    }
    RunFingerprint merged = first.withShard(Shard.ALL);
    try (OutputLock lock = ClarqEvaluator.lockOutput(out)) {
      if (Files.exists(out.resolve(RunFingerprint.FILE)) || Files.exists(out.resolve(ClarqEvaluator.TRANSCRIPT))) {
        throw new IllegalStateException("cannot merge into " + out + ": it already holds a run; give a new "
            + "directory");
      }
      merged.write(out);
      RunDeviations deviations = RunDeviations.open(out);
      for (Path shard : byIndex) {
        RunDeviations.read(shard).forEach(deviations::add);
      }
      return new RunScoring(judge, deviations::add).finish(out, byKey, all, 0,
          Duration.ofNanos(System.nanoTime() - start), calls, tokens, merged.settings(), deviations.all());
    }
  }

  private static String setting(RunFingerprint print, String name, Path dir) {
    String v = print.settings().get(name);
    if (v == null) {
      throw new IllegalArgumentException("cannot merge " + dir + ": its " + RunFingerprint.FILE + " has no setting "
          + name + " (written by an older version?)");
    }
    return v;
  }

  /** The run's whole selection, read from {@code tasks} as the fingerprint says, checked against its digest. */
  private static List<ClarqTask> selection(RunFingerprint print, Path dir, Path tasks) {
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
   * @param failed the failed dialogues' task ids ("3.4"), in transcript order
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
      Optional<RunFingerprint> print = RunFingerprint.read(dir);
      if (print.isEmpty() || !Files.exists(dir.resolve(ClarqEvaluator.TRANSCRIPT))) {
        continue;
      }
      Shard shard = Shard.parse(setting(print.get(), RunFingerprint.SHARD, dir));
      List<String> failed = TranscriptReader.read(dir.resolve(ClarqEvaluator.TRANSCRIPT)).records().stream()
          .filter(r -> !r.finished()).map(r -> r.language().code() + " " + r.taskId()).toList();
      if (!failed.isEmpty()) {
        out.add(new FailedShard(dir, shard, failed));
      }
    }
    out.sort(java.util.Comparator.comparingInt(f -> f.shard().index()));
    return out;
  }

  /** The shard's records, which must be exactly its part of the selection, each once. */
  private static List<DialogueRecord> shardRecords(Path dir, Shard shard, List<ClarqTask> selection) {
    Path transcript = dir.resolve(ClarqEvaluator.TRANSCRIPT);
    if (!Files.exists(transcript)) {
      throw new IllegalArgumentException("cannot merge " + dir + ": shard " + shard + " has no " + transcript
          .getFileName() + " (never run?)");
    }
    TranscriptFile file = TranscriptReader.read(transcript);
    if (file.tornLine().isPresent()) {
      throw new IllegalArgumentException("cannot merge " + dir + ": " + transcript + " ends in a torn line (the "
          + "shard was interrupted); resume it with the same command first");
    }
    Map<DialogueKey, TranscriptFile.Entry> seen = new TreeMap<>();
    List<DialogueKey> expected = shard.of(selection).stream().map(DialogueKey::of).toList();
    for (TranscriptFile.Entry e : file.entries()) {
      DialogueKey key = DialogueKey.of(e.record());
      if (!expected.contains(key)) {
        throw new IllegalArgumentException("cannot merge " + dir + ": " + transcript + ", line " + e.line()
            + ": dialogue " + key + " is not part of shard " + shard);
      }
      TranscriptFile.Entry before = seen.put(key, e);
      if (before != null) {
        throw new IllegalArgumentException("cannot merge " + dir + ": " + transcript + " holds dialogue " + key
            + " twice (lines " + before.line() + " and " + e.line() + "); resume the shard with the same command "
            + "first");
      }
    }
    List<DialogueKey> missing = expected.stream().filter(k -> !seen.containsKey(k)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("cannot merge " + dir + ": shard " + shard + " lacks " + missing.size()
          + " of its " + expected.size() + " dialogues (first: " + missing.get(0) + "); resume it with the same "
          + "command first");
    }
    return file.records();
  }
}
