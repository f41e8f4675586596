package io.clarq.eval.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.clarq.core.judge.offline.OfflineJudge;
import io.clarq.eval.run.RunResult;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads report.html in a headless Chromium from disk and checks the browser laid out every chart (the page counts
 * the charts whose SVG has a non-empty box into {@code data-charts-rendered} on load) and every dialogue. Where no
 * Chromium is installed ({@code apt-get install -y chromium}) it is skipped with a message, except under
 * {@code CI=true}, where it fails: CI ({@code .ci/run}) installs Chromium, so a missing one is a broken setup.
 */
class ReportBrowserTest {
  @TempDir Path dir;

  @Test
  void testHeadlessChromiumRendersEveryChartAndDialogue() throws Exception {
    Optional<Path> chromium = chromium();
    String missing = "no chromium or chromium-browser on the PATH: headless browser check not run"
        + " (apt-get install -y chromium)";
    if (chromium.isEmpty() && "true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(missing + "; under CI=true the check is required (.ci/run installs Chromium)");
    }
    assumeTrue(chromium.isPresent(), missing);
    RunResult r = ReportFixture.run(dir, new OfflineJudge());
    Path dom = dir.resolve("dom.html");
    Process p = new ProcessBuilder(chromium.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + dir.resolve("profile"), "--virtual-time-budget=5000", "--dump-dom",
        r.reportFile().toUri().toString())
        .redirectOutput(dom.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    Document rendered = Jsoup.parse(Files.readString(dom, StandardCharsets.UTF_8));
    int charts = Jsoup.parse(Files.readString(r.reportFile())).select("div.chart svg").size();
    assertThat(charts).isEqualTo(4);
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo(String.valueOf(charts));
    assertThat(rendered.select("details.dialogue")).hasSize(2 * ReportFixture.TYPES * 10);
  }

  static Optional<Path> chromium() {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator))
        .flatMap(d -> Stream.of("chromium", "chromium-browser").map(n -> Path.of(d, n)))
        .filter(Files::isExecutable).findFirst();
  }
}
