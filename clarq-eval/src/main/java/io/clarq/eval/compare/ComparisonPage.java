package io.clarq.eval.compare;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.withInterval;

import io.clarq.core.clarqllm.metrics.PairedFigures;
import io.clarq.eval.report.ForestPlot;
import io.clarq.eval.report.HtmlPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A {@link ComparisonReport} as one self-contained HTML page, built from the page kit ({@link HtmlPage}): no external
 * script, style, font or image, all text escaped. When a run played trials, {@code p#compared-trial} comes first and
 * says which trial is compared; when a run has lines not scored, {@code ul#not-scored} names them next; when setups differ, {@code section#setup-differences} comes next, above the heading,
 * and names each difference. Then per pair ({@code section.pair}), headed by the runs' names and seeker models, with
 * each run's models by role ({@code ul.models}: seeker, provider, judge, as far as its setup records them), and per
 * language ({@code section.language.en}): the success headline, the minimum detectable
 * difference, a forest plot of the success difference per task type ({@code div.chart svg}) and the table
 * ({@code table.by-type.en}) with raw and Holm-adjusted McNemar p-values, then the AQD and AQL differences
 * ({@code table.means.en}).
 */
final class ComparisonPage {
  // what this page adds to the page kit's style: a wider page of narrower figures, and the setup warning
  private static final String STYLE = "body{max-width:1240px}table{font-size:85%}td{white-space:nowrap}"
      + "th{vertical-align:bottom}.table-wrap{overflow-x:auto}"
      + "#setup-differences{border:2px solid #a01818;background:#fff4f4;padding:.5em 1em;margin-bottom:1em}"
      + ".exceeds{color:#1f6f1f}.within{color:#8a4b00}";

  private ComparisonPage() {}

  static String render(ComparisonReport report) {
    Document doc = HtmlPage.shell("ClarQ-LLM comparison");
    doc.head().appendElement("style").appendChild(new DataNode(STYLE));
    Element body = doc.body();
    List<String> warnings = report.setupWarnings();
    if (!warnings.isEmpty()) {
      Element w = body.prependElement("section").id("setup-differences");   // above the heading: read first
      w.appendElement("p").appendElement("strong").text("The runs' setups differ: a difference below is not the"
          + " seeker's alone. Compared only because --allow-different-setup was given.");
      Element ul = w.appendElement("ul");
      warnings.forEach(x -> ul.appendElement("li").text(x));
    }
    List<String> notScored = ComparedRun.notScoredNotes(report.runs());
    if (!notScored.isEmpty()) {
      Element ul = body.prependElement("ul").id("not-scored");
      notScored.forEach(n -> ul.appendElement("li").text("not scored: " + n));
    }
    // which trial is compared, above everything else (the setup warning included): read first
    ComparedRun.trialNote(report.runs()).ifPresent(n -> body.prependElement("p").id("compared-trial")
        .appendElement("strong").text(n));
    body.appendElement("p").addClass("muted").text(String.format(Locale.ROOT, "Each language on its own: English"
        + " and Chinese are never pooled. Success: McNemar's exact two-sided test over the dialogues judged in both"
        + " runs; per task type also Holm's adjustment over the language's types. Differences are A - B with 95%%"
        + " paired percentile-bootstrap intervals (%d resamples, seed %d). Minimum detectable difference: alpha 0.05,"
        + " power 0.8, %s.", report.bootstrap().resamples(), report.bootstrap().seed(),
        ComparisonReport.DETECTABLE_SOURCE));
    int chart = 0;
    for (RunPair p : report.pairs()) {
      Element s = body.appendElement("section").addClass("pair");
      s.appendElement("h2").text("A: " + named(p.a()) + " vs B: " + named(p.b()));
      Element models = s.appendElement("ul").addClass("models");
      models.appendElement("li").addClass("a").text("A " + p.a().name() + ": " + p.a().setup().modelsText());
      models.appendElement("li").addClass("b").text("B " + p.b().name() + ": " + p.b().setup().modelsText());
      for (LanguagePair lp : p.languages().values()) {
        language(s, p, lp, "forest-" + chart++);
      }
    }
    return HtmlPage.html(doc);
  }

  /** A run by its folder (or file) name and its seeker model where recorded: "run-a (seeker openai:gpt-4o)". */
  static String named(ComparedRun run) {
    return run.name() + run.setup().seekerLabel().map(m -> " (seeker " + m + ")").orElse("");
  }

  private static void language(Element parent, RunPair p, LanguagePair lp, String chartId) {
    Element s = parent.appendElement("section").addClass("language").addClass(lp.language().code());
    s.appendElement("h3").text(lp.language().directoryName());
    PairedFigures f = lp.overall();
    Element headline = s.appendElement("p").addClass("headline");
    if (lp.anyUnjudged()) {
      headline.appendElement("strong").text(String.format(Locale.ROOT, "Success over all %d shared dialogues"
          + " (unjudged counted as failures, as successes): A %s, B %s.", f.shared(),
          ComparisonReport.rangeText(lp.rangeA()), ComparisonReport.rangeText(lp.rangeB())));
      headline.appendText(String.format(Locale.ROOT, " Judged in both runs only (%d): A %s, B %s, A - B %s.",
          f.judgedInBoth(), fixed(f.successA()), fixed(f.successB()), withInterval(f.success())));
    } else {
      headline.appendElement("strong").text(String.format(Locale.ROOT, "Success over %d shared dialogues: A %s, B %s,"
          + " A - B %s.", f.shared(), fixed(f.successA()), fixed(f.successB()), withInterval(f.success())));
    }
    headline.appendText(String.format(Locale.ROOT, " McNemar exact p = %s (only A solved %d, only B solved %d).",
        ComparisonReport.p(f.mcnemarP()), f.aOnly().size(), f.bOnly().size()));
    s.appendElement("p").addClass("detectable").addClass(lp.exceedsDetectable() ? "exceeds" : "within")
        .text(ComparisonReport.detectableText(lp) + ".");
    s.appendElement("p").text("AQD A - B " + withInterval(f.aqd()) + "; AQL A - B " + withInterval(f.aql()) + " ("
        + ComparisonReport.aqlUnit(lp) + ").");
    List<ForestPlot.Row> rows = new ArrayList<>();
    rows.add(new ForestPlot.Row("all", f.success()));
    lp.byType().forEach((t, tf) -> rows.add(new ForestPlot.Row("type " + t, tf.success())));
    s.appendElement("div").addClass("chart").appendChild(new DataNode(ForestPlot.svg("Success difference A - B per"
        + " task type, " + lp.language().directoryName(), "success difference A - B (95% paired bootstrap interval)",
        "per task type", rows, chartId)));
    Element t = table(s, "by-type", lp, List.of("type", "shared", "judged in both", "success A", "success B",
        "A-B success [95%]", "A only", "B only", "McNemar p", "Holm p"));
    row(t, "all", List.of(String.valueOf(f.shared()), String.valueOf(f.judgedInBoth()), fixed(f.successA()),
        fixed(f.successB()), withInterval(f.success()), String.valueOf(f.aOnly().size()),
        String.valueOf(f.bOnly().size()), ComparisonReport.p(f.mcnemarP()), "-"));
    lp.byType().forEach((type, tf) -> row(t, type + " " + p.a().typeNames().getOrDefault(type, ""),
        List.of(String.valueOf(tf.shared()), String.valueOf(tf.judgedInBoth()), fixed(tf.successA()),
            fixed(tf.successB()), withInterval(tf.success()), String.valueOf(tf.aOnly().size()),
            String.valueOf(tf.bOnly().size()), ComparisonReport.p(tf.mcnemarP()),
            ComparisonReport.p(lp.holm().get(type)))));
    Element m = table(s, "means", lp, List.of("type", "A-B AQD [95%]", "A-B AQL [95%] (" + ComparisonReport.aqlUnit(lp)
        + ")"));
    row(m, "all", List.of(withInterval(f.aqd()), withInterval(f.aql())));
    lp.byType().forEach((type, tf) -> row(m, type + " " + p.a().typeNames().getOrDefault(type, ""),
        List.of(withInterval(tf.aqd()), withInterval(tf.aql()))));
  }

  private static Element table(Element parent, String cls, LanguagePair lp, List<String> columns) {
    Element t = parent.appendElement("div").addClass("table-wrap").appendElement("table").addClass(cls)
        .addClass(lp.language().code());
    Element h = t.appendElement("tr");
    columns.forEach(c -> h.appendElement("th").text(c));
    h.child(0).addClass("text");
    return t;
  }

  private static void row(Element t, String label, List<String> values) {
    Element r = t.appendElement("tr");
    r.appendElement("td").addClass("text").text(label);
    values.forEach(v -> r.appendElement("td").text(v));
  }
}
