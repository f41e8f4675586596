package io.clarq.eval.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.stats.Bootstrap;
import io.clarq.datasets.clarqllm.transcript.TranscriptFile;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import io.clarq.eval.report.ReportInput.Problem;
import io.clarq.eval.report.ReportInput.ReportedDialogue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one entry point that writes a run's {@code report.html}: from a finished run directory ({@code results.json}
 * and {@code transcripts.jsonl}, as {@code clarq run}, {@code clarq demo} and a merge of runs leave them), or from a
 * {@link ReportInput} already in memory. A run written once, resumed or merged reports the same, since the page is
 * made from what the directory holds.
 *
 * <pre>{@code
 * Path page = RunReport.write(Path.of("runs/my-seeker"));   // runs/my-seeker/report.html
 * }</pre>
 */
public final class RunReport {
  /** The report's file name in a run directory. */
  public static final String FILE = "report.html";
  /** The results file a run directory holds. */
  public static final String RESULTS = "results.json";
  /** The transcript a run directory holds. */
  public static final String TRANSCRIPT = "transcripts.jsonl";
  /** The format of a ClarQ-LLM run's results file ({@code format} in its envelope). */
  public static final String RESULTS_FORMAT = "clarq-run-results";
  /**
   * The version of {@link #RESULTS_FORMAT} written now ({@code format_version}): 2 since the results envelope
   * ({@code io.clarq.eval.results.ResultsEnvelope}), which made {@code finished} the time the run ended (the count
   * of finished dialogues is {@code dialogues_finished}). This reader also reads version 1 ({@code format}
   * {@code "clarq-run-results/1"}), whose fields it reads are unchanged.
   */
  public static final int RESULTS_FORMAT_VERSION = 2;
  private static final String RESULTS_FORMAT_1 = "clarq-run-results/1";

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunReport() {}

  /**
   * Writes {@code report.html} into a finished run directory, whole or not at all.
   *
   * @return the page's path
   * @throws IllegalArgumentException naming the file and item when the directory does not hold a finished run
   */
  public static Path write(Path runDir) {
    Path page = runDir.resolve(FILE);
    write(read(runDir), page);
    return page;
  }

  /** Writes the report of {@code input} to {@code file}, whole or not at all. */
  public static void write(ReportInput input, Path file) {
    String html = HtmlReport.render(input);
    AtomicFiles.write(file, out -> out.write(html));
  }

  /**
   * Reads what a report shows from a finished run directory.
   *
   * @throws IllegalArgumentException naming the file and item when something is missing or malformed
   */
  public static ReportInput read(Path runDir) {
    Path results = runDir.resolve(RESULTS);
    Path transcript = runDir.resolve(TRANSCRIPT);
    for (Path p : List.of(results, transcript)) {
      if (!Files.isRegularFile(p)) {
        throw new IllegalArgumentException(runDir + " is not a finished clarq run: " + p.getFileName() + " is missing");
      }
    }
    JsonNode root;
    try {
      root = JSON.readTree(results.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(io.clarq.core.files.TextFiles.problem(results, e), e);
    }
    if (!isResults(root)) {
      throw new IllegalArgumentException(results + ": not a clarq run results file (expected format \""
          + RESULTS_FORMAT + "\" version 1 to " + RESULTS_FORMAT_VERSION + ")");
    }
    Map<String, Dialogue> dialogues = dialogues(TranscriptReader.read(transcript));
    List<ReportedDialogue> reported = new ArrayList<>();
    root.path("languages").fields().forEachRemaining(e -> {
      Language language = Language.parse(e.getKey());
      int i = 0;
      for (JsonNode d : e.getValue().path("dialogue_scores")) {
        String where = results + ", " + e.getKey() + " dialogue_scores[" + i++ + "]";
        DialogueScore score = ScoreJson.read(d, where);
        Dialogue dialogue = dialogues.get(key(language, score.taskId()));
        if (dialogue == null) {
          throw new IllegalArgumentException(where + ": task " + score.taskId() + " (" + language.code()
              + ") has no finished dialogue in " + transcript);
        }
        reported.add(new ReportedDialogue(language, score, dialogue));
      }
    });
    Map<String, String> settings = new LinkedHashMap<>();
    root.path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
    Map<Integer, String> types = new HashMap<>();
    root.path("task_types").fields().forEachRemaining(e -> types.put(Integer.parseInt(e.getKey()),
        e.getValue().asText()));
    List<String> notes = new ArrayList<>();
    root.path("notes").forEach(n -> notes.add(n.asText()));
    JsonNode b = root.path("bootstrap");
    Bootstrap bootstrap = b.isObject() ? new Bootstrap(b.path("bootstrap_resamples").asInt(),
        b.path("bootstrap_seed").asLong())
        : Bootstrap.DEFAULT;
    Path name = runDir.toAbsolutePath().normalize().getFileName();
    return new ReportInput(name == null ? runDir.toString() : name.toString(), root.path("judge").asText("none"),
        settings, notes, types, reported, problems(root.path("failed_dialogues")),
        problems(root.path("unscored_dialogues")), bootstrap, TrialTable.read(root, types, results.toString()),
        SpendingTable.read(root));
  }

  /** Whether {@code root} is a ClarQ-LLM results file this reader understands (version 1 to the current one). */
  public static boolean isResults(JsonNode root) {
    if (root == null) {
      return false;
    }
    String format = root.path("format").asText();
    int version = root.path("format_version").asInt(0);
    return format.equals(RESULTS_FORMAT_1)
        || format.equals(RESULTS_FORMAT) && version >= 1 && version <= RESULTS_FORMAT_VERSION;
  }

  private static Map<String, Dialogue> dialogues(TranscriptFile file) {
    Map<String, Dialogue> out = new HashMap<>();
    for (DialogueRecord r : file.records()) {
      if (r.finished() && r.trial() == 1) {   // the scores in results.json are trial 1's
        out.put(key(r.language(), r.taskId()), r.dialogue());
      }
    }
    return out;
  }

  private static List<Problem> problems(JsonNode list) {
    List<Problem> out = new ArrayList<>();
    list.forEach(p -> out.add(new Problem(Language.parse(p.path("language").asText()),
        TaskId.parse(p.path("task").asText()), p.path("error").asText())));
    return out;
  }

  private static String key(Language language, TaskId task) {
    return language.code() + ":" + task;
  }
}
