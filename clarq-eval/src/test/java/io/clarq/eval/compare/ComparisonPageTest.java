package io.clarq.eval.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.PairedFigures;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compare page of the published Comp.En and Chat.En runs (the paper's GPT-4o verdicts): its structure with jsoup,
 * and in a headless Chromium that the forest plot is laid out. Where no Chromium is installed the browser check is
 * skipped with a message, except under {@code CI=true}, where it fails.
 */
class ComparisonPageTest {
  private static ComparisonReport report;
  @TempDir Path dir;

  @BeforeAll
  static void compare() throws Exception {
    Path data = SharedData.require("clarq-llm");
    try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(data.resolve("judge-verdicts.jsonl"), Judge.none())) {
      Path t = data.resolve("transcripts");
      ComparedRun comp = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json"),
          Optional.of(data.resolve("tasks")), judge);
      ComparedRun chat = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json"),
          Optional.of(data.resolve("tasks")), judge);
      report = ComparisonReport.of(List.of(comp, chat), Bootstrap.DEFAULT, false);
    }
  }

  @Test
  void testThePageHoldsOneLanguageWithItsForestPlotAndTable() {
    Document doc = Jsoup.parse(report.html());
    assertThat(doc.select("#setup-differences")).isEmpty();
    Element en = doc.selectFirst("section.language.en");
    assertThat(doc.select("section.language")).containsExactly(en);
    assertThat(en.select("div.chart svg")).hasSize(1);
    assertThat(en.select("table.by-type.en tr")).hasSize(1 + 1 + 26);
    // the forest plot's difference axis is fitted to the intervals: its tick labels lie within them (and zero),
    // give or take one tick step
    LanguagePair lp = report.pairs().get(0).languages().get(Language.ENGLISH);
    double lo = 0;
    double hi = 0;
    for (PairedFigures f : lp.byType().values()) {
      lo = Math.min(lo, f.success().interval().lower());
      hi = Math.max(hi, f.success().interval().upper());
    }
    List<Double> ticks = en.select("div.chart svg text").eachText().stream()
        .filter(x -> x.matches("-?\\d+(\\.\\d+)?")).map(Double::parseDouble).toList();
    assertThat(ticks).isNotEmpty();
    assertThat(ticks.stream().mapToDouble(Double::doubleValue).min().orElseThrow()).isGreaterThan(lo - 0.15);
    assertThat(ticks.stream().mapToDouble(Double::doubleValue).max().orElseThrow()).isLessThan(hi + 0.15);
    // the runs are named by their seeker model too, and each one's models are listed
    assertThat(doc.select("section.pair h2").text()).isEqualTo("A: " + report.runs().get(0).name() + " (seeker gpt-4o)"
        + " vs B: " + report.runs().get(1).name() + " (seeker gpt-4o)");
    assertThat(doc.select("section.pair ul.models li.a").text()).isEqualTo("A " + report.runs().get(0).name()
        + ": seeker gpt-4o, provider gpt-4o (published ClarQ-LLM run), judge " + report.runs().get(0).judge());
    // one row label per type, ours ("type 3"), and the overall row
    assertThat(en.select("div.chart svg text").eachText()).contains("all", "type 1", "type 26");
  }

  @Test
  void testPerTypeCountsAndHolmAreThoseScipyAndStatsmodelsWereGiven() throws Exception {
    JsonNode fixture;
    try (InputStream in = getClass().getResourceAsStream("/fixtures/holm-statsmodels.json")) {
      fixture = new ObjectMapper().readTree(in).get("comp_en_vs_chat_en");
    }
    LanguagePair lp = report.pairs().get(0).languages().get(Language.ENGLISH);
    List<Integer> types = List.copyOf(lp.byType().keySet());
    assertThat(types).hasSize(fixture.get("discordant").size());
    for (int i = 0; i < types.size(); i++) {
      PairedFigures f = lp.byType().get(types.get(i));
      JsonNode bc = fixture.get("discordant").get(i);
      assertThat(List.of(f.aOnly().size(), f.bOnly().size())).as("type %d", types.get(i))
          .containsExactly(bc.get(0).asInt(), bc.get(1).asInt());
      assertThat(f.mcnemarP()).isCloseTo(fixture.get("mcnemar_p").get(i).asDouble(), within(1e-12));
      assertThat(lp.holm().get(types.get(i))).isCloseTo(fixture.get("holm").get(i).asDouble(), within(1e-12));
    }
  }

  @Test
  void testHeadlessChromiumLaysOutTheForestPlot() throws Exception {
    Optional<Path> chromium = chromium();
    String missing = "no chromium or chromium-browser on the PATH: headless browser check not run"
        + " (apt-get install -y chromium)";
    if (chromium.isEmpty() && "true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(missing + "; under CI=true the check is required (.ci/run installs Chromium)");
    }
    assumeTrue(chromium.isPresent(), missing);
    Path page = dir.resolve("compare.html");
    Files.writeString(page, report.html());
    Path dom = dir.resolve("dom.html");
    Process p = new ProcessBuilder(chromium.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + dir.resolve("profile"), "--window-size=1280,2000", "--virtual-time-budget=5000",
        "--dump-dom", page.toUri().toString())
        .redirectOutput(dom.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    Document rendered = Jsoup.parse(Files.readString(dom, StandardCharsets.UTF_8));
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo("1");
    assertThat(rendered.select("section.language.en table.by-type.en tr")).hasSize(1 + 1 + 26);
    io.clarq.eval.report.HeadlessChromium.require(dir).screenshot(page, "", "compare", 1280, 1700);
  }

  static Optional<Path> chromium() {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator))
        .flatMap(d -> Stream.of("chromium", "chromium-browser").map(n -> Path.of(d, n)))
        .filter(Files::isExecutable).findFirst();
  }
}
