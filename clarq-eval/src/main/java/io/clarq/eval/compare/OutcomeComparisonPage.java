package io.clarq.eval.compare;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.withInterval;

import io.clarq.eval.report.ForestPlot;
import io.clarq.eval.report.HtmlPage;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * An {@link OutcomeComparison} as one self-contained HTML page, from the page kit ({@link HtmlPage}). First, when they
 * apply: {@code p#compared-trial} (which trial is compared), {@code ul#not-scored} (each run's lines not scored) and
 * {@code section#setup-differences}; then a forest plot of every pair's difference ({@code div.chart svg}), the table
 * of pairs ({@code table.pairs}: shared items, means, A - B with its interval, A higher, B higher, p, Holm p) and the
 * runs' agents and setups ({@code table.runs}), and the method ({@code p.method}).
 */
final class OutcomeComparisonPage {
  private static final String STYLE = "#setup-differences{border:2px solid #a01818;background:#fff4f4;"
      + "padding:.5em 1em;margin-bottom:1em}td{white-space:nowrap}";

  private OutcomeComparisonPage() {}

  static String render(OutcomeComparison report) {
    Document doc = HtmlPage.shell(report.benchmark() + " comparison");
    doc.head().appendElement("style").appendChild(new org.jsoup.nodes.DataNode(STYLE));
    Element body = doc.body();
    List<String> warnings = report.setupWarnings();
    if (!warnings.isEmpty()) {
      Element w = body.prependElement("section").id("setup-differences");
      w.appendElement("p").appendElement("strong").text("The runs' setups differ: a difference below is not the"
          + " agent's alone. Compared only because --allow-different-setup was given.");
      Element ul = w.appendElement("ul");
      warnings.forEach(x -> ul.appendElement("li").text(x));
    }
    List<String> notScored = OutcomeRun.notScoredNotes(report.runs());
    if (!notScored.isEmpty()) {
      Element ul = body.prependElement("ul").id("not-scored");
      notScored.forEach(n -> ul.appendElement("li").text("not scored: " + n));
    }
    OutcomeRun.trialNote(report.runs()).ifPresent(n -> body.prependElement("p").id("compared-trial")
        .appendElement("strong").text(n));
    String measure = report.runs().get(0).measure();
    List<ForestPlot.Row> rows = new ArrayList<>();
    report.pairs().forEach(p -> rows.add(new ForestPlot.Row(p.a().name() + " - " + p.b().name(), p.difference())));
    HtmlPage.chart(body, ForestPlot.svg("Difference in " + measure + ", A - B", measure + " difference A - B (95%"
        + " paired bootstrap interval)", "per pair", rows, "forest-pairs"));
    Element t = body.appendElement("table").addClass("pairs");
    Element h = t.appendElement("tr");
    List.of("A", "B", "shared items", measure + " A", measure + " B", "A - B [95%]", "A higher", "B higher", "p",
        "Holm p").forEach(c -> h.appendElement("th").text(c));
    for (OutcomePair p : report.pairs()) {
      Element r = t.appendElement("tr");
      List.of(p.a().name(), p.b().name(), String.valueOf(p.shared().size()), fixed(p.meanA()), fixed(p.meanB()),
          withInterval(p.difference()), String.valueOf(p.aBetter().size()), String.valueOf(p.bBetter().size()),
          ComparisonReport.p(p.p()), ComparisonReport.p(p.holmP())).forEach(v -> r.appendElement("td").text(v));
    }
    Element runs = body.appendElement("table").addClass("runs");
    Element rh = runs.appendElement("tr");
    List.of("run", "agent", "items", "trials", "setup").forEach(c -> rh.appendElement("th").text(c));
    for (OutcomeRun run : report.runs()) {
      Element r = runs.appendElement("tr");
      List<String> setup = new ArrayList<>();
      run.setup().forEach((k, v) -> setup.add(k + ": " + v));
      List.of(run.name(), run.agentText(), String.valueOf(run.compared().size()), String.valueOf(run.trials()),
          String.join("; ", setup)).forEach(v -> r.appendElement("td").text(v));
    }
    body.appendElement("p").addClass("method").addClass("muted").text(report.method());
    return HtmlPage.html(doc);
  }
}
