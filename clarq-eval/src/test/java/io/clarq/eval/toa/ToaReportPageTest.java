package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.eval.report.HeadlessChromium;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TOA report page: parsed with jsoup on hand-made outcomes and on a real run, and loaded in headless Chromium. */
class ToaReportPageTest {
  private static final String HOSTILE = "<script>alert('pwned')</script>";
  @TempDir Path dir;

  private static Fact fact(String title, String text, FactRole role) {
    return new Fact(title, 0, text, role);
  }

  /**
   * Four examples whose flow is worked out by hand: e1 the oracle returns f* and F1 rises 0 -> 1; e2 a distractor
   * and F1 falls 1 -> 0; e3 another supporting fact and F1 stays 0; e4 no response (unparsed), x^r = x^i.
   */
  static List<ToaOutcome> handMade() {
    Fact masked = fact("Spielberg", "Spielberg was born in Cincinnati.", FactRole.SUPPORTING);
    return List.of(
        new ToaOutcome("e1", "Where was he born?", OracleAnswer.answered(masked, "1"), true, "Cincinnati",
            "Cincinnati", "Los Angeles", "Cincinnati"),
        new ToaOutcome("e2", "Which state?", OracleAnswer.answered(fact("Ohio", "Ohio is a state.",
            FactRole.DISTRACTOR), "2"), false, "Ohio", "Ohio", "Ohio", "Texas"),
        new ToaOutcome("e3", HOSTILE, OracleAnswer.answered(fact("Jaws", "Jaws is a film.", FactRole.SUPPORTING),
            "3"), false, "Jaws", "Jaws", "Shark", "Shark"),
        new ToaOutcome("e4", "What year?", OracleAnswer.unparsed("I cannot say " + HOSTILE), false, "1975", "1975",
            "1974", "1974"));
  }

  @Test
  void testTablesShowTheHandWorkedFlowAndRecovery() throws Exception {
    List<ToaOutcome> outcomes = handMade();
    ToaSummary summary = ToaSummary.of(outcomes);
    Path page = ToaReportPage.write(dir.resolve("hand"), summary, outcomes, Map.of("asker", "fixed"),
        List.of(new Deviation("openai:o3", "temperature omitted", "the model refuses 0")));
    assertThat(page).isEqualTo(dir.resolve("hand/report.html"));
    String html = Files.readString(page);
    Document doc = Jsoup.parse(html);
    assertThat(doc.select("h1").text()).isEqualTo("TOA report: hand");
    for (String id : List.of("headline", "response-flow", "examples")) {
      assertThat(doc.getElementById(id)).as(id).isNotNull();
    }
    // F1 on x^c 1, 1, 1, 1 = 1; x^i 0, 1, 0, 0 = 0.25; x^r 1, 0, 0, 0 = 0.25: recovery (0.25-0.25)/(1-0.25) = 0
    Element f1 = doc.selectFirst("table.recovery tr[data-metric=f1]");
    assertThat(f1.select("td").eachText()).startsWith("F1", "1.0000", "0.2500", "0.2500", "0.0000");
    assertThat(f1.select("td").get(5).text()).matches("\\[-?\\d\\.\\d{4}, -?\\d\\.\\d{4}\\]");
    // responses: masked 1 (rose), distractor 2 (one fell, one stayed); 1 without response
    assertThat(doc.select("table.flow tr[data-response=masked] td").eachText())
        .containsExactly("masked", "1", "0.3333", "1 (0.3333)", "0 (0.0000)", "0 (0.0000)");
    assertThat(doc.select("table.flow tr[data-response=distractor] td").eachText())
        .containsExactly("distractor", "2", "0.6667", "0 (0.0000)", "1 (0.3333)", "1 (0.3333)");
    assertThat(doc.select("table.flow-more").text()).contains("distractor hallucination rate 0.5000")
        .contains("another supporting fact 1").contains("examples without a response 1");
    assertThat(doc.select("div.chart > svg")).hasSize(2);   // recovery, response flow
    assertThat(doc.select("#chart-flow")).hasSize(1);
    // one row per example with its ask, answer and scores, filterable
    assertThat(doc.select("tr.example")).hasSize(4);
    assertThat(doc.select("tr.example").eachAttr("data-change")).containsExactly("rose", "fell", "same", "same");
    assertThat(doc.select("tr.example").eachAttr("data-response"))
        .containsExactly("masked", "distractor", "distractor", "none");
    Element e1 = doc.getElementById("x-e1");
    assertThat(e1.select("td").eachText()).containsExactly("e1", "Where was he born?",
        "Spielberg: Spielberg was born in Cincinnati. (the masked fact f*)", "Cincinnati", "Los Angeles",
        "Cincinnati", "0.00 → 1.00", "0 → 1", "Cincinnati (F1 1.00)");
    assertThat(doc.getElementById("x-e4").select("td").get(2).text()).isEqualTo("unparsed: I cannot say " + HOSTILE);
    assertThat(doc.select("form.filter select").eachAttr("name")).containsExactly("status", "response", "change");
    assertThat(doc.select("form.filter select[name=change] option").eachText())
        .containsExactly("any", "F1 rose (1)", "F1 same (2)", "F1 fell (1)");
    // deviations, settings; self-contained and escaped
    assertThat(doc.select("ul.deviations li").eachText())
        .containsExactly("openai:o3: temperature omitted (the model refuses 0)");
    assertThat(doc.select("table.settings").text()).isEqualTo("asker fixed");
    assertThat(doc.select("[src], link, img, iframe")).isEmpty();
    assertThat(doc.select("script")).hasSize(1);
    assertThat(html).doesNotContain("<script>alert").contains("&lt;script&gt;alert('pwned')&lt;/script&gt;");
  }

  @Test
  void testASummaryOfOtherOutcomesIsRefused() {
    List<ToaOutcome> outcomes = handMade();
    assertThatThrownBy(() -> ToaReportPage.write(dir, ToaSummary.of(outcomes.subList(0, 2)), outcomes, Map.of(),
        List.of())).hasMessageContaining("the summary counts 2 examples but 4 outcomes were given");
    assertThat(dir.resolve("report.html")).doesNotExist();
  }

  /** A primary model that knows the gold answer when the masked fact is in its context, else repeats a word of it. */
  private static final class PeekingPrimary implements PrimaryModel {
    private final Map<String, FlmExample> byQuestion;

    PeekingPrimary(List<FlmExample> examples) {
      byQuestion = examples.stream().collect(Collectors.toMap(FlmExample::question, Function.identity(), (a, b) -> a));
    }

    @Override
    public String answer(String question, String context) throws LlmException {
      FlmExample e = byQuestion.get(question);
      if (context.contains(e.maskedFact().text().strip())) {
        return e.answer();
      }
      String[] words = context.strip().split("\\s+");
      return words[words.length - 1];
    }

    @Override
    public String describe() {
      return "peeking";
    }
  }

  /**
   * A real run on the first 53 HotpotQA dev examples (repeater asker, BM25 oracle) through the run kernel, whose end
   * step writes the page.
   */
  static Path realRun(Path dir) throws Exception {
    List<FlmExample> examples = ToaRunTest.dev();
    ToaPipeline pipeline = new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), new PeekingPrimary(examples));
    Path out = dir.resolve("toa-dev53");
    ToaRun.run(pipeline, examples, new io.clarq.eval.kernel.RunKernel.Plan(out, io.clarq.eval.kernel.Shard.ALL, 2,
        "clarq-toa"), io.clarq.core.toa.RecoveryBootstrap.DEFAULT, new io.clarq.eval.kernel.ItemListener<>() {});
    return out.resolve("report.html");
  }

  @Test
  void testARealRunHasOneRowPerExampleAndTheSummaryCounts() throws Exception {
    Path page = realRun(dir);
    Document doc = Jsoup.parse(Files.readString(page));
    int n = doc.select("tr.example").size();
    assertThat(n).isEqualTo(ToaRunTest.dev().size());
    int masked = Integer.parseInt(doc.select("table.flow tr[data-response=masked] td").get(1).text());
    assertThat(doc.select("tr.example[data-response=masked]")).hasSize(masked);
    assertThat(doc.select("tr.example[data-response=masked][data-change=rose]").size()
        + doc.select("tr.example[data-response=masked][data-change=same]").size()).isEqualTo(masked);
  }

  @Test
  void testHeadlessChromiumRendersTheChartsAndTheFilterWorks() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.require(dir);
    Path page = realRun(dir);
    Document rendered = chromium.dom(page, "");
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo("2");
    int all = rendered.select("tr.example").size();
    assertThat(rendered.select("form.filter .filter-count").text()).isEqualTo(all + " of " + all + " shown");
    Document masked = chromium.dom(page, "response=masked");
    int shown = masked.select("tr.example:not([hidden])").size();
    assertThat(shown).isPositive().isLessThan(all);
    assertThat(masked.select("tr.example:not([hidden])")).allSatisfy(r ->
        assertThat(r.attr("data-response")).isEqualTo("masked"));
    assertThat(masked.select("form.filter").attr("data-shown")).isEqualTo(String.valueOf(shown));
    chromium.screenshot(page, "", "toa-report", 1280, 1500);
  }
}
