package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.PublishedDialogue;
import io.clarq.datasets.clarqllm.PublishedRun;
import io.clarq.datasets.clarqllm.PublishedRuns;
import io.clarq.datasets.clarqllm.transcript.TranscriptFile;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a transcript file of either kind, told apart by its first character ({@code [}: a published results file,
 * <code>&#123;</code>: a clarq JSONL transcript), and matches every dialogue with its task from a tasks directory.
 */
public final class RecordedRuns {
  private RecordedRuns() {}

  /**
   * @param tasksDir the folder holding {@code English/} and {@code Chinese/}, or one language's folder, or
   *     {@value #DEMO_TASKS} for the demo tasks shipped in the jar (when no folder of that name exists)
   * @throws IllegalArgumentException naming the file and the problem when a file is malformed, a dialogue's task
   *     is missing from the tasks directory, a task was recorded twice, or a published task's tree differs from
   *     the tasks directory's
   */
  public static RecordedRun load(Path file, Path tasksDir) {
    return switch (firstCharacter(file)) {
      case '[' -> published(file, tasksDir);
      case '{' -> jsonl(file, tasksDir);
      case -1 -> throw new IllegalArgumentException("transcript file " + file + " is empty");
      default -> throw new IllegalArgumentException("transcript file " + file + " is neither a ClarQ-LLM results"
          + " file (a JSON list) nor a clarq JSONL transcript (one JSON object a line)");
    };
  }

  /** The name that stands for the demo tasks shipped in the jar, where no folder of that name exists. */
  public static final String DEMO_TASKS = "demo";

  // a tasks folder, or the demo tasks (a run of `clarq demo`, a study exported from the demo tasks)
  private static TaskSet tasks(Path tasksDir, Language language) {
    if (tasksDir.toString().equals(DEMO_TASKS) && !java.nio.file.Files.exists(tasksDir)) {
      return io.clarq.datasets.clarqllm.demo.DemoTasks.load(language);
    }
    return ClarqLlmTasks.load(tasksDir, language);
  }

  private static RecordedRun published(Path file, Path tasksDir) {
    PublishedRun run = PublishedRuns.load(file);
    TaskSet tasks = tasks(tasksDir, run.language());
    List<PlayedDialogue> out = new ArrayList<>(run.dialogues().size());
    for (PublishedDialogue d : run.dialogues()) {
      ClarqTask task = tasks.find(d.task().id()).orElseThrow(() -> new IllegalArgumentException(
          file + ": task " + d.task().id() + " is not in the tasks directory " + tasksDir));
      if (!task.tree().equals(d.task().tree())) {
        throw new IllegalArgumentException(file + ", task " + task.id() + ": its response tree differs from the one in "
            + tasksDir + "; score a run with the tasks it was played on");
      }
      out.add(new PlayedDialogue(task, d.dialogue()));
    }
    // a test task without its dialogue is named, never left out of the figures in silence
    Set<TaskId> played = new HashSet<>(out.stream().map(d -> d.task().id()).toList());
    List<String> missing = tasks.split(Split.TEST).stream().map(ClarqTask::id).filter(id -> !played.contains(id))
        .map(TaskId::toString).toList();
    List<String> notes = missing.isEmpty() ? List.of() : List.of(missing.size() + " test task"
        + (missing.size() == 1 ? " has" : "s have") + " no dialogue in " + file.getFileName() + " and "
        + (missing.size() == 1 ? "is" : "are") + " not scored: " + String.join(", ", missing));
    return new RecordedRun(run.name(), RecordedRun.Format.PUBLISHED_RESULTS, Set.of(run.language()), out, notes);
  }

  /**
   * How every output names a torn last line of a transcript file: "FILE, line 30 is torn (an interrupted run was
   * writing it; 40 characters): its dialogue is not scored".
   */
  public static String tornNote(Path file, io.clarq.datasets.jsonl.TornLine torn) {
    return file + ", line " + torn.line() + " is torn (an interrupted run was writing it; " + torn.length()
        + " characters): its dialogue is not scored";
  }

  private static RecordedRun jsonl(Path file, Path tasksDir) {
    TranscriptFile transcript = TranscriptReader.read(file);
    List<String> notes = new ArrayList<>();
    // a line that holds no dialogue scored here is named (file and line) and counted, never dropped in silence
    transcript.tornLine().ifPresent(t -> notes.add(tornNote(file, t)));
    Map<Language, TaskSet> tasks = new EnumMap<>(Language.class);
    Map<String, Integer> seenAt = new HashMap<>();
    List<String> failed = new ArrayList<>();
    List<PlayedDialogue> out = new ArrayList<>();
    int laterTrials = 0;
    int trials = 1;
    for (TranscriptFile.Entry e : transcript.entries()) {
      DialogueRecord r = e.record();
      String where = file + ", line " + e.line();
      if (r.trial() > 1) {
        // a run with --trials: trial 1 is the reference protocol, scored as a run without trials would be
        laterTrials++;
        trials = Math.max(trials, r.trial());
        continue;
      }
      if (!r.finished()) {
        failed.add(r.taskId() + " (line " + e.line() + ": " + r.error().orElse("") + ")");
        continue;
      }
      String key = r.language().code() + ":" + r.taskId();
      Integer earlier = seenAt.putIfAbsent(key, e.line());
      if (earlier != null) {
        throw new IllegalArgumentException(where + ": task " + r.taskId() + " (" + r.language().code()
            + ") was already recorded at line " + earlier + "; a transcript holds one finished dialogue per task");
      }
      // the provider's opening line says which language a dialogue was played in (whichever pack it came from)
      String opening = r.dialogue().utterances().isEmpty()
          || r.dialogue().utterances().get(0).speaker() != io.clarq.core.dialogue.Speaker.PROVIDER ? ""
          : ReferenceText.stripSpeaker(r.dialogue().utterances().get(0).text());
      if (!opening.isEmpty() && Language.detect(opening) != r.language()) {
        throw new IllegalArgumentException(where + ": task " + r.taskId() + " is recorded as "
            + r.language().code() + " but its dialogue opens in " + Language.detect(opening).code() + " (\""
            + r.dialogue().utterances().get(0).text() + "\"); it would be scored against the wrong task");
      }
      TaskSet set = tasks.computeIfAbsent(r.language(), l -> tasks(tasksDir, l));
      TaskId id = r.taskId();
      ClarqTask task = set.find(id).orElseThrow(() -> new IllegalArgumentException(
          where + ": task " + id + " is not in the tasks directory " + tasksDir));
      out.add(new PlayedDialogue(task, r.dialogue()));
    }
    if (laterTrials > 0) {
      notes.add("the transcript holds " + trials + " trials per task; trial 1 (the reference protocol) is scored here"
          + " and the " + laterTrials + " dialogues of trials 2-" + trials + " are skipped (the run's results.json has"
          + " the figures across trials)");
    }
    if (!failed.isEmpty()) {
      notes.add(failed.size() + " failed dialogue" + (failed.size() == 1 ? "" : "s") + " of " + file + " not scored: "
          + String.join(", ", failed));
    }
    out.sort(Comparator.comparing((PlayedDialogue d) -> d.task().language()).thenComparing(d -> d.task().id()));
    String name = file.getFileName().toString().replaceFirst("\\.jsonl?$", "");
    return new RecordedRun(name, RecordedRun.Format.CLARQ_JSONL,
        new TreeSet<>(out.stream().map(d -> d.task().language()).toList()), out, notes,
        failed.size() + (transcript.tornLine().isPresent() ? 1 : 0), trials);
  }

  private static int firstCharacter(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      int c;
      do {
        c = in.read();
      } while (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xEF || c == 0xBB || c == 0xBF);
      return c;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read transcript file " + file + ": " + e.getMessage(), e);
    }
  }
}
