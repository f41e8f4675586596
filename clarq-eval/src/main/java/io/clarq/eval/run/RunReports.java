package io.clarq.eval.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.metrics.ClarqSummary;
import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.task.Language;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;

/** The results JSON and the Markdown summary of a run. */
final class RunReports {
  static final String RESULTS_FORMAT = "clarq-run-results/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private RunReports() {}

  static void write(RunResult r, Map<String, String> settings) {
    AtomicFiles.write(r.results(), json(r, settings) + "\n");
    AtomicFiles.write(r.summaryFile(), markdown(r));
  }

  static String json(RunResult r, Map<String, String> settings) {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", RESULTS_FORMAT);
    ObjectNode s = root.putObject("settings");
    settings.forEach(s::put);
    root.put("finished", r.finished().size());
    root.put("failed", r.failed().size());
    root.put("unscored", r.unscored().size());
    root.put("resumed", r.resumed());
    root.put("llm_calls", r.llmCalls());
    root.put("tokens", r.tokens());
    root.put("wall_seconds", r.wallTime().toMillis() / 1000.0);
    ObjectNode langs = root.putObject("languages");
    for (Map.Entry<Language, ClarqSummary> e : new java.util.TreeMap<>(r.summaries()).entrySet()) {
      ClarqSummary sum = e.getValue();
      ObjectNode l = langs.putObject(e.getKey().code());
      l.put("dialogues", sum.dialogues());
      l.put("successes", sum.successes());
      l.put("unjudged", sum.unjudged().size());
      number(l, "success", sum.success());
      number(l, "success_lower_bound", sum.successLowerBound());
      number(l, "success_upper_bound", sum.successUpperBound());
      number(l, "aqd", sum.aqd());
      number(l, "aql", sum.aql());
      number(l, "aql_words", sum.aqlWords());
      l.put("judge_calls", sum.judgeCalls());
      ArrayNode per = l.putArray("dialogue_scores");
      for (DialogueScore d : sum.scores()) {
        ObjectNode o = per.addObject();
        o.put("task", d.taskId().toString());
        o.put("success", d.success().outcome().name().toLowerCase(Locale.ROOT));
        o.put("decided_by", d.success().decidedBy().name().toLowerCase(Locale.ROOT));
        o.put("aqd", d.aqd());
        number(o, "aql", d.aql().reference());
      }
    }
    ArrayNode failed = root.putArray("failed_dialogues");
    for (DialogueRecord f : r.failed()) {
      failed.addObject().put("task", f.taskId().toString()).put("language", f.language().code())
          .put("error", f.error().orElse(""));
    }
    ArrayNode unscored = root.putArray("unscored_dialogues");
    for (RunResult.Unscored u : r.unscored()) {
      unscored.addObject().put("task", u.taskId().toString()).put("language", u.language().code())
          .put("error", u.error());
    }
    try {
      return JSON.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the results JSON", e);
    }
  }

  private static void number(ObjectNode o, String field, double value) {
    if (Double.isNaN(value)) {
      o.putNull(field);
    } else {
      o.put(field, value);
    }
  }

  static String markdown(RunResult r) {
    StringBuilder sb = new StringBuilder("# ClarQ-LLM run\n\n");
    sb.append("| language | dialogues | success | AQD | AQL | unjudged |\n|---|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<Language, ClarqSummary> e : new java.util.TreeMap<>(r.summaries()).entrySet()) {
      ClarqSummary s = e.getValue();
      sb.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %d |%n", e.getKey().directoryName(),
          s.dialogues(), fixed(s.success()), fixed(s.aqd()), fixed(s.aql()), s.unjudged().size()));
    }
    sb.append(String.format(Locale.ROOT, "%n%d finished (%d resumed from an earlier run), %d failed, %d unscored; "
        + "%,d model calls, %,d tokens; %s.%n", r.finished().size(), r.resumed(), r.failed().size(),
        r.unscored().size(), r.llmCalls(), r.tokens(), RunProgress.format(r.wallTime())));
    if (!r.failed().isEmpty()) {
      sb.append("\n## Failed dialogues (infrastructure errors, not scored; rerun the same command to retry)\n\n");
      for (DialogueRecord f : r.failed()) {
        sb.append("- ").append(f.language().code()).append(' ').append(f.taskId()).append(": ")
            .append(f.error().orElse("")).append('\n');
      }
    }
    if (!r.unscored().isEmpty()) {
      sb.append("\n## Unscored dialogues (the judge could not be asked)\n\n");
      for (RunResult.Unscored u : r.unscored()) {
        sb.append("- ").append(u.language().code()).append(' ').append(u.taskId()).append(": ").append(u.error())
            .append('\n');
      }
    }
    return sb.toString();
  }

  private static String fixed(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
  }
}
