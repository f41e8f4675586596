package io.clarq.eval.compare;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.withInterval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.metrics.PairedFigures;
import io.clarq.core.metrics.stats.Bootstrap;
import io.clarq.eval.report.FiguresJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Every pair of the runs given, compared on their shared dialogues, as text, JSON or a self-contained HTML page.
 * JSON: {@code runs} (name, judge, dialogues), {@code bootstrap}, and {@code pairs}, each with {@code a}, {@code b},
 * {@code shared}, {@code judged_in_both}, {@code success_a}, {@code success_b}, {@code mcnemar_p}, {@code a_only} and
 * {@code b_only} (the dialogues only that run solved, "en:3.2"), {@code success_difference},
 * {@code aqd_difference}, {@code aql_difference} (A - B, {@code value} and paired-bootstrap {@code ci95}), and the
 * same per task type in {@code by_type}.
 *
 * @param runs the runs, in the order given
 * @param pairs every pair (i, j) with i before j
 * @param bootstrap how the intervals were drawn
 */
public record ComparisonReport(List<ComparedRun> runs, List<RunPair> pairs, Bootstrap bootstrap) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public ComparisonReport {
    runs = List.copyOf(runs);
    pairs = List.copyOf(pairs);
    Objects.requireNonNull(bootstrap, "bootstrap");
  }

  /**
   * Compares every pair of the runs.
   *
   * @throws IllegalArgumentException when fewer than two runs are given or a pair shares no dialogue
   */
  public static ComparisonReport of(List<ComparedRun> runs, Bootstrap bootstrap) {
    if (runs.size() < 2) {
      throw new IllegalArgumentException("a comparison needs at least two runs, got " + runs.size());
    }
    List<RunPair> pairs = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      for (int j = i + 1; j < runs.size(); j++) {
        pairs.add(RunPair.of(runs.get(i), runs.get(j), bootstrap));
      }
    }
    return new ComparisonReport(runs, pairs, bootstrap);
  }

  /** The report as one JSON object. */
  public ObjectNode json() {
    ObjectNode o = JSON.createObjectNode();
    ArrayNode rs = o.putArray("runs");
    runs.forEach(r -> rs.addObject().put("name", r.name()).put("judge", r.judge()).put("dialogues", r.scores().size()));
    FiguresJson.method(bootstrap, o.putObject("bootstrap")).put("success_test", "McNemar exact, two-sided, over the"
        + " dialogues judged in both runs");
    ArrayNode ps = o.putArray("pairs");
    for (RunPair p : pairs) {
      ObjectNode n = ps.addObject().put("a", p.a().name()).put("b", p.b().name());
      figures(p.overall(), n);
      ArrayNode aOnly = n.putArray("a_only");
      p.aOnly().forEach(aOnly::add);
      ArrayNode bOnly = n.putArray("b_only");
      p.bOnly().forEach(bOnly::add);
      ObjectNode byType = n.putObject("by_type");
      p.byType().forEach((t, f) -> {
        ObjectNode tn = byType.putObject(String.valueOf(t)).put("name", p.a().typeNames().getOrDefault(t, ""));
        figures(f, tn);
        tn.put("a_only", f.aOnly().size()).put("b_only", f.bOnly().size());
      });
    }
    return o;
  }

  private static void figures(PairedFigures f, ObjectNode n) {
    n.put("shared", f.shared()).put("judged_in_both", f.judgedInBoth());
    FiguresJson.number(n, "success_a", f.successA());
    FiguresJson.number(n, "success_b", f.successB());
    n.put("mcnemar_p", f.mcnemarP());
    FiguresJson.estimate(f.success(), n.putObject("success_difference"));
    FiguresJson.estimate(f.aqd(), n.putObject("aqd_difference"));
    FiguresJson.estimate(f.aql(), n.putObject("aql_difference"));
  }

  /** {@link #json()} as indented text. */
  public String jsonText() {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the comparison as JSON", e);
    }
  }

  /** The report as text for a terminal. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    for (RunPair p : pairs) {
      PairedFigures f = p.overall();
      sb.append(String.format(Locale.ROOT, "A: %s (judge: %s)%nB: %s (judge: %s)%n", p.a().name(), p.a().judge(),
          p.b().name(), p.b().judge()));
      sb.append(String.format(Locale.ROOT, "  shared dialogues %d, judged in both %d%n", f.shared(), f.judgedInBoth()));
      sb.append(String.format(Locale.ROOT, "  success   A %s  B %s  A-B %s  McNemar exact p = %s (only A solved %d,"
          + " only B solved %d)%n", fixed(f.successA()), fixed(f.successB()), withInterval(f.success()),
          p(f.mcnemarP()), f.aOnly().size(), f.bOnly().size()));
      sb.append(String.format(Locale.ROOT, "  AQD A-B %s%n  AQL A-B %s%n", withInterval(f.aqd()),
          withInterval(f.aql())));
      sb.append(String.format(Locale.ROOT, "  %4s  %-26s %6s %8s %8s %28s %6s %6s %10s%n", "type", "name", "shared",
          "A", "B", "A-B success [95%]", "A only", "B only", "McNemar p"));
      p.byType().forEach((t, tf) -> sb.append(String.format(Locale.ROOT,
          "  %4d  %-26s %6d %8s %8s %28s %6d %6d %10s%n", t, p.a().typeNames().getOrDefault(t, ""), tf.shared(),
          fixed(tf.successA()), fixed(tf.successB()), withInterval(tf.success()), tf.aOnly().size(),
          tf.bOnly().size(), p(tf.mcnemarP()))));
      sb.append(String.format(Locale.ROOT, "  intervals: 95%% paired percentile bootstrap, %d resamples, seed %d%n%n",
          bootstrap.resamples(), bootstrap.seed()));
    }
    return sb.toString();
  }

  /** The report as one self-contained HTML page (all text escaped). */
  public String html() {
    Document doc = Document.createShell("");
    doc.outputSettings().prettyPrint(false);
    doc.head().appendElement("meta").attr("charset", "utf-8");
    doc.head().appendElement("meta").attr("http-equiv", "Content-Security-Policy").attr("content",
        "default-src 'none'; style-src 'unsafe-inline'");
    doc.head().appendElement("title").text("clarq comparison");
    doc.head().appendElement("style").appendChild(new DataNode("body{font-family:system-ui,sans-serif;margin:2em auto;"
        + "max-width:1100px}table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;"
        + "padding:3px 8px;text-align:right}th{background:#f3f3f3}.text{text-align:left}"));
    Element body = doc.body();
    body.appendElement("h1").text("ClarQ-LLM comparison");
    body.appendElement("p").text(String.format(Locale.ROOT, "Success: McNemar's exact two-sided test over the dialogues"
        + " judged in both runs. Differences are A - B with 95%% paired percentile-bootstrap intervals (%d resamples,"
        + " seed %d).", bootstrap.resamples(), bootstrap.seed()));
    for (RunPair p : pairs) {
      Element s = body.appendElement("section").addClass("pair");
      s.appendElement("h2").text("A: " + p.a().name() + " vs B: " + p.b().name());
      s.appendElement("p").text("Judges: A " + p.a().judge() + ", B " + p.b().judge() + ".");
      Element t = s.appendElement("table").addClass("by-type");
      Element h = t.appendElement("tr");
      for (String c : List.of("type", "shared", "judged in both", "success A", "success B", "A-B success [95%]",
          "A only", "B only", "McNemar p", "A-B AQD [95%]", "A-B AQL [95%]")) {
        h.appendElement("th").text(c);
      }
      row(t, "all", p.overall());
      p.byType().forEach((type, f) -> row(t, type + " " + p.a().typeNames().getOrDefault(type, ""), f));
    }
    return "<!DOCTYPE html>\n" + doc.html() + "\n";
  }

  private static void row(Element t, String label, PairedFigures f) {
    Element r = t.appendElement("tr");
    r.appendElement("td").addClass("text").text(label);
    for (String v : List.of(String.valueOf(f.shared()), String.valueOf(f.judgedInBoth()), fixed(f.successA()),
        fixed(f.successB()), withInterval(f.success()), String.valueOf(f.aOnly().size()),
        String.valueOf(f.bOnly().size()), p(f.mcnemarP()), withInterval(f.aqd()), withInterval(f.aql()))) {
      r.appendElement("td").text(v);
    }
  }

  private static String p(double p) {
    return p >= 0.001 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.2e", p);
  }
}
