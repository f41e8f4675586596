package io.clarq.eval.toa;

import static io.clarq.eval.report.FigureText.fixed;

import io.clarq.core.llm.Deviation;
import io.clarq.core.toa.MeanInterval;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.RecoveryEstimate;
import io.clarq.core.toa.ResponseFlow;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.eval.report.Charts;
import io.clarq.eval.report.HtmlPage;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The {@code report.html} of a TOA run (docs/toa-flm.md), made with the same page kit as the ClarQ-LLM report
 * ({@link HtmlPage}, {@link Charts}): one self-contained page, every example text escaped. Sections:
 * <ul>
 *   <li>{@code headline}: the deviations from the reference protocol, F1 and EM on x^c, x^i and x^r, both recoveries
 *       with their 95% bootstrap intervals as {@code [a, b]} and as a dot plot, the per-example means apart, MFRR,
 *       improvability when checked, oracle failures, and the run's settings;
 *   <li>{@code response-flow}: the paper's Table 5, how the oracle's responses fell (masked fact or distractor, and
 *       whether the primary model's F1 rose, stayed or fell), as a table and a stacked chart, with the hallucination
 *       rate and the examples without a response;
 *   <li>{@code examples}: one row per example, filterable by oracle status, response kind, F1 change and text: the
 *       question asked, the oracle's answer, the gold answer, the primary model's answers before (x^i) and after (x^r)
 *       with F1 and EM, and its answer on x^c.
 * </ul>
 *
 * <pre>{@code
 * ToaSummary summary = ToaSummary.of(outcomes);
 * Path page = ToaReportPage.write(runDir, summary, outcomes, settings, deviations);   // runDir/report.html
 * }</pre>
 */
public final class ToaReportPage {
  /** The page's file name in a run directory. */
  public static final String FILE = "report.html";
  private static final Color ROSE = new Color(0x2ca02c);
  private static final Color SAME = new Color(0xbbbbbb);
  private static final Color FELL = new Color(0xd62728);

  private ToaReportPage() {}

  /**
   * Writes {@code dir/report.html} for a TOA run, whole or not at all.
   *
   * @param dir the run's output directory (its name is the page's title); created when missing
   * @param summary the run's figures, {@link ToaSummary#of} of {@code outcomes}
   * @param outcomes every example's outcome, in the order to show them
   * @param settings what the run was made with (asker, oracle, primary model, data, ...), shown as a table
   * @param deviations the run's departures from the reference protocol; empty when there were none
   * @return the page's path
   * @throws IllegalArgumentException when the summary does not count the outcomes given
   */
  public static Path write(Path dir, ToaSummary summary, List<ToaOutcome> outcomes, Map<String, String> settings,
      List<Deviation> deviations) {
    Path page = dir.resolve(FILE);
    Path name = dir.toAbsolutePath().normalize().getFileName();
    HtmlPage.write(page, document(name == null ? dir.toString() : name.toString(), summary, outcomes, settings,
        deviations));
    return page;
  }

  /** The page as HTML text; {@code title} names the run. */
  public static String render(String title, ToaSummary summary, List<ToaOutcome> outcomes,
      Map<String, String> settings, List<Deviation> deviations) {
    return HtmlPage.html(document(title, summary, outcomes, settings, deviations));
  }

  private static Document document(String title, ToaSummary summary, List<ToaOutcome> outcomes,
      Map<String, String> settings, List<Deviation> deviations) {
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(deviations, "deviations");
    if (summary.examples() != outcomes.size()) {
      throw new IllegalArgumentException("TOA report " + title + ": the summary counts " + summary.examples()
          + " examples but " + outcomes.size() + " outcomes were given; summarise the outcomes shown"
          + " (ToaSummary.of(outcomes))");
    }
    Document doc = HtmlPage.shell("TOA report: " + title);
    Element body = doc.body();
    headline(HtmlPage.section(body, "headline", "Recovery"), summary, settings, deviations);
    responseFlow(HtmlPage.section(body, "response-flow", "How the oracle's responses fell (the paper's Table 5)"),
        summary.responseFlow());
    examples(HtmlPage.section(body, "examples", "Asks and answers"), outcomes);
    return doc;
  }

  private static void headline(Element s, ToaSummary sum, Map<String, String> settings, List<Deviation> deviations) {
    HtmlPage.deviations(s, deviations);
    Element t = s.appendElement("table").addClass("recovery");
    Element h = t.appendElement("tr");
    for (String c : List.of("metric", "complete x^c", "incomplete x^i", "recovered x^r", "recovery", "95% interval",
        "undefined resamples")) {
      h.appendElement("th").addClass(c.equals("metric") ? "text" : "nowrap").text(c);
    }
    recoveryRow(t, "F1", sum.f1(), sum.f1Recovery());
    recoveryRow(t, "EM", sum.em(), sum.emRecovery());
    RecoveryEstimate f1 = sum.f1Recovery();
    s.appendElement("p").addClass("muted").text(String.format(Locale.ROOT, "%d examples. Recovery is the paper's"
        + " (recovered - incomplete) / (complete - incomplete) of the mean scores; its 95%% interval is a percentile"
        + " bootstrap over examples (%d resamples, seed %d; resamples where complete = incomplete are left out).",
        sum.examples(), f1.bootstrap().resamples(), f1.bootstrap().seed()));
    List<Charts.Dot> dots = new ArrayList<>();
    dot(dots, "F1 recovery", sum.f1Recovery());
    dot(dots, "EM recovery", sum.emRecovery());
    if (!dots.isEmpty()) {
      HtmlPage.chart(s, Charts.dotPlot("Recovery with its 95% bootstrap interval", "chart-recovery",
          "recovery (share of the gap between x^i and x^c closed)", dots, Charts.Bounds.NONE));
    }
    Element more = s.appendElement("table").addClass("more");
    row(more, "per-example F1 recovery", perExample(sum.perExampleF1Recovery(), sum.undefinedPerExampleF1()));
    row(more, "per-example EM recovery", perExample(sum.perExampleEmRecovery(), sum.undefinedPerExampleEm()));
    row(more, "masked-fact response rate (MFRR)", share(sum.maskedFactResponseRate())
        + " (the oracle returned the masked fact f*, of all examples)");
    sum.improvability().ifPresent(i -> row(more, "improvable", String.format(Locale.ROOT, "%s (%d of %d examples:"
        + " some candidate fact raised F1)", fixed(i.share()), i.improvable(), i.checked())));
    row(more, "oracle failures", String.format(Locale.ROOT, "%d unparsed, %d no match, %d per-candidate replies"
        + " unparsed (never read as \"no\")", sum.unparsed(), sum.noMatch(), sum.unparsedReplies()));
    s.appendElement("p").addClass("muted").text("The per-example means average each example's own recovery ratio"
        + " (95% normal interval), over the examples where it is defined: a different, unbounded statistic, not"
        + " comparable with the paper.");
    HtmlPage.settings(s, settings);
  }

  private static void recoveryRow(Element t, String metric, ToaSummary.Triple scores, RecoveryEstimate r) {
    Element row = t.appendElement("tr").addClass("row").attr("data-metric", metric.toLowerCase(Locale.ROOT));
    row.appendElement("td").addClass("text").text(metric);
    row.appendElement("td").text(fixed(scores.complete()));
    row.appendElement("td").text(fixed(scores.incomplete()));
    row.appendElement("td").text(fixed(scores.recovered()));
    row.appendElement("td").text(r.value().isPresent() ? fixed(r.value().getAsDouble())
        : "undefined (complete = incomplete)");
    row.appendElement("td").addClass("nowrap").text(r.ci95Low().isPresent() ? String.format(Locale.ROOT,
        "[%.4f, %.4f]", r.ci95Low().getAsDouble(), r.ci95High().getAsDouble()) : "-");
    row.appendElement("td").text(String.valueOf(r.undefinedResamples()));
  }

  private static void dot(List<Charts.Dot> dots, String label, RecoveryEstimate r) {
    if (r.value().isEmpty()) {
      return;
    }
    double v = r.value().getAsDouble();
    dots.add(r.ci95Low().isPresent()
        ? new Charts.Dot(label, v, Math.min(v, r.ci95Low().getAsDouble()), Math.max(v, r.ci95High().getAsDouble()))
        : Charts.Dot.of(label, v));
  }

  private static String perExample(MeanInterval m, int undefined) {
    if (m.mean().isEmpty()) {
      return "undefined (" + undefined + " examples where complete = incomplete)";
    }
    double mean = m.mean().getAsDouble();
    String interval = m.halfWidth().isPresent() ? String.format(Locale.ROOT, " [%.4f, %.4f]",
        mean - m.halfWidth().getAsDouble(), mean + m.halfWidth().getAsDouble()) : "";
    return String.format(Locale.ROOT, "%.4f%s over %d examples (%d undefined)", mean, interval, m.n(), undefined);
  }

  private static void row(Element t, String key, String value) {
    Element r = t.appendElement("tr");
    r.appendElement("th").addClass("text").text(key);
    r.appendElement("td").addClass("text").text(value);
  }

  private static void responseFlow(Element s, ResponseFlow f) {
    s.appendElement("p").addClass("muted").text("Of the examples where the oracle returned a sentence, the share"
        + " that was the masked fact f* (\"masked\") or any other sentence (\"distractor\"), each split by how the"
        + " primary model's F1 moved from x^i to x^r: rose (+), stayed (=) or fell (-). Shares are of all "
        + f.responses() + " responses; " + f.noResponse() + " example(s) where the oracle returned nothing are left"
        + " out (x^r is then x^i).");
    Element t = s.appendElement("table").addClass("flow");
    Element h = t.appendElement("tr");
    for (String c : List.of("response", "count", "share", "+ rose", "= stayed", "- fell")) {
      h.appendElement("th").addClass(c.equals("response") ? "text" : "nowrap").text(c);
    }
    flowRow(t, "masked", f, f.masked());
    flowRow(t, "distractor", f, f.distractor());
    Element more = s.appendElement("table").addClass("flow-more");
    row(more, "distractor hallucination rate", share(f.hallucinationRate())
        + " (distractor responses that lowered F1, of all distractor responses)");
    row(more, "distractors that were another supporting fact", String.valueOf(f.distractorSupporting()));
    row(more, "examples without a response", String.valueOf(f.noResponse()));
    if (f.responses() > 0) {
      double n = f.responses();
      double[][] shares = {
          {f.masked().rose() / n, f.distractor().rose() / n},
          {f.masked().same() / n, f.distractor().same() / n},
          {f.masked().fell() / n, f.distractor().fell() / n}};
      HtmlPage.chart(s, Charts.stackedShares("Response flow: share of responses by how F1 moved", "chart-flow",
          "share of the oracle's " + f.responses() + " responses", List.of("masked (f*)", "distractor"),
          List.of("F1 rose", "F1 stayed", "F1 fell"), shares, ROSE, SAME, FELL));
    }
  }

  private static void flowRow(Element t, String kind, ResponseFlow f, ResponseFlow.Change c) {
    Element r = t.appendElement("tr").addClass("row").attr("data-response", kind);
    r.appendElement("td").addClass("text").text(kind);
    r.appendElement("td").text(String.valueOf(c.total()));
    r.appendElement("td").text(share(f.share(c.total())));
    r.appendElement("td").text(countAndShare(c.rose(), f));
    r.appendElement("td").text(countAndShare(c.same(), f));
    r.appendElement("td").text(countAndShare(c.fell(), f));
  }

  private static String countAndShare(int count, ResponseFlow f) {
    return count + " (" + share(f.share(count)) + ")";
  }

  private static void examples(Element s, List<ToaOutcome> outcomes) {
    s.appendElement("p").addClass("muted").text("One row per example: the asker's question, the oracle's answer"
        + " (the candidate sentence it returned, or why none), and the primary model's answers on the incomplete"
        + " example (before) and with the oracle's answer appended (after), scored against the gold answer. Choose"
        + " below to show only some; the page's address keeps the choice (e.g. #change=fell).");
    Map<String, String> statuses = new LinkedHashMap<>();
    for (OracleAnswer.Status st : OracleAnswer.Status.values()) {
      option(statuses, lower(st), lower(st).replace('_', ' '), outcomes, o -> o.oracleAnswer().status() == st);
    }
    Map<String, String> kinds = new LinkedHashMap<>();
    for (String k : List.of("masked", "distractor", "none")) {
      option(kinds, k, k, outcomes, o -> kind(o).equals(k));
    }
    Map<String, String> changes = new LinkedHashMap<>();
    for (String c : List.of("rose", "same", "fell")) {
      option(changes, c, "F1 " + c, outcomes, o -> change(o).equals(c));
    }
    HtmlPage.filter(s, "tr.example", List.of(new HtmlPage.Choice("status", "oracle", statuses),
        new HtmlPage.Choice("response", "response", kinds), new HtmlPage.Choice("change", "F1 change", changes)));
    Element t = s.appendElement("table").addClass("examples").addClass("wide");
    Element h = t.appendElement("tr");
    for (String c : List.of("example", "question asked", "oracle's answer", "gold answer", "before (x^i)",
        "after (x^r)", "F1 before → after", "EM before → after", "complete (x^c)")) {
      h.appendElement("th").addClass("text").text(c);
    }
    for (ToaOutcome o : outcomes) {
      String change = change(o);
      Element r = t.appendElement("tr").addClass("example").id("x-" + o.exampleId())
          .attr("data-status", lower(o.oracleAnswer().status())).attr("data-response", kind(o))
          .attr("data-change", change);
      r.appendElement("td").addClass("text").addClass("id").text(o.exampleId());
      r.appendElement("td").addClass("text").text(o.question().isBlank() ? "(no question)" : o.question());
      Element answer = r.appendElement("td").addClass("text");
      OracleAnswer a = o.oracleAnswer();
      if (a.response().isPresent()) {
        answer.appendText(a.response().get().rendered());
        answer.appendElement("span").addClass("muted").text(o.maskedFactReturned() ? " (the masked fact f*)"
            : " (" + lower(a.response().get().role()) + ")");
      } else {
        answer.appendElement("span").addClass("note").text(lower(a.status()).replace('_', ' ') + ": ");
        answer.appendText(a.raw());
      }
      r.appendElement("td").addClass("text").text(o.goldAnswer());
      r.appendElement("td").addClass("text").text(o.incompleteAnswer());
      r.appendElement("td").addClass("text").text(o.recoveredAnswer());
      r.appendElement("td").addClass("nowrap").addClass(change.equals("rose") ? "up" : change.equals("fell") ? "down"
          : "flat").text(String.format(Locale.ROOT, "%.2f → %.2f", o.f1Incomplete(), o.f1Recovered()));
      r.appendElement("td").addClass("nowrap").text(String.format(Locale.ROOT, "%.0f → %.0f", o.emIncomplete(),
          o.emRecovered()));
      r.appendElement("td").addClass("text").text(String.format(Locale.ROOT, "%s (F1 %.2f)", o.completeAnswer(),
          o.f1Complete()));
    }
  }

  private static void option(Map<String, String> options, String value, String label, List<ToaOutcome> outcomes,
      Predicate<ToaOutcome> which) {
    long n = outcomes.stream().filter(which).count();
    if (n > 0) {
      options.put(value, label + " (" + n + ")");
    }
  }

  /** masked, distractor or none: what kind of sentence the oracle returned. */
  private static String kind(ToaOutcome o) {
    return o.oracleAnswer().response().isEmpty() ? "none" : o.maskedFactReturned() ? "masked" : "distractor";
  }

  /** rose, same or fell: how F1 moved from x^i to x^r, as {@link ResponseFlow} counts it. */
  private static String change(ToaOutcome o) {
    double d = Math.signum(o.f1Recovered() - o.f1Incomplete());
    return d > 0 ? "rose" : d < 0 ? "fell" : "same";
  }

  private static String share(OptionalDouble v) {
    return v.isPresent() ? fixed(v.getAsDouble()) : "undefined";
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
