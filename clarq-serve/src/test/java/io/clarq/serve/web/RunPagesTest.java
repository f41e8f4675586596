package io.clarq.serve.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.ComparisonReport;
import io.clarq.eval.leaderboard.Leaderboard;
import io.clarq.eval.leaderboard.LeaderboardFiles;
import io.clarq.eval.leaderboard.RunExtras;
import io.clarq.eval.report.HtmlReport;
import io.clarq.eval.report.RunReport;
import io.clarq.serve.ServeFixture;
import io.clarq.serve.ServeSettings;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run pages over real run folders (made by {@link ServeFixture}), read back with jsoup: the index and its filters,
 * a report, a comparison and a leaderboard equal to what the commands' code renders, and hostile text shown inert.
 */
class RunPagesTest {
  static final String TOKEN = "test-admin-token-0123456789";
  @TempDir static Path tmp;
  static Path served;
  static ServeApp app;
  static Client client;

  @BeforeAll
  static void start() throws Exception {
    served = ServeFixture.make(tmp);
    app = ServeApp.create(new ServeSettings(List.of(served), ServeSettings.LOOPBACK, 0, TOKEN,
        ServeSettings.DEFAULT_MAX_REQUEST_BYTES)).start();
    client = new Client(app.url());
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  static List<String> ids(Document doc) {
    return doc.select("tr.run").eachAttr("data-id");
  }

  @Test
  void testTheIndexShowsEveryRunWithItsFacts() throws Exception {
    Document doc = client.page("/runs", TOKEN);
    assertThat(ids(doc)).containsExactlyInAnyOrder(ServeFixture.RULES, ServeFixture.HOSTILE_RUN, ServeFixture.TOA,
        ServeFixture.RUNNING);
    Element rules = doc.selectFirst("tr.run[data-id=" + ServeFixture.RULES + "]");
    assertThat(rules.attr("data-benchmark")).isEqualTo("clarq-llm");
    assertThat(rules.attr("data-status")).isEqualTo("finished");
    assertThat(rules.select("td.models").text()).contains("seeker: rule-based").contains("provider: offline");
    assertThat(rules.select("td.figures").text()).matches(".*en success \\d\\.\\d{4}.*zh success \\d\\.\\d{4}.*");
    assertThat(rules.select("td.trials").text()).isEqualTo("1");
    assertThat(rules.select("td.started").text()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC");
    assertThat(rules.select("td.name a").attr("href")).isEqualTo("/report/" + ServeFixture.RULES);
    assertThat(rules.select("input[type=checkbox][name=run]").attr("value")).isEqualTo(ServeFixture.RULES);
    Element toa = doc.selectFirst("tr.run[data-id=" + ServeFixture.TOA + "]");
    assertThat(toa.attr("data-benchmark")).isEqualTo("toa");
    assertThat(toa.select("td.status").text()).isEqualTo("finished, 2 failed");
    assertThat(toa.select("td.figures span.figure").eachText()).containsExactly("examples 53", "f1.primary 0.4123");
    assertThat(toa.select("td.started").text()).isEqualTo("2026-01-02 03:03 UTC");
    assertThat(toa.select("input[type=checkbox][name=run]").attr("value")).as("every benchmark with per-item outcomes"
        + " compares").isEqualTo(ServeFixture.TOA);
    Element running = doc.selectFirst("tr.run[data-id=" + ServeFixture.RUNNING + "]");
    assertThat(running.attr("data-status")).isEqualTo("running");
    assertThat(running.select("input[type=checkbox]")).isEmpty();
    // the kit's filter over the rows, and the pick form's two actions
    assertThat(doc.select("form.filter select[name=benchmark] option").eachAttr("value"))
        .containsExactly("", "clarq-llm", "toa");
    assertThat(doc.select("form#pick button").eachAttr("formaction")).containsExactly("/compare", "/leaderboard");
  }

  @Test
  void testTheServerFiltersAndSortsByQueryParameters() throws Exception {
    Document toa = client.page("/runs?benchmark=toa", TOKEN);
    assertThat(ids(toa)).containsExactly(ServeFixture.TOA);
    assertThat(toa.select("p.summary").text()).contains("4 runs under").contains("1 match benchmark toa");
    assertThat(toa.select("p.summary a.show-all").attr("href")).isEqualTo("/runs");
    assertThat(client.page("/runs", TOKEN).select("p.summary a.show-all")).isEmpty();
    assertThat(ids(client.page("/runs?status=running", TOKEN))).containsExactly(ServeFixture.RUNNING);
    assertThat(ids(client.page("/runs?q=HOSTILE", TOKEN))).containsExactly(ServeFixture.HOSTILE_RUN);
    assertThat(ids(client.page("/runs?q=rule-based+offline&benchmark=clarq-llm&status=finished", TOKEN)))
        .containsExactly(ServeFixture.RULES);
    assertThat(ids(client.page("/runs?sort=name&order=asc", TOKEN))).containsExactly(ServeFixture.TOA,
        ServeFixture.HOSTILE_RUN, ServeFixture.RULES, ServeFixture.RUNNING);
    Document desc = client.page("/runs?sort=name&order=desc", TOKEN);
    assertThat(ids(desc)).containsExactly(ServeFixture.RUNNING, ServeFixture.RULES, ServeFixture.HOSTILE_RUN,
        ServeFixture.TOA);
    // the column's link turns the order round
    assertThat(desc.select("th[data-column=name] a").attr("href")).isEqualTo("/runs?sort=name&order=asc");
    assertThat(ids(client.page("/runs?benchmark=mediq", TOKEN))).isEmpty();
  }

  @Test
  void testANewRunAppearsWithoutARestart() throws Exception {
    int before = ids(client.page("/runs", TOKEN)).size();
    Path late = served.resolve("late/run");
    Files.createDirectories(late);
    Files.copy(served.resolve("toa/dev/results.json"), late.resolve("results.json"));
    try {
      assertThat(ids(client.page("/runs", TOKEN))).hasSize(before + 1).contains("0/late/run");
    } finally {
      Files.delete(late.resolve("results.json"));
      Files.delete(late);
      Files.delete(late.getParent());
    }
    assertThat(ids(client.page("/runs", TOKEN))).hasSize(before);
  }

  @Test
  void testAReportIsTheRunsOwnPageAndARunningRunShowsItsFacts() throws Exception {
    HttpResponse<String> r = client.get("/report/" + ServeFixture.RULES, AdminAuth.HEADER, TOKEN);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).isEqualTo(Files.readString(served.resolve("demo/rules/report.html")));
    // the page's own scripts are allowed by digest, nothing else
    String csp = r.headers().firstValue("Content-Security-Policy").orElseThrow();
    assertThat(csp).contains("script-src 'sha256-").contains("frame-ancestors 'none'").doesNotContain("unsafe-eval");
    Document running = client.page("/report/" + ServeFixture.RUNNING, TOKEN);
    assertThat(running.select("p").text()).contains("the run is running");
    assertThat(running.select("ul.files a").eachText()).containsExactly("run-config.json");
    HttpResponse<String> config = client.get("/files/" + ServeFixture.RUNNING + "/run-config.json", AdminAuth.HEADER,
        TOKEN);
    assertThat(config.statusCode()).isEqualTo(200);
    assertThat(config.body()).isEqualTo(Files.readString(served.resolve("running/run-config.json")));
    assertThat(config.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
  }

  @Test
  void testAFinishedRunWithoutItsPageIsRenderedByTheReportCode() throws Exception {
    Path copy = Files.createDirectories(served.resolve("bare"));
    try (var files = Files.list(served.resolve("demo/rules"))) {
      for (Path f : files.filter(f -> !f.getFileName().toString().equals("report.html")).toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    try {
      HttpResponse<String> r = client.get("/report/0/bare", AdminAuth.HEADER, TOKEN);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.body()).isEqualTo(HtmlReport.render(RunReport.read(copy)));
      assertThat(copy.resolve("report.html")).as("nothing is written into a run folder").doesNotExist();
    } finally {
      try (var files = Files.list(copy)) {
        for (Path f : files.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(copy);
    }
  }

  @Test
  void testCompareAndLeaderboardAreTheCommandsPages() throws Exception {
    List<ComparedRun> runs = List.of(
        ComparedRun.load(served.resolve("demo/rules"), Optional.empty(), Judge.none()),
        ComparedRun.load(served.resolve("demo/hostile"), Optional.empty(), Judge.none()));
    String q = "?run=" + ServeFixture.RULES + "&run=" + ServeFixture.HOSTILE_RUN;
    HttpResponse<String> compare = client.get("/compare" + q, AdminAuth.HEADER, TOKEN);
    assertThat(compare.statusCode()).isEqualTo(200);
    assertThat(compare.body()).isEqualTo(ComparisonReport.of(runs, Bootstrap.DEFAULT, false).html());
    assertThat(Jsoup.parse(compare.body()).select("section.pair")).isNotEmpty();
    HttpResponse<String> board = client.get("/leaderboard" + q, AdminAuth.HEADER, TOKEN);
    assertThat(board.statusCode()).isEqualTo(200);
    assertThat(board.body()).isEqualTo(LeaderboardFiles.html(Leaderboard.of(runs, List.of(
        RunExtras.of(served.resolve("demo/rules")), RunExtras.of(served.resolve("demo/hostile"))),
        Bootstrap.DEFAULT, false, false)));
    // one run, or runs of two benchmarks, are refused with a plain message
    HttpResponse<String> one = client.get("/compare?run=" + ServeFixture.RULES, AdminAuth.HEADER, TOKEN);
    assertThat(one.statusCode()).isEqualTo(400);
    assertThat(Jsoup.parse(one.body()).select("p.message").text()).contains("at least 2");
    HttpResponse<String> toa = client.get("/compare" + q.replace(ServeFixture.HOSTILE_RUN, ServeFixture.TOA),
        AdminAuth.HEADER, TOKEN);
    assertThat(toa.statusCode()).isEqualTo(400);
    assertThat(Jsoup.parse(toa.body()).select("p.message").text()).contains("Runs of different benchmarks cannot be"
        + " compared");
  }

  @Test
  void testHostileTextFromARunIsShownAsTextAndRunsNothing() throws Exception {
    for (String path : List.of("/runs", "/runs?q=hostile", "/report/" + ServeFixture.HOSTILE_RUN,
        "/compare?run=" + ServeFixture.RULES + "&run=" + ServeFixture.HOSTILE_RUN,
        "/leaderboard?run=" + ServeFixture.HOSTILE_RUN)) {
      Document doc = client.page(path, TOKEN);
      assertThat(doc.select("img")).as(path).isEmpty();
      assertThat(doc.select("[onerror]")).as(path).isEmpty();
      assertThat(doc.select("script")).as(path).allSatisfy(s -> assertThat(s.data()).doesNotContain("pwned"));
      assertThat(doc.text()).as(path).contains("<img src=x onerror=");
    }
    Document index = client.page("/runs", TOKEN);
    assertThat(index.select("tr.run[data-id=" + ServeFixture.HOSTILE_RUN + "] td.models").text())
        .contains("seeker: hostile " + ServeFixture.HOSTILE);
  }
}
