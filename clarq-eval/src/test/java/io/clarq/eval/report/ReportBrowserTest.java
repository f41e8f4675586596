package io.clarq.eval.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.eval.clarqllm.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads report.html in a headless Chromium from disk ({@link HeadlessChromium}: skipped without Chromium, failed under
 * CI=true) and checks the browser laid out every chart (the page counts the charts whose SVG has a non-empty box into
 * {@code data-charts-rendered} on load) and every dialogue, that the filter runs (an address with
 * {@code #language=zh&type=2} shows only those dialogues), and takes a screenshot 1280 pixels wide.
 */
class ReportBrowserTest {
  @TempDir Path dir;

  @Test
  void testHeadlessChromiumRendersEveryChartAndDialogueAndFilters() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.require(dir);
    RunResult r = ReportFixture.run(dir.resolve("run"), new OfflineJudge());
    Document rendered = chromium.dom(r.reportFile(), "");
    int charts = Jsoup.parse(Files.readString(r.reportFile())).select("div.chart svg").size();
    assertThat(charts).isEqualTo(2 + 1 + 2);   // success per type per language, Fig. 4, AQL per language
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo(String.valueOf(charts));
    int all = 2 * ReportFixture.TYPES * 10;
    assertThat(rendered.select("details.dialogue")).hasSize(all);
    assertThat(rendered.select("details.dialogue[hidden]")).isEmpty();
    assertThat(rendered.select("form.filter .filter-count").text()).isEqualTo(all + " of " + all + " shown");

    Document filtered = chromium.dom(r.reportFile(), "language=zh&type=2");
    assertThat(filtered.select("form.filter").attr("data-shown")).isEqualTo("10");
    assertThat(filtered.select("details.dialogue:not([hidden])")).hasSize(10)
        .allSatisfy(d -> assertThat(d.id()).startsWith("d-zh-2."));
    assertThat(filtered.select("form.filter .filter-count").text()).isEqualTo("10 of " + all + " shown");
    Document byText = chromium.dom(r.reportFile(), "q=gather");
    assertThat(byText.select("details.dialogue:not([hidden])")).isNotEmpty()
        .allSatisfy(d -> assertThat(d.text().toLowerCase(java.util.Locale.ROOT)).contains("gather"));

    chromium.screenshot(r.reportFile(), "", "clarq-llm-report", 1280, 1600);
  }

  /**
   * The forecast beside the actual, laid out by the browser: a forecast that names a seeker model (1-2 calls a
   * dialogue) for a seeker that calls none puts the seeker's row outside its range, marked.
   */
  @Test
  void testHeadlessChromiumShowsTheForecastBesideTheActual() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.require(dir);
    io.clarq.eval.clarqllm.RunForecast.PerDialogue none = new io.clarq.eval.clarqllm.RunForecast.PerDialogue(0, 0, 0, 0, 0, 0);
    io.clarq.eval.clarqllm.RunForecast forecast = io.clarq.eval.clarqllm.RunForecast.of(2 * ReportFixture.TYPES * 10,
        java.util.List.of(), new io.clarq.eval.clarqllm.RunForecast.Basis("a test basis",
            new io.clarq.eval.clarqllm.RunForecast.PerDialogue(1, 2, 100, 200, 10, 20), none, none),
        new io.clarq.eval.clarqllm.RunForecast.Models("m", "", ""));
    RunResult r = ReportFixture.run(dir.resolve("run"), new OfflineJudge(), forecast);
    Document rendered = chromium.dom(r.reportFile(), "");
    assertThat(rendered.select("#spending h2").text()).isEqualTo("Forecast and actual");
    assertThat(rendered.select("#spending table.spending tr.row")).hasSize(3);
    assertThat(rendered.select("#spending tr.row.outside td").eachText())
        .containsExactly("seeker", "m", "60-120", "0 (outside)", "6,000-12,000", "0", "600-1,200", "0", "0");
    assertThat(rendered.select("#spending p.muted").text()).contains("a test basis").contains("60 dialogues");
    assertThat(Files.readString(r.summaryFile())).contains("| seeker | m | 60-120 | 0 (outside) |");
  }
}
