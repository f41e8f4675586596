package io.clarq.eval.cq;

import static io.clarq.eval.report.FigureText.fixed;

import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.CqOverlap;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.OverlapConvention;
import io.clarq.core.cq.OverlapReport;
import io.clarq.core.cq.OverlapScores;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.cq.RubricSummary;
import io.clarq.core.cq.TemplateWords;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.core.llm.Deviation;
import io.clarq.eval.report.Charts;
import io.clarq.eval.report.HtmlPage;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The {@code report.html} of a clarifying-question run (docs/cq-generation.md), made with the same page kit as the
 * ClarQ-LLM report ({@link HtmlPage}, {@link Charts}): one self-contained page, every question escaped. Sections:
 * <ul>
 *   <li>{@code headline}: the generator(s), how many questions and how many hold every facet word, the deviations
 *       from the reference protocol, and the run's settings;
 *   <li>{@code overlap}: corpus BLEU-4, mean sentence BLEU-4 and mean ROUGE-L against the reference questions in
 *       both conventions ({@link OverlapConvention}), with and without template words ({@link CqOverlap#report}),
 *       as a table and a chart;
 *   <li>{@code rubric}, when judgements are given: per judge, the share of Good, Fair, Bad and unparsed on each
 *       scale ({@link RubricSummary}), as a table and a stacked chart;
 *   <li>{@code rows}: one row per example, filterable by facet, grades and text: the request and facet, the
 *       generated question beside the reference question, their sentence BLEU-4 and ROUGE-L, and the rubric rating
 *       with the judge's reasons when judged.
 * </ul>
 *
 * <pre>{@code
 * Path page = CqReportPage.write(runDir, generations, judgements, settings, deviations);   // runDir/report.html
 * }</pre>
 */
public final class CqReportPage {
  /** The page's file name in a run directory. */
  public static final String FILE = "report.html";
  private static final Color GOOD = new Color(0x2ca02c);
  private static final Color FAIR = new Color(0xf0b000);
  private static final Color BAD = new Color(0xd62728);
  private static final Color UNPARSED = new Color(0x999999);

  private CqReportPage() {}

  /**
   * Writes {@code dir/report.html} for a CQ generation run and, when judged, its rubric judgements, whole or not at
   * all.
   *
   * @param dir the run's output directory (its name is the page's title); created when missing
   * @param generations every generated question with its example, in the order to show them
   * @param judgements the rubric judge's outcomes for these questions, one per example and judge; empty when the
   *     run was not judged
   * @param settings what the run was made with (generator, judge, data, ...), shown as a table
   * @param deviations the run's departures from the reference protocol; empty when there were none
   * @return the page's path
   * @throws IllegalArgumentException naming the example when an id repeats, or a judgement names an example that
   *     is not among the generations, rates another question than the one generated, or repeats for its judge
   */
  public static Path write(Path dir, List<CqGeneration> generations, List<CqJudgement> judgements,
      Map<String, String> settings, List<Deviation> deviations) {
    Path page = dir.resolve(FILE);
    Path name = dir.toAbsolutePath().normalize().getFileName();
    HtmlPage.write(page, document(name == null ? dir.toString() : name.toString(), generations, judgements, settings,
        deviations));
    return page;
  }

  /** The page as HTML text; {@code title} names the run. Throws as {@link #write} does. */
  public static String render(String title, List<CqGeneration> generations, List<CqJudgement> judgements,
      Map<String, String> settings, List<Deviation> deviations) {
    return HtmlPage.html(document(title, generations, judgements, settings, deviations));
  }

  private static Document document(String title, List<CqGeneration> generations, List<CqJudgement> judgements,
      Map<String, String> settings, List<Deviation> deviations) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(deviations, "deviations");
    Map<String, Map<String, RubricOutcome>> byJudge = judgementsByJudge(title, generations, judgements);
    Document doc = HtmlPage.shell("CQ report: " + title);
    Element body = doc.body();
    headline(HtmlPage.section(body, "headline", "Headline"), generations, settings, deviations);
    overlap(HtmlPage.section(body, "overlap", "Overlap with the reference questions"), generations);
    if (!byJudge.isEmpty()) {
      rubric(HtmlPage.section(body, "rubric", "Rubric judgements"), byJudge);
    }
    rows(HtmlPage.section(body, "rows", "Generated and reference questions"), generations, byJudge);
    return doc;
  }

  /** judge -> example id -> outcome, checked against the generations. */
  private static Map<String, Map<String, RubricOutcome>> judgementsByJudge(String title,
      List<CqGeneration> generations, List<CqJudgement> judgements) {
    Map<String, String> questions = new HashMap<>();
    for (CqGeneration g : generations) {
      if (questions.put(g.example().id(), g.generated().question()) != null) {
        throw new IllegalArgumentException("CQ report " + title + ": example " + g.example().id()
            + " is generated twice; give each example once");
      }
    }
    Map<String, Map<String, RubricOutcome>> out = new TreeMap<>();
    for (CqJudgement j : judgements) {
      String asked = questions.get(j.id());
      if (asked == null) {
        throw new IllegalArgumentException("CQ report " + title + ": judgement of example " + j.id() + " by "
            + j.judge() + " has no generated question; give the judgements of this run's generations");
      }
      if (!asked.equals(j.question())) {
        throw new IllegalArgumentException("CQ report " + title + ": judgement of example " + j.id() + " by "
            + j.judge() + " rates \"" + j.question() + "\" but the generation asks \"" + asked + "\"; judge this"
            + " run's questions again");
      }
      if (out.computeIfAbsent(j.judge(), k -> new HashMap<>()).put(j.id(), j.outcome()) != null) {
        throw new IllegalArgumentException("CQ report " + title + ": example " + j.id() + " is judged twice by "
            + j.judge());
      }
    }
    return out;
  }

  private static void headline(Element s, List<CqGeneration> generations, Map<String, String> settings,
      List<Deviation> deviations) {
    HtmlPage.deviations(s, deviations);
    Set<String> generators = new java.util.TreeSet<>();
    generations.forEach(g -> generators.add(g.generated().generator()));
    long satisfied = generations.stream().filter(g -> g.generated().facetSatisfied()).count();
    Element t = s.appendElement("table").addClass("headline");
    row(t, "generator", generators.isEmpty() ? "-" : String.join(", ", generators));
    row(t, "questions", String.valueOf(generations.size()));
    row(t, "hold every facet word", generations.isEmpty() ? "-" : String.format(Locale.ROOT, "%d (%s)", satisfied,
        fixed((double) satisfied / generations.size())));
    HtmlPage.settings(s, settings);
  }

  private static void overlap(Element s, List<CqGeneration> generations) {
    List<String> hypotheses = generations.stream().map(g -> g.generated().question()).toList();
    List<String> references = generations.stream().map(g -> g.example().reference()).toList();
    Element t = s.appendElement("table").addClass("overlap");
    Element h = t.appendElement("tr");
    for (String c : List.of("convention", "template words", "questions", "corpus BLEU-4", "mean sentence BLEU-4",
        "mean ROUGE-L")) {
      h.appendElement("th").addClass(c.equals("convention") || c.equals("template words") ? "text" : "nowrap")
          .text(c);
    }
    Map<OverlapConvention, OverlapReport> reports = new LinkedHashMap<>();
    for (OverlapConvention c : OverlapConvention.values()) {
      OverlapReport r = CqOverlap.report(hypotheses, references, TemplateWords.DEFAULT, c);
      reports.put(c, r);
      overlapRow(t, c, "kept", r.withTemplateWords());
      overlapRow(t, c, "removed", r.withoutTemplateWords());
    }
    Element notes = s.appendElement("ul").addClass("muted");
    for (OverlapConvention c : OverlapConvention.values()) {
      notes.appendElement("li").text(name(c) + ": " + c.describe() + ".");
    }
    notes.appendElement("li").text("Template words removed: the template opening of both the generated and the"
        + " reference question is cut before scoring, as Wang et al. (WWW 2023) report it.");
    if (!generations.isEmpty()) {
      OverlapReport r = reports.get(OverlapConvention.TOOLKITS);
      double[][] values = {scores(r.withTemplateWords()), scores(r.withoutTemplateWords())};
      HtmlPage.chart(s, Charts.groupedBars("Overlap with the reference questions, toolkits convention",
          "chart-overlap", "score", List.of("corpus BLEU-4", "mean sentence BLEU-4", "mean ROUGE-L"),
          List.of("template words kept", "template words removed"), values));
    }
  }

  private static double[] scores(OverlapScores o) {
    return new double[] {o.corpusBleu4(), o.sentenceBleu4(), o.rougeL()};
  }

  private static void overlapRow(Element t, OverlapConvention c, String templates, OverlapScores o) {
    Element r = t.appendElement("tr").addClass("row").attr("data-convention", c.name().toLowerCase(Locale.ROOT))
        .attr("data-templates", templates);
    r.appendElement("td").addClass("text").text(name(c));
    r.appendElement("td").addClass("text").text(templates);
    r.appendElement("td").text(String.valueOf(o.items()));
    r.appendElement("td").text(fixed(o.corpusBleu4()));
    r.appendElement("td").text(fixed(o.sentenceBleu4()));
    r.appendElement("td").text(fixed(o.rougeL()));
  }

  private static String name(OverlapConvention c) {
    return c == OverlapConvention.TOOLKITS ? "toolkits (sacreBLEU 13a, rouge-score)" : "clarq";
  }

  private static void rubric(Element s, Map<String, Map<String, RubricOutcome>> byJudge) {
    s.appendElement("p").addClass("muted").text("Each scale graded Good, Fair or Bad by the judge; replies the judge's"
        + " parser could not read are counted as unparsed and stay in every share's denominator, never read as a"
        + " grade.");
    Element t = s.appendElement("table").addClass("rubric");
    Element h = t.appendElement("tr");
    for (String c : List.of("judge", "scale", "judged", "Good", "Fair", "Bad", "unparsed")) {
      h.appendElement("th").addClass(c.equals("judge") || c.equals("scale") ? "text" : "nowrap").text(c);
    }
    List<String> bars = new ArrayList<>();
    List<double[]> columns = new ArrayList<>();
    byJudge.forEach((judge, outcomes) -> {
      RubricSummary sum = RubricSummary.of(new ArrayList<>(outcomes.values()));
      for (RubricScale scale : RubricScale.values()) {
        Element r = t.appendElement("tr").addClass("row").attr("data-judge", judge).attr("data-scale", scale.key());
        r.appendElement("td").addClass("text").text(judge);
        r.appendElement("td").addClass("text").text(scale.key());
        r.appendElement("td").text(String.valueOf(sum.total()));
        double[] column = new double[Grade.values().length + 1];
        for (Grade g : Grade.values()) {
          r.appendElement("td").text(String.format(Locale.ROOT, "%d (%s)", sum.count(scale, g),
              fixed(sum.share(scale, g))));
          column[g.ordinal()] = sum.share(scale, g);
        }
        r.appendElement("td").text(String.format(Locale.ROOT, "%d (%s)", sum.unparsed(), fixed(sum.unparsedShare())));
        column[Grade.values().length] = sum.unparsedShare();
        bars.add(byJudge.size() == 1 ? scale.key() : judge + ": " + scale.key());
        columns.add(column);
      }
    });
    double[][] shares = new double[Grade.values().length + 1][bars.size()];
    for (int b = 0; b < bars.size(); b++) {
      for (int p = 0; p < shares.length; p++) {
        shares[p][b] = columns.get(b)[p];
      }
    }
    List<String> parts = new ArrayList<>();
    for (Grade g : Grade.values()) {
      parts.add(g.label());
    }
    parts.add("unparsed");
    HtmlPage.chart(s, Charts.stackedShares("Rubric grades: share of judged questions", "chart-rubric",
        "share of judged questions", bars, parts, shares, GOOD, FAIR, BAD, UNPARSED));
  }

  private static void rows(Element s, List<CqGeneration> generations,
      Map<String, Map<String, RubricOutcome>> byJudge) {
    s.appendElement("p").addClass("muted").text("One row per example: the generated question beside the question a"
        + " person wrote for the same request and facet, with their sentence BLEU-4 and ROUGE-L ("
        + name(OverlapConvention.TOOLKITS) + ", template words kept)"
        + (byJudge.isEmpty() ? "." : " and the rubric rating with the judge's reasons.")
        + " Choose below to show only some; the page's address keeps the choice (e.g. #usefulness=bad).");
    List<HtmlPage.Choice> choices = new ArrayList<>();
    Map<String, String> facet = new LinkedHashMap<>();
    long held = generations.stream().filter(g -> g.generated().facetSatisfied()).count();
    if (held > 0) {
      facet.put("held", "every facet word (" + held + ")");
    }
    if (held < generations.size()) {
      facet.put("missed", "some facet word missing (" + (generations.size() - held) + ")");
    }
    choices.add(new HtmlPage.Choice("facet", "facet words", facet));
    // the first judge's grades filter the rows (several judges: each row shows them all)
    String firstJudge = byJudge.isEmpty() ? null : byJudge.keySet().iterator().next();
    if (firstJudge != null) {
      for (RubricScale scale : RubricScale.values()) {
        Map<String, String> grades = new LinkedHashMap<>();
        for (Grade g : Grade.values()) {
          long n = byJudge.get(firstJudge).values().stream()
              .filter(o -> o instanceof RubricRating r && r.on(scale).grade() == g).count();
          if (n > 0) {
            grades.put(g.name().toLowerCase(Locale.ROOT), g.label() + " (" + n + ")");
          }
        }
        long unparsed = byJudge.get(firstJudge).values().stream().filter(o -> o instanceof UnparsedRating).count();
        if (unparsed > 0) {
          grades.put("unparsed", "unparsed (" + unparsed + ")");
        }
        grades.put("unjudged", "not judged");
        choices.add(new HtmlPage.Choice(scale.key(), scale.key(), grades));
      }
    }
    HtmlPage.filter(s, "tr.item", choices);
    Element t = s.appendElement("table").addClass("rows").addClass("wide");
    Element h = t.appendElement("tr");
    List<String> heads = new ArrayList<>(List.of("example", "request and facet", "generated question",
        "reference question", "BLEU-4", "ROUGE-L"));
    byJudge.keySet().forEach(j -> heads.add("rating" + (byJudge.size() == 1 ? "" : " by " + j)));
    heads.forEach(c -> h.appendElement("th").addClass("text").text(c));
    for (CqGeneration g : generations) {
      String id = g.example().id();
      OverlapScores one = OverlapConvention.TOOLKITS.scores(List.of(g.generated().question()),
          List.of(g.example().reference()));
      Element r = t.appendElement("tr").addClass("item").attr("data-facet",
          g.generated().facetSatisfied() ? "held" : "missed");
      if (firstJudge != null) {
        RubricOutcome o = byJudge.get(firstJudge).get(id);
        for (RubricScale scale : RubricScale.values()) {
          r.attr("data-" + scale.key(), o == null ? "unjudged" : o instanceof RubricRating rating
              ? rating.on(scale).grade().name().toLowerCase(Locale.ROOT) : "unparsed");
        }
      }
      r.appendElement("td").addClass("text").addClass("id").text(id);
      Element request = r.appendElement("td").addClass("text");
      request.appendText(g.example().request().request());
      request.appendElement("br");
      request.appendElement("span").addClass("muted").text("facet: " + g.example().request().facet());
      r.appendElement("td").addClass("text").text(g.generated().question());
      r.appendElement("td").addClass("text").text(g.example().reference());
      r.appendElement("td").text(fixed(one.sentenceBleu4()));
      r.appendElement("td").text(fixed(one.rougeL()));
      byJudge.values().forEach(outcomes -> rating(r.appendElement("td").addClass("text"), outcomes.get(id)));
    }
  }

  private static void rating(Element td, RubricOutcome o) {
    if (o == null) {
      td.addClass("muted").text("not judged");
    } else if (o instanceof RubricRating r) {
      for (RubricScale scale : RubricScale.values()) {
        Element line = td.appendElement("div");
        line.appendElement("b").text(scale.key() + ": " + r.on(scale).grade().label());
        if (!r.on(scale).reason().isEmpty()) {
          line.appendElement("span").addClass("muted").text(" " + r.on(scale).reason());
        }
      }
    } else if (o instanceof UnparsedRating u) {
      td.appendElement("span").addClass("note").text("unparsed: " + u.problem());
      td.appendElement("div").addClass("muted").text(u.raw());
    }
  }

  private static void row(Element t, String key, String value) {
    Element r = t.appendElement("tr");
    r.appendElement("th").addClass("text").text(key);
    r.appendElement("td").addClass("text").text(value);
  }
}
