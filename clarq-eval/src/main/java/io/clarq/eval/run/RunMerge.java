package io.clarq.eval.run;

import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.Shard;
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
    Objects.requireNonNull(judge, "judge");
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge: no shard directory given");
    }
    RunSettings first = RunSettings.read(shards.get(0)).orElseThrow(() -> new IllegalArgumentException("cannot "
        + "merge " + shards.get(0) + ": it holds no " + RunSettings.FILE + " (not the output directory of a clarq "
        + "run)"));
    String storedJudge = setting(first, "judge", shards.get(0));
    if (!storedJudge.equals(judgeDescription)) {
      throw new IllegalArgumentException("cannot merge: the shards were judged by \"" + storedJudge + "\", the merge "
          + "was given \"" + judgeDescription + "\"; give the same judge (e.g. the same --verdicts)");
    }
    List<TaskTrial> selection = TaskTrial.of(selection(first, shards.get(0), tasks), RunFingerprint.trials(first));
    return RunKernel.merge(new ClarqBenchmark(null, selection, new RunScoring(judge)), selection, shards, out);
  }

  private static String setting(RunSettings print, String name, Path dir) {
    return print.get(name).orElseThrow(() -> new IllegalArgumentException("cannot merge " + dir + ": its "
        + RunSettings.FILE + " has no setting " + name + " (written by an older version?)"));
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
