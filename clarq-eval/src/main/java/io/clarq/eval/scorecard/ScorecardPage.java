package io.clarq.eval.scorecard;

import io.clarq.core.stats.Estimate;
import io.clarq.eval.report.HtmlPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;

/**
 * A {@link Scorecard} as one self-contained page of small multiples: {@code p.agent}, then {@code div.panels} with one
 * {@code section.panel} per entry ({@code data-entry}, {@code data-benchmark}): its {@code h2}, {@code p.figure} (a
 * {@code span.value} per headline figure with its interval, as text), a chart ({@code div.chart svg}: every panel on
 * the same 0 to 1 scale, a dot per figure and its interval as a bar) and {@code ul.facts} (items, trials, pass^k,
 * models, tokens, cost, deviations). Then {@code ul.others} when run folders beside the entries give no headline;
 * {@code section#deviations}: the deviations of each entry that has any ({@code h3}, {@code ul.deviations}) and
 * {@code p.no-deviations} naming those that have none; and {@code p.method}.
 */
public final class ScorecardPage {
  /** The page's file name in the suite folder. */
  public static final String FILE = "scorecard.html";
  private static final int WIDTH = 480;
  private static final int ROW = 34;
  private static final int LEFT = 56;
  private static final int RIGHT = 24;
  private static final String STYLE = "div.panels{display:grid;grid-template-columns:repeat(auto-fill,minmax("
      + "480px,1fr));gap:1em}section.panel{border:1px solid #ddd;border-radius:6px;padding:.4em 1em}"
      + "section.panel h2{font-size:110%;margin:.3em 0}p.figure{font-size:120%;margin:.3em 0}"
      + "p.figure span.value{display:block}"
      + "ul.facts{font-size:90%;padding-left:1.2em;margin:.3em 0}section.panel svg{max-width:100%;height:auto}";

  private ScorecardPage() {}

  /** The page as text. */
  public static String html(Scorecard card) {
    Document doc = HtmlPage.shell("Scorecard: " + card.name());
    doc.head().appendElement("style").appendChild(new DataNode(STYLE));
    Element body = doc.body();
    body.appendElement("p").addClass("agent").text("Agent: " + card.agent() + (card.agentSource().equals("runs")
        ? " (as the runs record it; the suite folder names none)" : ""));
    Element panels = body.appendElement("div").addClass("panels");
    for (Scorecard.Entry e : card.entries()) {
      Element p = panels.appendElement("section").addClass("panel").attr("data-entry", e.id())
          .attr("data-benchmark", e.benchmark());
      p.appendElement("h2").text(e.id() + (e.id().equals(e.benchmark()) ? "" : " (" + e.benchmark() + ")"));
      Element figure = p.appendElement("p").addClass("figure");
      e.figures().forEach(f -> figure.appendElement("span").addClass("value").attr("data-label", f.label())
          .text((e.figures().size() > 1 ? f.label() + ": " : "") + e.measure() + " " + estimate(f.estimate())));
      p.appendElement("div").addClass("chart").appendChild(new DataNode(svg(e)));
      Element facts = p.appendElement("ul").addClass("facts");
      facts.appendElement("li").text(e.items() + " items; interval: " + e.interval());
      facts.appendElement("li").addClass("trials").text(e.trials() == 1 ? "1 trial" : e.trials() + " trials; "
          + passHat(e.passHat()));
      facts.appendElement("li").text("agent: " + e.agent());
      if (!e.models().isEmpty()) {
        List<String> m = new ArrayList<>();
        e.models().forEach((role, name) -> m.add(role + " " + name));
        facts.appendElement("li").text("models: " + String.join(", ", m));
      }
      facts.appendElement("li").addClass("usage").text("tokens: " + usage(e.usage()));
      facts.appendElement("li").addClass("cost").text("cost: " + (e.cost().isPresent()
          ? String.format(Locale.ROOT, "$%.4f", e.cost().getAsDouble()) : "unknown (no price table, or a model"
          + " without a price, or tokens not recorded)"));
      facts.appendElement("li").addClass(e.deviations().isEmpty() ? "no-deviations" : "deviations")
          .text(e.deviations().isEmpty() ? "no deviations from the reference protocol" : e.deviations().size()
          + " deviation(s) from the reference protocol (below)");
    }
    if (!card.others().isEmpty()) {
      Element ul = body.appendElement("ul").addClass("others");
      card.others().forEach(o -> ul.appendElement("li").addClass("muted").text(o.id() + ": " + o.why()));
    }
    Element dev = HtmlPage.section(body, "deviations", "Deviations");
    List<String> none = new ArrayList<>();
    for (Scorecard.Entry e : card.entries()) {
      if (e.deviations().isEmpty()) {
        none.add(e.id());
      } else {
        dev.appendElement("h3").text(e.id());
        HtmlPage.deviations(dev, e.deviations());
      }
    }
    if (!none.isEmpty()) {
      dev.appendElement("p").addClass("muted").addClass("no-deviations").text(none.size() == card.entries().size()
          ? "No entry's run departed from its reference protocol." : "No deviations: " + String.join(", ", none)
          + ".");
    }
    body.appendElement("p").addClass("method").addClass("muted").text("Each panel is one benchmark's headline figure"
        + " as its own run reports it, on a common 0 to 1 scale: the dot is the figure, the bar its 95% interval."
        + " Figures of different benchmarks measure different things: read each panel against its benchmark's"
        + " published runs, not against the other panels.");
    return HtmlPage.html(doc);
  }

  /** A figure as text: "0.5000 [0.2152, 0.7848]", "0.5000 (no interval)", or "undefined". */
  public static String estimate(Estimate e) {
    if (Double.isNaN(e.value())) {
      return "undefined";
    }
    return String.format(Locale.ROOT, "%.4f", e.value()) + (e.interval().defined() ? String.format(Locale.ROOT,
        " [%.4f, %.4f]", e.interval().lower(), e.interval().upper()) : " (no interval)");
  }

  private static String passHat(Map<String, List<Double>> hat) {
    if (hat.isEmpty()) {
      return "pass^k not recorded";
    }
    List<String> parts = new ArrayList<>();
    hat.forEach((label, v) -> {
      List<String> ks = new ArrayList<>();
      for (int k = 1; k <= v.size(); k++) {
        double x = v.get(k - 1);
        ks.add("pass^" + k + " " + (Double.isNaN(x) ? "undefined" : String.format(Locale.ROOT, "%.3f", x)));
      }
      parts.add((hat.size() > 1 || !label.equals("all") ? label + ": " : "") + String.join(", ", ks));
    });
    return String.join("; ", parts);
  }

  private static String usage(Map<String, Scorecard.RoleUsage> usage) {
    if (usage.isEmpty()) {
      return "none (no model played a role), or not recorded (a run written before clarq recorded usage by role)";
    }
    List<String> parts = new ArrayList<>();
    usage.forEach((role, u) -> parts.add(role + " " + u.inputTokens() + " in (" + (u.cachedInputTokens() < 0
        ? "cached not recorded" : u.cachedInputTokens() + " cached") + ") / " + u.outputTokens() + " out"));
    return String.join("; ", parts);
  }

  /** The panel's chart: a common 0..1 axis, one row per figure, the dot and its interval. */
  private static String svg(Scorecard.Entry e) {
    int n = e.figures().size();
    int height = 30 + ROW * n;
    double span = WIDTH - LEFT - RIGHT;
    StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\""
        + height + "\" viewBox=\"0 0 " + WIDTH + " " + height + "\" role=\"img\" aria-label=\""
        + Entities.escape(e.id() + " " + e.measure()) + "\" font-family=\"sans-serif\" font-size=\"12\">");
    for (int t = 0; t <= 4; t++) {
      double x = LEFT + span * t / 4;
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"4\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
          + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%.2f</text>", x, x, height - 22, x,
          height - 6, t / 4.0));
    }
    for (int i = 0; i < n; i++) {
      Scorecard.Figure f = e.figures().get(i);
      int y = 4 + ROW * i + ROW / 2;
      s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>", LEFT - 8, y + 4,
          Entities.escape(f.label())));
      Estimate est = f.estimate();
      if (Double.isNaN(est.value())) {
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#8a4b00\">undefined</text>", LEFT + 4,
            y + 4));
        continue;
      }
      if (est.interval().defined()) {
        double a = LEFT + span * clamp(est.interval().lower());
        double b = LEFT + span * clamp(est.interval().upper());
        s.append(String.format(Locale.ROOT, "<line class=\"interval\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\""
            + " stroke=\"#1f77b4\" stroke-width=\"2\"/><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\""
            + " stroke=\"#1f77b4\" stroke-width=\"2\"/><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\""
            + " stroke=\"#1f77b4\" stroke-width=\"2\"/>", a, y, b, y, a, y - 6, a, y + 6, b, y - 6, b, y + 6));
      }
      s.append(String.format(Locale.ROOT, "<circle class=\"figure\" cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"#1f77b4\">"
          + "<title>%s</title></circle>", LEFT + span * clamp(est.value()), y,
          Entities.escape(f.label() + ": " + estimate(est))));
    }
    return s.append("</svg>").toString();
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1, v));
  }
}
