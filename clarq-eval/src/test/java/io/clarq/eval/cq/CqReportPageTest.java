package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.CqOverlap;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.OverlapConvention;
import io.clarq.core.cq.OverlapReport;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.ScaleRating;
import io.clarq.core.cq.TemplateWords;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.cq.FkwDataset;
import io.clarq.datasets.cq.FkwSplit;
import io.clarq.eval.report.FigureText;
import io.clarq.eval.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CQ report page: parsed with jsoup on hand-made rows and on the FKw dev set, and loaded in headless Chromium. */
class CqReportPageTest {
  private static final String HOSTILE = "<script>alert('pwned')</script>";
  @TempDir Path dir;

  private static CqGeneration generation(String id, String request, String facet, String question, String reference) {
    CqExample example = new CqExample(new FacetRequest(id, "t" + id, request, facet), reference);
    QuestionCandidate candidate = new QuestionCandidate("hand", question, 1, List.of(),
        QuestionCandidate.missingWords(example.request().facetWords(), question), java.util.OptionalDouble.empty());
    return new CqGeneration(example, GeneratedQuestion.single(id, "hand", candidate));
  }

  private static RubricRating rating(Grade naturalness, Grade usefulness) {
    return new RubricRating(new ScaleRating(naturalness, "reads " + naturalness.label()),
        new ScaleRating(usefulness, ""));
  }

  @Test
  void testTwoRowsWorkedByHand() throws Exception {
    // row 1 generates its reference word for word: every overlap score of that row is 1
    List<CqGeneration> gens = List.of(
        generation("0", "Tell me about dogs.", "breeds", "are you looking for dog breeds?",
            "are you looking for dog breeds?"),
        generation("1", "Find " + HOSTILE, "cats", "would you like cat food?", "do you want cats for adoption?"));
    List<CqJudgement> judged = List.of(
        new CqJudgement("0", "are you looking for dog breeds?", "judge-a", rating(Grade.GOOD, Grade.GOOD)),
        new CqJudgement("1", "would you like cat food?", "judge-a", new UnparsedRating("Great " + HOSTILE,
            "no JSON object")));
    Path page = CqReportPage.write(dir.resolve("hand"), gens, judged, Map.of("generator", "hand"), List.of());
    String html = Files.readString(page);
    Document doc = Jsoup.parse(html);
    assertThat(doc.select("h1").text()).isEqualTo("CQ report: hand");
    for (String id : List.of("headline", "overlap", "rubric", "rows")) {
      assertThat(doc.getElementById(id)).as(id).isNotNull();
    }
    assertThat(doc.select("tr.item")).hasSize(2);
    Element first = doc.select("tr.item").first();
    assertThat(first.select("td").eachText()).startsWith("0", "Tell me about dogs. facet: breeds",
        "are you looking for dog breeds?", "are you looking for dog breeds?", "1.0000", "1.0000");
    assertThat(first.select("td").last().text()).isEqualTo("naturalness: Good reads Good usefulness: Good");
    assertThat(first.attr("data-naturalness")).isEqualTo("good");
    Element second = doc.select("tr.item").get(1);
    assertThat(second.attr("data-usefulness")).isEqualTo("unparsed");
    assertThat(second.select("td").last().text()).isEqualTo("unparsed: no JSON object Great " + HOSTILE);
    // rubric: 1 of 2 Good on each scale, 1 unparsed
    assertThat(doc.select("table.rubric tr[data-scale=usefulness] td").eachText())
        .containsExactly("judge-a", "usefulness", "2", "1 (0.5000)", "0 (0.0000)", "0 (0.0000)", "1 (0.5000)");
    assertThat(doc.select("form.filter select").eachAttr("name")).containsExactly("facet", "naturalness",
        "usefulness");
    assertThat(doc.select("div.chart > svg")).hasSize(2);   // overlap, rubric
    assertThat(doc.select("script")).hasSize(1);
    assertThat(html).doesNotContain("<script>alert").contains("&lt;script&gt;alert('pwned')&lt;/script&gt;");
  }

  @Test
  void testJudgementsOfOtherQuestionsAreRefusedByExample() {
    List<CqGeneration> gens = List.of(generation("0", "Tell me about dogs.", "breeds", "which breeds?",
        "are you looking for dog breeds?"));
    assertThatThrownBy(() -> CqReportPage.write(dir, gens, List.of(new CqJudgement("0", "what breeds?", "j",
        rating(Grade.BAD, Grade.BAD))), Map.of(), List.of()))
        .hasMessageContaining("judgement of example 0 by j rates \"what breeds?\" but the generation asks"
            + " \"which breeds?\"");
    assertThatThrownBy(() -> CqReportPage.write(dir, gens, List.of(new CqJudgement("7", "which breeds?", "j",
        rating(Grade.BAD, Grade.BAD))), Map.of(), List.of()))
        .hasMessageContaining("judgement of example 7 by j has no generated question");
    assertThatThrownBy(() -> CqReportPage.write(dir, List.of(gens.get(0), gens.get(0)), List.of(), Map.of(),
        List.of())).hasMessageContaining("example 0 is generated twice");
    assertThat(dir.resolve("report.html")).doesNotExist();
  }

  /** The template generator on FKw dev, judged by a rule on the overlap (a test double standing in for a model). */
  static Path realRun(Path dir, boolean judge) {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV);
    TemplateQuestionGenerator generator = new TemplateQuestionGenerator();
    List<CqGeneration> gens = dev.stream().map(e -> new CqGeneration(e, generator.generate(e.request()))).toList();
    List<CqJudgement> judgements = new ArrayList<>();
    if (judge) {
      for (int i = 0; i < gens.size(); i++) {
        CqGeneration g = gens.get(i);
        double rouge = OverlapConvention.TOOLKITS.scores(List.of(g.generated().question()),
            List.of(g.example().reference())).rougeL();
        RubricOutcome o = i % 50 == 7 ? new UnparsedRating("Great question!", "no JSON object")
            : rating(i % 9 == 0 ? Grade.FAIR : Grade.GOOD, rouge >= 0.6 ? Grade.GOOD : rouge >= 0.3 ? Grade.FAIR
                : Grade.BAD);
        judgements.add(new CqJudgement(g.example().id(), g.generated().question(), "rule-judge", o));
      }
    }
    return CqReportPage.write(dir.resolve("cq-fkw-dev"), gens, judgements,
        Map.of("generator", "template:looking-for", "judge", judge ? "rule-judge (test double)" : "none",
            "data", "ClariQ-FKw dev"), List.of());
  }

  @Test
  void testOnFkwDevTheFiguresAreTheLibrarysAndEveryRowIsShown() throws Exception {
    Path page = realRun(dir, true);
    Document doc = Jsoup.parse(Files.readString(page));
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV);
    assertThat(doc.select("tr.item")).hasSize(dev.size());
    List<String> hyps = doc.select("tr.item").stream().map(r -> r.select("td").get(2).text()).toList();
    List<String> refs = dev.stream().map(CqExample::reference).toList();
    for (OverlapConvention c : OverlapConvention.values()) {
      OverlapReport r = CqOverlap.report(hyps, refs, TemplateWords.DEFAULT, c);
      String key = c.name().toLowerCase(Locale.ROOT);
      assertThat(doc.select("table.overlap tr[data-convention=" + key + "][data-templates=kept] td").eachText())
          .endsWith(String.valueOf(dev.size()), FigureText.fixed(r.withTemplateWords().corpusBleu4()),
              FigureText.fixed(r.withTemplateWords().sentenceBleu4()), FigureText.fixed(r.withTemplateWords().rougeL()));
      assertThat(doc.select("table.overlap tr[data-convention=" + key + "][data-templates=removed] td").eachText())
          .endsWith(FigureText.fixed(r.withoutTemplateWords().rougeL()));
    }
    int good = doc.select("tr.item[data-usefulness=good]").size();
    assertThat(doc.select("table.rubric tr[data-scale=usefulness] td").get(3).text())
        .startsWith(good + " (");
    assertThat(doc.select("tr.item[data-naturalness=unparsed]").size())
        .isEqualTo((int) java.util.stream.IntStream.range(0, dev.size()).filter(i -> i % 50 == 7).count());
  }

  @Test
  void testWithoutJudgementsThereIsNoRubricSection() throws Exception {
    Document doc = Jsoup.parse(Files.readString(realRun(dir, false)));
    assertThat(doc.getElementById("rubric")).isNull();
    assertThat(doc.select("form.filter select").eachAttr("name")).containsExactly("facet");
    assertThat(doc.select("div.chart > svg")).hasSize(1);
  }

  @Test
  void testHeadlessChromiumRendersTheChartsAndTheFilterWorks() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.require(dir);
    Path page = realRun(dir, true);
    Document rendered = chromium.dom(page, "");
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo("2");
    int all = rendered.select("tr.item").size();
    assertThat(rendered.select("form.filter .filter-count").text()).isEqualTo(all + " of " + all + " shown");
    Document bad = chromium.dom(page, "usefulness=bad&q=looking");
    assertThat(bad.select("tr.item:not([hidden])")).isNotEmpty().allSatisfy(r -> {
      assertThat(r.attr("data-usefulness")).isEqualTo("bad");
      assertThat(r.text()).contains("looking");
    });
    assertThat(bad.select("tr.item:not([hidden])").size()).isLessThan(all);
    chromium.screenshot(page, "", "cq-report", 1280, 1500);
  }
}
