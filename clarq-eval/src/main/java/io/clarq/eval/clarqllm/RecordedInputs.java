package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.eval.kernel.RunSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a ClarQ-LLM run records beside its settings in {@code run-config.json} ({@link RunConfig#recorded()}), and
 * rebuilding from it what the merge of its shards needs ({@link ClarqEvaluator#merge}): the tasks directory (the
 * tasks checked against the shards' digest), the judge and the verdict files, and the shards' forecasts.
 */
public final class RecordedInputs {
  /** Recorded by the caller: "offline", "none" or "llm:" and the model (see {@link RunConfig.Builder#record}). */
  public static final String RECORDED_JUDGE = "judge";
  /** Recorded by every run: the absolute path of the tasks directory it read. */
  public static final String RECORDED_TASKS = RunFingerprint.TASKS_DIRECTORY;
  /** Recorded by the caller: the absolute path of the verdict file the run replayed first. */
  public static final String RECORDED_VERDICTS = "verdicts";
  /** Recorded by the caller: the file in the output directory a live judge appended its verdicts to. */
  public static final String RECORDED_LIVE_VERDICTS = "judge_live_verdicts";

  private RecordedInputs() {}

  /** A judge the caller gives a merge, and how the shards' fingerprint names it ("none" for {@link Judge#none()}). */
  public record GivenJudge(Judge judge, String description) {
    public GivenJudge {
      Objects.requireNonNull(judge, "judge");
      Objects.requireNonNull(description, "description");
    }
  }

  /** Refuses a judge given to a merge that is not the one the shards were judged by, naming both. */
  static void checkGiven(RunSettings print, Path dir, Optional<GivenJudge> judge) {
    String stored = setting(print, "judge", dir);
    if (judge.isPresent() && !stored.equals(judge.get().description())) {
      throw new IllegalArgumentException("cannot merge: the shards were judged by \"" + stored + "\", the merge "
          + "was given \"" + judge.get().description() + "\"; give the same judge (e.g. the same --verdicts), or "
          + "none: the merge rebuilds the shards' own from their " + RunSettings.FILE);
    }
  }

  /**
   * The merged run's forecast: the sum of the shards' ({@link RunForecast#sum}), read from their results.json; none
   * when a shard made none (its forecast data were missing), its results.json is not there, or its forecast cannot
   * be read (a warning says so: the merge itself does not need it).
   */
  static Optional<RunForecast> shardForecasts(List<Path> shards) {
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
        org.slf4j.LoggerFactory.getLogger(RecordedInputs.class).warn("{}: its forecast cannot be read ({}); the merged"
            + " results hold none", results, e.getMessage());
        return Optional.empty();
      }
    }
    return Optional.of(RunForecast.sum(parts));
  }

  /** The tasks directory the shards recorded, which must be a directory here. */
  static Path recordedTasks(RunSettings print, Path dir) {
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
  static Judge recordedJudge(RunSettings print, Path dir, List<Path> shards, List<AutoCloseable> closing) {
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

  static String setting(RunSettings print, String name, Path dir) {
    String v = print.values().get(name);
    if (v == null) {
      throw new IllegalArgumentException("cannot merge " + dir + ": its " + RunSettings.FILE + " has no setting "
          + name + " (written by an older version?)");
    }
    return v;
  }

  /** The run's whole selection, read from {@code tasks} as the fingerprint says, checked against its digest. */
  static List<ClarqTask> selection(RunSettings print, Path dir, Path tasks) {
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

}
