package io.clarq.eval.mediq;

import static io.clarq.eval.report.FigureText.fixed;

import io.clarq.core.llm.Deviation;
import io.clarq.eval.report.Charts;
import io.clarq.eval.report.HtmlPage;
import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The {@code report.html} of a MediQ run (docs/mediq.md), made with the shared page kit ({@link HtmlPage},
 * {@link Charts}): one self-contained page, every case text escaped. Sections:
 * <ul>
 *   <li>{@code headline}: the deviations from the reference protocol, one row per data set and one over all (cases,
 *       accuracy with its 95% Wilson interval, timeout rate, average turns and questions, unparsed expert replies),
 *       the accuracies as a dot plot with their intervals, and the run's settings;
 *   <li>{@code by-turn}: the accuracy of the intermediate choices turn by turn, over the cases that reached each
 *       turn, per data set, as a line chart and a table;
 *   <li>{@code cases}: one row per case, filterable by data set and correctness: the letter chosen, the answer,
 *       the questions asked, whether it timed out.
 * </ul>
 */
public final class MediqReportPage {
  /** The page's file name in a run directory. */
  public static final String FILE = "report.html";
  private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0x9467bd)};

  private MediqReportPage() {}

  /**
   * Writes {@code dir/report.html}, whole or not at all.
   *
   * @param figures the figures by data set, then {@code "all"} over every case
   * @param records every case's record, in the order to show them
   * @return the page's path
   */
  public static Path write(Path dir, Map<String, MediqFigures> figures, List<MediqRecord> records,
      Map<String, String> settings, List<Deviation> deviations) {
    Path page = dir.resolve(FILE);
    Path name = dir.toAbsolutePath().normalize().getFileName();
    HtmlPage.write(page, document(name == null ? dir.toString() : name.toString(), figures, records, settings,
        deviations));
    return page;
  }

  /** The page as HTML text; {@code title} names the run. */
  public static String render(String title, Map<String, MediqFigures> figures, List<MediqRecord> records,
      Map<String, String> settings, List<Deviation> deviations) {
    return HtmlPage.html(document(title, figures, records, settings, deviations));
  }

  private static Document document(String title, Map<String, MediqFigures> figures, List<MediqRecord> records,
      Map<String, String> settings, List<Deviation> deviations) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(deviations, "deviations");
    int counted = figures.entrySet().stream().filter(e -> !e.getKey().equals("all"))
        .mapToInt(e -> e.getValue().cases()).sum();
    if (counted != records.size()) {
      throw new IllegalArgumentException("MediQ report " + title + ": the figures count " + counted + " cases but "
          + records.size() + " records were given");
    }
    Document doc = HtmlPage.shell("MediQ report: " + title);
    Element body = doc.body();
    headline(HtmlPage.section(body, "headline", "Accuracy"), figures, settings, deviations);
    byTurn(HtmlPage.section(body, "by-turn", "Accuracy of the intermediate choices by turn"), figures);
    cases(HtmlPage.section(body, "cases", "Cases"), figures, records);
    return doc;
  }

  private static void headline(Element s, Map<String, MediqFigures> figures, Map<String, String> settings,
      List<Deviation> deviations) {
    HtmlPage.deviations(s, deviations);
    Element t = s.appendElement("table").addClass("figures");
    Element h = t.appendElement("tr");
    for (String c : List.of("data set", "cases", "accuracy", "95% Wilson interval", "timeout rate", "avg. turns",
        "avg. questions", "unparsed expert replies")) {
      h.appendElement("th").addClass(c.equals("data set") ? "text" : "nowrap").text(c);
    }
    List<Charts.Dot> dots = new ArrayList<>();
    figures.forEach((name, f) -> {
      Element r = t.appendElement("tr").addClass("row").attr("data-dataset", name);
      r.appendElement("td").addClass("text").text(name);
      r.appendElement("td").text(String.valueOf(f.cases()));
      r.appendElement("td").text(fixed(f.accuracy().value()));
      r.appendElement("td").addClass("nowrap").text(String.format(Locale.ROOT, "[%.4f, %.4f]",
          f.accuracy().interval().lower(), f.accuracy().interval().upper()));
      r.appendElement("td").text(fixed(f.timeoutRate()));
      r.appendElement("td").text(String.format(Locale.ROOT, "%.2f", f.averageTurns()));
      r.appendElement("td").text(String.format(Locale.ROOT, "%.2f", f.averageQuestions()));
      r.appendElement("td").text(String.valueOf(f.unparsed()));
      if (f.cases() > 0) {
        dots.add(new Charts.Dot(name, f.accuracy().value(), f.accuracy().interval().lower(),
            f.accuracy().interval().upper()));
      }
    });
    s.appendElement("p").addClass("muted").text("Accuracy: the final letter equals the answer. Timeout: the case"
        + " reached the question cap, whatever its forced answer. Turns: intermediate choices per case (questions"
        + " + 1), as the reference counts them.");
    if (!dots.isEmpty()) {
      HtmlPage.chart(s, Charts.dotPlot("Accuracy with its 95% Wilson interval", "chart-accuracy", "accuracy", dots,
          Charts.Bounds.RATE));
    }
    HtmlPage.settings(s, settings);
  }

  private static void byTurn(Element s, Map<String, MediqFigures> figures) {
    s.appendElement("p").addClass("muted").text("The letter the expert would choose at each turn, scored against"
        + " the answer, over the cases that reached that turn (fewer cases at later turns).");
    XYSeriesCollection data = new XYSeriesCollection();
    int longest = 0;
    for (Map.Entry<String, MediqFigures> e : figures.entrySet()) {
      XYSeries series = new XYSeries(e.getKey());
      e.getValue().byTurn().forEach(t -> series.add(t.turn(), t.accuracy().value()));
      longest = Math.max(longest, e.getValue().byTurn().size());
      data.addSeries(series);
    }
    if (longest > 0) {
      XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
      for (int i = 0; i < data.getSeriesCount(); i++) {
        r.setSeriesPaint(i, COLOURS[i % COLOURS.length]);
        r.setSeriesStroke(i, new BasicStroke(2f));
      }
      NumberAxis turn = new NumberAxis("turn");
      turn.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
      turn.setRange(0.5, longest + 0.5);
      NumberAxis accuracy = new NumberAxis("accuracy of the intermediate choice");
      accuracy.setRange(0, 1);
      HtmlPage.chart(s, Charts.svg(new XYPlot(data, turn, accuracy, r), "Intermediate accuracy by turn",
          "chart-by-turn", true, Charts.HEIGHT));
    }
    Element t = s.appendElement("table").addClass("by-turn");
    Element h = t.appendElement("tr");
    h.appendElement("th").text("turn");
    figures.keySet().forEach(k -> h.appendElement("th").addClass("nowrap").text(k + " accuracy (cases)"));
    for (int turn = 1; turn <= longest; turn++) {
      Element r = t.appendElement("tr").addClass("turn").attr("data-turn", String.valueOf(turn));
      r.appendElement("td").text(String.valueOf(turn));
      for (MediqFigures f : figures.values()) {
        MediqFigures.TurnAccuracy a = turn <= f.byTurn().size() ? f.byTurn().get(turn - 1) : null;
        r.appendElement("td").addClass("nowrap").text(a == null ? "-" : fixed(a.accuracy().value()) + " ("
            + a.cases() + ")");
      }
    }
  }

  private static void cases(Element s, Map<String, MediqFigures> figures, List<MediqRecord> records) {
    Map<String, String> sets = new LinkedHashMap<>();
    figures.keySet().stream().filter(k -> !k.equals("all")).forEach(k -> sets.put(k, k));
    HtmlPage.filter(s, "tr.case", List.of(new HtmlPage.Choice("dataset", "data set", sets),
        new HtmlPage.Choice("correct", "correct", Map.of("yes", "yes", "no", "no"))));
    Element t = s.appendElement("table").addClass("cases");
    Element h = t.appendElement("tr");
    for (String c : List.of("data set", "case", "chosen", "answer", "turns", "timeout", "questions asked")) {
      h.appendElement("th").addClass("text").text(c);
    }
    for (MediqRecord rec : records) {
      MediqOutcome o = rec.outcome();
      Element r = t.appendElement("tr").addClass("case").attr("data-dataset", rec.dataset())
          .attr("data-correct", o.correct() ? "yes" : "no");
      r.appendElement("td").addClass("text").text(rec.dataset());
      r.appendElement("td").text(String.valueOf(o.caseId()));
      r.appendElement("td").text(o.letter().orElse("none"));
      r.appendElement("td").text(o.answerLetter());
      r.appendElement("td").text(String.valueOf(o.turnCount()));
      r.appendElement("td").text(o.timeout() ? "yes" : "no");
      Element qs = r.appendElement("td").addClass("text").appendElement("ol");
      o.questions().forEach(q -> qs.appendElement("li").text(q.orElse("(no question)")));
    }
  }
}
