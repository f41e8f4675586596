package io.clarq.eval.report;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.interval;
import static io.clarq.eval.report.FigureText.range;
import static io.clarq.eval.report.FigureText.withInterval;

import io.clarq.core.metrics.ClarqStatistics;
import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.metrics.GroupFigures;
import io.clarq.core.task.Language;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Renders a {@link ReportInput} as one self-contained HTML page: no external script, style, font or image, and a
 * content security policy that forbids fetching any. Every piece of task and model text goes through jsoup's text
 * nodes, so it is escaped (a seeker line {@code <script>} shows as text). Sections: {@code headline},
 * {@code by-type}, {@code by-gold-lines}, {@code charts}, {@code problems}, {@code dialogues}.
 */
public final class HtmlReport {
  private static final String STYLE = String.join("\n",
      "body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;line-height:1.4}",
      "table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:3px 8px;"
          + "text-align:right}th{background:#f3f3f3}td.text,th.text{text-align:left}",
      ".note{color:#8a4b00}.muted{color:#777}.chart{margin:1em 0}",
      "details.dialogue{border:1px solid #ddd;border-radius:4px;margin:.4em 0;padding:.3em .6em}",
      "details.dialogue summary{cursor:pointer}.chat{list-style:none;padding:0}",
      ".chat li{margin:.25em 0;padding:.3em .6em;border-radius:6px;max-width:85%;white-space:pre-wrap}",
      ".chat li.provider{background:#eef3fb}.chat li.seeker{background:#f1f8ee;margin-left:15%}",
      ".who{font-weight:bold;margin-right:.5em}.gives{display:block;font-size:85%;color:#1f5f1f}",
      ".outcome-success{color:#1f6f1f}.outcome-failure{color:#a01818}.outcome-unjudged{color:#8a4b00}");
  // counts the charts the browser laid out with a non-empty box; a headless browser test reads the attribute
  private static final String RENDER_CHECK = "window.addEventListener('load',function(){var n=0;"
      + "document.querySelectorAll('div.chart svg').forEach(function(s){var b=s.getBBox();"
      + "if(b.width>0&&b.height>0){n++;}});document.body.setAttribute('data-charts-rendered',n);});";

  private HtmlReport() {}

  /** The page as HTML text. */
  public static String render(ReportInput in) {
    Document doc = Document.createShell("");
    doc.outputSettings().prettyPrint(false);
    Element head = doc.head();
    head.appendElement("meta").attr("charset", "utf-8");
    head.appendElement("meta").attr("http-equiv", "Content-Security-Policy").attr("content",
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:");
    head.appendElement("title").text("clarq report: " + in.title());
    head.appendElement("style").appendChild(new DataNode(STYLE));
    Element body = doc.body();
    body.appendElement("h1").text("ClarQ-LLM report: " + in.title());
    Map<Language, List<DialogueScore>> scores = in.scoresByLanguage();
    Map<Language, GroupFigures> overall = new LinkedHashMap<>();
    Map<Language, Map<Integer, GroupFigures>> byType = new LinkedHashMap<>();
    Map<Language, Map<Integer, GroupFigures>> byGold = new LinkedHashMap<>();
    scores.forEach((l, s) -> {
      overall.put(l, ClarqStatistics.of(s, in.bootstrap()));
      byType.put(l, ClarqStatistics.byType(s, in.bootstrap()));
      byGold.put(l, ClarqStatistics.byGoldLines(s, in.bootstrap()));
    });
    headline(body.appendElement("section").id("headline"), in, overall);
    in.trials().ifPresent(t -> t.render(section(body, "trials", "Trials")));
    Element types = section(body, "by-type", "By task type");
    byType.forEach((l, groups) -> {
      types.appendElement("h3").text(l.directoryName());
      figuresTable(types, "by-type " + l.code(), "type", groups, t -> t + " " + in.taskTypes().getOrDefault(t, ""),
          in.anyUnjudged());
    });
    Element gold = section(body, "by-gold-lines", "By number of gold lines (the paper's Fig. 4 grouping)");
    byGold.forEach((l, groups) -> {
      gold.appendElement("h3").text(l.directoryName());
      figuresTable(gold, "by-gold-lines " + l.code(), "gold lines", groups, String::valueOf, in.anyUnjudged());
    });
    Element charts = section(body, "charts", "Charts");
    if (!scores.isEmpty()) {
      chart(charts, ReportCharts.byGoldLines(byGold));
      chart(charts, ReportCharts.successByType(byType));
      scores.forEach((l, s) -> chart(charts, ReportCharts.aqlDistribution(l, s)));
    }
    DialogueChat.problems(section(body, "problems", "Failed, unjudged and unscored dialogues"), in);
    Element dialogues = section(body, "dialogues", "Dialogues");
    dialogues.appendElement("p").addClass("muted").text("Every scored dialogue. A provider line marked \"gives\" holds"
        + " those gold lines (verbatim: the whole line; substring: inside the line); the table under each chat says"
        + " where every gold line was found, what the judge (" + in.judge() + ") said about the rest, and which were"
        + " missed. Turn n is the provider's reply to the seeker's n-th line.");
    in.dialogues().forEach(d -> DialogueChat.render(dialogues, d, in.taskTypes()));
    body.appendElement("script").appendChild(new DataNode(RENDER_CHECK));
    return "<!DOCTYPE html>\n" + doc.html() + "\n";
  }

  private static void headline(Element s, ReportInput in, Map<Language, GroupFigures> overall) {
    s.appendElement("h2").text("Headline");
    s.appendElement("p").addClass("judge").text("Judge: " + in.judge() + (in.judge().equals("none")
        ? " (leftover gold lines were not judged: dialogues that needed a judge are unjudged)" : ""));
    in.notes().forEach(n -> s.appendElement("p").addClass("note").text(n));
    Element t = s.appendElement("table").addClass("headline");
    Element h = t.appendElement("tr");
    for (String c : List.of("language", "dialogues", "success", "95% interval", "unjudged", "success range",
        "AQD [95%]", "AQL [95%]", "seeker turns [95%]")) {
      h.appendElement("th").text(c);
    }
    overall.forEach((l, f) -> {
      Element r = t.appendElement("tr");
      r.appendElement("td").addClass("text").text(l.directoryName());
      r.appendElement("td").text(String.valueOf(f.dialogues()));
      r.appendElement("td").text(fixed(f.success().value()));
      r.appendElement("td").text(interval(f.success()));
      r.appendElement("td").text(String.valueOf(f.unjudged()));
      r.appendElement("td").text(range(f));
      r.appendElement("td").text(withInterval(f.aqd()));
      r.appendElement("td").text(withInterval(f.aql()));
      r.appendElement("td").text(withInterval(f.turns()));
    });
    s.appendElement("p").addClass("muted").text(String.format(Locale.ROOT, "Success is over the judged dialogues,"
        + " with its 95%% Wilson interval; the success range is the rate over all dialogues if every unjudged one"
        + " failed / succeeded. AQD, AQL and turns are means with 95%% percentile-bootstrap intervals (%d resamples,"
        + " seed %d). AQL is the reference figure: spaces per seeker line in English, characters in Chinese.",
        in.bootstrap().resamples(), in.bootstrap().seed()));
    if (!in.settings().isEmpty()) {
      Element st = s.appendElement("table").addClass("settings");
      in.settings().forEach((k, v) -> {
        Element r = st.appendElement("tr");
        r.appendElement("th").addClass("text").text(k);
        r.appendElement("td").addClass("text").text(v);
      });
    }
  }

  private static void figuresTable(Element parent, String cls, String key, Map<Integer, GroupFigures> groups,
      java.util.function.IntFunction<String> label, boolean withRange) {
    Element t = parent.appendElement("table").attr("class", cls);
    Element h = t.appendElement("tr");
    h.appendElement("th").addClass("text").text(key);
    for (String c : withRange ? List.of("dialogues", "success", "95% interval", "unjudged", "success range", "AQD",
        "AQL", "turns") : List.of("dialogues", "success", "95% interval", "AQD", "AQL", "turns")) {
      h.appendElement("th").text(c);
    }
    groups.forEach((k, f) -> {
      Element r = t.appendElement("tr").addClass("row");
      r.appendElement("td").addClass("text").text(label.apply(k));
      r.appendElement("td").text(String.valueOf(f.dialogues()));
      r.appendElement("td").text(fixed(f.success().value()));
      r.appendElement("td").text(interval(f.success()));
      if (withRange) {
        r.appendElement("td").text(String.valueOf(f.unjudged()));
        r.appendElement("td").text(range(f));
      }
      r.appendElement("td").text(fixed(f.aqd().value()));
      r.appendElement("td").text(fixed(f.aql().value()));
      r.appendElement("td").text(fixed(f.turns().value()));
    });
  }

  private static Element section(Element body, String id, String title) {
    Element s = body.appendElement("section").id(id);
    s.appendElement("h2").text(title);
    return s;
  }

  private static void chart(Element parent, String svg) {
    parent.appendElement("div").addClass("chart").appendChild(new DataNode(svg));
  }




}
