package io.clarq.eval.report;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.interval;
import static io.clarq.eval.report.FigureText.range;

import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.task.Language;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Renders a {@link ReportInput} as one self-contained HTML page made with the page kit ({@link HtmlPage},
 * {@link Charts}): no external script, style, font or image, and a content security policy that forbids fetching
 * any. Every piece of task and model text goes through jsoup's text nodes, so it is escaped (a seeker line
 * {@code <script>} shows as text). Sections: {@code headline} (the judge named once), {@code by-type} (per language
 * a dot plot of success per type, sorted, with interval bars, and the table), {@code by-gold-lines}, {@code charts}
 * (the paper's Fig. 4 and the AQL distributions), {@code problems}, {@code dialogues} (filterable by language, type,
 * status, end reason and text).
 */
public final class HtmlReport {
  /** The run setting that describes the judge; the page names the judge in its headline instead. */
  private static final String JUDGE_SETTING = "judge";

  private HtmlReport() {}

  /** The page as HTML text. */
  public static String render(ReportInput in) {
    Document doc = HtmlPage.shell("ClarQ-LLM report: " + in.title());
    Element body = doc.body();
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
    in.trials().ifPresent(t -> t.render(HtmlPage.section(body, "trials", "Trials")));
    in.spending().ifPresent(t -> t.render(HtmlPage.section(body, "spending", "Forecast and actual")));
    Element types = HtmlPage.section(body, "by-type", "By task type");
    byType.forEach((l, groups) -> {
      types.appendElement("h3").text(l.directoryName());
      HtmlPage.chart(types, ReportCharts.successByType(l, groups, in.taskTypes()));
      figuresTable(types, "by-type " + l.code(), "type", groups, t -> t + " " + in.taskTypes().getOrDefault(t, ""),
          in.anyUnjudged());
    });
    Element gold = HtmlPage.section(body, "by-gold-lines", "By number of gold lines (the paper's Fig. 4 grouping)");
    byGold.forEach((l, groups) -> {
      gold.appendElement("h3").text(l.directoryName());
      figuresTable(gold, "by-gold-lines " + l.code(), "gold lines", groups, String::valueOf, in.anyUnjudged());
    });
    Element charts = HtmlPage.section(body, "charts", "Charts");
    if (!scores.isEmpty()) {
      HtmlPage.chart(charts, ReportCharts.byGoldLines(byGold));
      scores.forEach((l, s) -> HtmlPage.chart(charts, ReportCharts.aqlDistribution(l, s)));
    }
    DialogueChat.problems(HtmlPage.section(body, "problems", "Failed, unjudged and unscored dialogues"), in);
    Element dialogues = HtmlPage.section(body, "dialogues", "Dialogues");
    dialogues.appendElement("p").addClass("muted").text("Every scored dialogue. A provider line marked \"gives\" holds"
        + " those gold lines (verbatim: the whole line; substring: inside the line); the table under each chat says"
        + " where every gold line was found, what the judge (" + in.judge() + ") said about the rest, and which were"
        + " missed. Turn n is the provider's reply to the seeker's n-th line. Choose below to show only some; the"
        + " page's address keeps the choice (e.g. #status=failure&type=3).");
    DialogueChat.filter(dialogues, in);
    in.dialogues().forEach(d -> DialogueChat.render(dialogues, d, in.taskTypes()));
    return HtmlPage.html(doc);
  }

  private static void headline(Element s, ReportInput in, Map<Language, GroupFigures> overall) {
    s.appendElement("h2").text("Headline");
    // the judge is named once, here; the run's fingerprint may describe it in more words (its verdict file, server)
    String described = in.settings().getOrDefault(JUDGE_SETTING, in.judge());
    s.appendElement("p").addClass("judge").text("Judge: " + in.judge()
        + (described.equals(in.judge()) ? "" : " (set up as " + described + ")")
        + (in.judge().equals("none")
        ? " (leftover gold lines were not judged: dialogues that needed a judge are unjudged)" : ""));
    in.notes().forEach(n -> s.appendElement("p").addClass("note").text(n));
    // when the judge left dialogues open, the figure that leads is the range over all of them (unjudged counted as
    // failures / as successes); the rate over the judged ones alone comes second, labelled
    boolean open = in.anyUnjudged();
    Element t = s.appendElement("table").addClass("headline");
    Element h = t.appendElement("tr");
    for (String c : open ? List.of("language", "dialogues", "success, all dialogues (unjudged as failures, as"
        + " successes)", "unjudged", "success, judged only", "95% interval", "AQD [95%]", "AQL [95%]",
        "seeker turns [95%]") : List.of("language", "dialogues", "success", "95% interval", "AQD [95%]", "AQL [95%]",
        "seeker turns [95%]")) {
      h.appendElement("th").text(c);
    }
    overall.forEach((l, f) -> {
      Element r = t.appendElement("tr");
      r.appendElement("td").addClass("text").text(l.directoryName());
      r.appendElement("td").text(String.valueOf(f.dialogues()));
      if (open) {
        r.appendElement("td").addClass("success-range").addClass("nowrap").appendElement("strong").text(range(f));
        r.appendElement("td").text(String.valueOf(f.unjudged()));
        r.appendElement("td").addClass("success-judged").text(fixed(f.success().value()) + " (judged only)");
      } else {
        r.appendElement("td").addClass("success-judged").text(fixed(f.success().value()));
      }
      r.appendElement("td").addClass("nowrap").text(interval(f.success()));
      withInterval(r.appendElement("td"), f.aqd());
      withInterval(r.appendElement("td"), f.aql());
      withInterval(r.appendElement("td"), f.turns());
    });
    s.appendElement("p").addClass("muted").text(String.format(Locale.ROOT, "%s AQD, AQL and turns are means with 95%%"
        + " percentile-bootstrap intervals (%d resamples, seed %d). AQL is the reference figure: spaces per seeker"
        + " line in English, characters in Chinese.", open ? "The judge left dialogues unjudged, so the headline"
            + " success is the range over all dialogues if every unjudged one failed / succeeded; the rate over the"
            + " judged dialogues alone, with its 95% Wilson interval, comes second." : "Every dialogue was judged:"
            + " success with its 95% Wilson interval.", in.bootstrap().resamples(), in.bootstrap().seed()));
    Map<String, String> settings = new LinkedHashMap<>(in.settings());
    settings.remove(JUDGE_SETTING);
    HtmlPage.settings(s, settings);
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
      r.appendElement("td").addClass("nowrap").text(interval(f.success()));
      if (withRange) {
        r.appendElement("td").text(String.valueOf(f.unjudged()));
        r.appendElement("td").addClass("nowrap").text(range(f));
      }
      r.appendElement("td").text(fixed(f.aqd().value()));
      r.appendElement("td").text(fixed(f.aql().value()));
      r.appendElement("td").text(fixed(f.turns().value()));
    });
  }


  /** "4.6000 [3.9667, 5.1667]", the interval kept on one line: a narrow window wraps before it, never inside. */
  private static void withInterval(Element td, io.clarq.core.stats.Estimate e) {
    if (!e.interval().defined()) {
      td.text(FigureText.withInterval(e));
      return;
    }
    td.appendText(fixed(e.value()) + " ");
    td.appendElement("span").addClass("ci").text(interval(e));
  }
}
