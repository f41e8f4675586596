package io.clarq.eval.clarqllm.evaluate;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.interval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.report.FiguresJson;
import io.clarq.eval.report.ReportInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The result of scoring a recorded run, as a short table for a person or one JSON object for a program. JSON keys:
 * run, format, languages, dialogues, lines_not_scored (a torn line, failed dialogues: each named in the notes),
 * successes, success (over judged dialogues), success_lower_bound,
 * success_upper_bound, aqd, aql (the reference figure), aql_words, judge_calls, verdict_cache_hits (when a cache
 * was used), unjudged, unjudged_tasks, by_type (type number to name, dialogues, success, aqd, aql, unjudged), judge,
 * judge_mode ("synchronous", or "batch" when the judge's requests went through a batch API), statistics (intervals per type and per number of gold lines, see {@link FiguresJson}), notes. Undefined figures
 * (no dialogue) are null.
 *
 * @param run the run scored
 * @param summary its scores
 * @param verdictCacheHits judge questions answered from a verdict cache, when one was used
 * @param judge the name of the judge that decided leftover gold lines
 * @param judgeMode {@link BatchJudging#SYNCHRONOUS} or {@link BatchJudging#BATCH}
 */
public record EvaluationReport(RecordedRun run, ClarqSummary summary, OptionalInt verdictCacheHits, String judge,
    String judgeMode) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Bootstrap BOOTSTRAP = Bootstrap.DEFAULT;

  public EvaluationReport {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(verdictCacheHits, "verdictCacheHits");
    Objects.requireNonNull(judge, "judge");
    if (!judgeMode.equals(BatchJudging.SYNCHRONOUS) && !judgeMode.equals(BatchJudging.BATCH)) {
      throw new IllegalArgumentException("illegal judge mode '" + judgeMode + "': synchronous or batch");
    }
  }

  /** A report whose judge, if any, was asked synchronously. */
  public EvaluationReport(RecordedRun run, ClarqSummary summary, OptionalInt verdictCacheHits, String judge) {
    this(run, summary, verdictCacheHits, judge, BatchJudging.SYNCHRONOUS);
  }

  /** What the HTML report of this evaluation shows. */
  public ReportInput reportInput() {
    List<ReportInput.ReportedDialogue> dialogues = new ArrayList<>();
    for (int i = 0; i < run.dialogues().size(); i++) {
      PlayedDialogue d = run.dialogues().get(i);
      dialogues.add(new ReportInput.ReportedDialogue(d.task().language(), summary.scores().get(i), d.dialogue()));
    }
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("format", run.format() == RecordedRun.Format.PUBLISHED_RESULTS ? "published results"
        : "clarq transcript");
    settings.put("languages", String.join(",", run.languages().stream().sorted().map(Language::code).toList()));
    settings.put("judge_calls", String.valueOf(summary.judgeCalls()));
    verdictCacheHits.ifPresent(h -> settings.put("verdict_cache_hits", String.valueOf(h)));
    return new ReportInput(run.name(), judge, settings, run.notes(), typeNames(), dialogues, List.of(), List.of(),
        BOOTSTRAP);
  }

  /** The report as one JSON object. */
  public ObjectNode json() {
    ObjectNode o = JSON.createObjectNode();
    o.put("run", run.name());
    o.put("format", run.format().name().toLowerCase(Locale.ROOT));
    ArrayNode langs = o.putArray("languages");
    run.languages().stream().sorted().forEach(l -> langs.add(l.code()));
    o.put("dialogues", summary.dialogues());
    o.put("lines_not_scored", run.notScored());
    o.put("successes", summary.successes());
    putFigures(o, summary);
    o.put("success_lower_bound", orNull(summary.successLowerBound()));
    o.put("success_upper_bound", orNull(summary.successUpperBound()));
    o.put("aql_words", orNull(summary.aqlWords()));
    o.put("judge_calls", summary.judgeCalls());
    o.put("read_by_truthiness", summary.readByTruthiness());
    verdictCacheHits.ifPresent(h -> o.put("verdict_cache_hits", h));
    ArrayNode unjudged = o.putArray("unjudged_tasks");
    summary.unjudged().forEach(s -> unjudged.add(s.taskId().toString()));
    ObjectNode byType = o.putObject("by_type");
    Map<Integer, String> names = typeNames();
    summary.byType().forEach((type, s) -> {
      ObjectNode t = byType.putObject(String.valueOf(type));
      t.put("name", names.getOrDefault(type, ""));
      t.put("dialogues", s.dialogues());
      putFigures(t, s);
    });
    o.put("judge", judge);
    o.put("judge_mode", judgeMode);
    FiguresJson.statistics(summary.scores(), names, BOOTSTRAP, o.putObject("statistics"));
    ArrayNode notes = o.putArray("notes");
    run.notes().forEach(notes::add);
    return o;
  }

  /** {@link #json()} as indented text. */
  public String jsonText() {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the report of " + run.name() + " as JSON", e);
    }
  }

  private static void putFigures(ObjectNode o, ClarqSummary s) {
    o.put("success", orNull(s.success()));
    o.put("aqd", orNull(s.aqd()));
    o.put("aql", orNull(s.aql()));
    o.put("unjudged", s.unjudged().size());
  }

  private static Double orNull(double d) {
    return Double.isNaN(d) ? null : d;
  }

  /** The report as a short table: the figures, then success by task type. */
  public String table() {
    StringBuilder sb = new StringBuilder();
    String langs = String.join(", ", run.languages().stream().sorted().map(Language::code).toList());
    sb.append(String.format(Locale.ROOT, "%s (%s, %s): %d dialogues%s%s%n%n", run.name(),
        run.format() == RecordedRun.Format.PUBLISHED_RESULTS ? "published results" : "clarq transcript", langs,
        summary.dialogues(), run.notScored() == 0 ? "" : ", " + run.notScored() + " line(s) not scored",
        run.notes().isEmpty() ? "" : " (" + String.join("; ", run.notes()) + ")"));
    GroupFigures all = ClarqStatistics.of(summary.scores(), BOOTSTRAP);
    sb.append(String.format(Locale.ROOT, "  judge        %s%n", judge));
    if (all.unjudged() == 0) {
      sb.append(line("success", summary.success(), String.format(Locale.ROOT, "(%d of %d dialogues; 95%% interval"
          + " %s)", summary.successes(), summary.judged(), interval(all.success()))));
    } else {
      // the range over all dialogues leads; the judged-only rate (biased to what the verbatim check decides) follows
      sb.append(String.format(Locale.ROOT, "  %-12s [%.4f, %.4f]   over all %d dialogues, unjudged counted as failures,"
          + " as successes%n", "success", all.successRange().lower(), all.successRange().upper(), all.dialogues()));
      sb.append(line("judged only", summary.success(), String.format(Locale.ROOT, "(%d of %d judged dialogues; 95%%"
          + " interval %s)", summary.successes(), summary.judged(), interval(all.success()))));
    }
    sb.append(line("AQD", summary.aqd(), "(95% interval " + interval(all.aqd()) + ")"));
    sb.append(line("AQL", summary.aql(), "(95% interval " + interval(all.aql())
        + "; reference: spaces per seeker line in English, characters in Chinese)"));
    sb.append(line("turns", all.turns().value(), "(seeker lines per dialogue; 95% interval "
        + interval(all.turns()) + ")"));
    sb.append(line("AQL (words)", summary.aqlWords(), "(words per seeker line; not the paper's figure)"));
    List<String> about = new ArrayList<>();
    verdictCacheHits.ifPresent(h -> about.add(h + " answered from the verdict cache"));
    if (summary.readByTruthiness() > 0) {
      about.add(summary.readByTruthiness() + " read by truthiness: their match was not true or false and was read as"
          + " Python reads it; the raw values are kept as match_raw in the verdict file");
    }
    sb.append(count("judge calls", summary.judgeCalls(), about.isEmpty() ? "" : "(" + String.join("; ", about) + ")"));
    sb.append(count("unjudged", summary.unjudged().size(), summary.unjudged().isEmpty() ? ""
        : "tasks " + String.join(", ", summary.unjudged().stream().map(s -> s.taskId().toString()).toList())));
    sb.append(String.format(Locale.ROOT, "%n  %4s  %-28s %9s %8s %13s %8s %8s %6s%n", "type", "name", "dialogues",
        "success", "95% interval", "AQD", "AQL", "turns"));
    Map<Integer, String> names = typeNames();
    ClarqStatistics.byType(summary.scores(), BOOTSTRAP).forEach((type, f) -> sb.append(String.format(Locale.ROOT,
        "  %4d  %-28s %9d %8s %13s %8.4f %8.4f %6.2f%n", type, names.getOrDefault(type, ""), f.dialogues(),
        fixed(f.success().value()), interval(f.success()), f.aqd().value(), f.aql().value(), f.turns().value())));
    sb.append(String.format(Locale.ROOT, "%n  %10s %9s %8s %13s %6s   (the paper's Fig. 4 grouping)%n", "gold lines",
        "dialogues", "success", "95% interval", "turns"));
    ClarqStatistics.byGoldLines(summary.scores(), BOOTSTRAP).forEach((lines, f) -> sb.append(String.format(
        Locale.ROOT, "  %10d %9d %8s %13s %6.2f%n", lines, f.dialogues(), fixed(f.success().value()),
        interval(f.success()), f.turns().value())));
    run.notes().forEach(n -> sb.append(String.format(Locale.ROOT, "%nnote: %s", n)));
    if (!summary.unjudged().isEmpty()) {
      // the hint to give --verdicts only when none was given; with verdicts, the file lacked these questions
      sb.append(String.format(Locale.ROOT, "%nnote: %d dialogue%s could not be judged: %s; unjudged dialogues are left out of "
          + "success, never counted as failures%n", summary.unjudged().size(), summary.unjudged().size() == 1 ? ""
          : "s", verdictCacheHits.isPresent() ? "the verdicts or judge given did not answer them (no recorded verdict, or"
          + " an unreadable judge reply)" : "give --verdicts FILE to replay recorded verdicts"));
    }
    return sb.toString();
  }

  private static String line(String name, double value, String comment) {
    return String.format(Locale.ROOT, "  %-12s %9s   %s", name, fixed(value), comment).stripTrailing()
        + System.lineSeparator();
  }

  private static String count(String name, int value, String comment) {
    return String.format(Locale.ROOT, "  %-12s %9d   %s", name, value, comment).stripTrailing() + System.lineSeparator();
  }

  private Map<Integer, String> typeNames() {
    Map<Integer, String> names = new TreeMap<>();
    run.dialogues().forEach(d -> names.putIfAbsent(d.task().id().type(), d.task().typeName()));
    return names;
  }
}
