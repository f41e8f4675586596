package io.clarq.eval.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.eval.clarqllm.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html parsed with jsoup: its sections, tables, chats, self-containment and escaping. */
class HtmlReportTest {
  @TempDir Path dir;
  @TempDir static Path shared;
  private static RunResult offline;

  /** One offline-judged run for the tests that only read its report. */
  private static synchronized RunResult offlineRun() throws InterruptedException {
    if (offline == null) {
      offline = ReportFixture.run(shared, new OfflineJudge());
    }
    return offline;
  }

  @Test
  void testReportHasEverySectionOneRowPerTypeAndOneChatPerDialogue() throws Exception {
    RunResult r = offlineRun();
    Document doc = Jsoup.parse(Files.readString(r.reportFile()));
    for (String id : List.of("headline", "by-type", "by-gold-lines", "charts", "problems", "dialogues")) {
      assertThat(doc.getElementById(id)).as(id).isNotNull();
    }
    assertThat(doc.select("#headline .judge").text()).isEqualTo("Judge: offline");
    assertThat(doc.select("table.headline tr")).hasSize(1 + 2);   // header + English + Chinese
    for (Language l : Language.values()) {
      assertThat(doc.select("table.by-type." + l.code() + " tr.row")).hasSize(ReportFixture.TYPES);
      assertThat(doc.select("table.by-type." + l.code() + " tr.row").first().text()).startsWith("1 Gather Resources");
    }
    int dialogues = 2 * ReportFixture.TYPES * 10;
    assertThat(doc.select("details.dialogue")).hasSize(dialogues);
    assertThat(doc.select("details.dialogue > ol.chat")).hasSize(dialogues);
    assertThat(doc.select("details.dialogue > table.gold")).hasSize(dialogues);
    // per language a dot plot of success per type; Fig. 4; one AQL histogram per language
    assertThat(doc.select("div.chart > svg")).hasSize(2 + 1 + 2);
    assertThat(doc.select("#by-type div.chart > svg")).hasSize(2);
    // every gold line of every dialogue has a row saying how it was obtained
    int goldLines = r.summaries().values().stream().flatMap(s -> s.scores().stream())
        .mapToInt(s -> s.success().gold().size()).sum();
    assertThat(doc.select("table.gold tr[data-found]")).hasSize(goldLines);
    assertThat(doc.select("table.gold tr[data-found=whole_line] td:eq(2)")).allSatisfy(td ->
        assertThat(td.text()).isEqualTo("verbatim"));
    assertThat(doc.select("li.provider .gives")).isNotEmpty();
  }

  @Test
  void testIntervalsAreBracketedTheJudgeIsNamedOnceAndTheDialoguesCanBeFiltered() throws Exception {
    RunResult r = offlineRun();
    Document doc = Jsoup.parse(Files.readString(r.reportFile()));
    // "[a, b]" everywhere, never "a-b"
    assertThat(doc.select("table.headline tr:eq(1) td:eq(3)").text()).matches("\\[0\\.\\d{4}, [01]\\.\\d{4}\\]");
    assertThat(doc.select("table.by-type td").eachText()).noneMatch(t -> t.matches(".*\\d-\\d.*"));
    // the judge: one name, in the headline; the settings table does not name it again
    assertThat(doc.select("#headline .judge").text()).isEqualTo("Judge: offline");
    assertThat(doc.select("table.settings th").eachText()).doesNotContain("judge");
    assertThat(Files.readString(r.summaryFile())).contains("Judge: offline").doesNotContain("custom");
    // the filter: one select per attribute, options with counts, every dialogue carrying the attributes
    assertThat(doc.select("#dialogues form.filter select").eachAttr("name"))
        .containsExactly("language", "type", "status", "end");
    assertThat(doc.select("form.filter select[name=language] option").eachText())
        .containsExactly("any", "English (30)", "Chinese (30)");
    assertThat(doc.select("form.filter select[name=type] option").eachAttr("value")).containsExactly("", "1", "2", "3");
    assertThat(doc.select("details.dialogue[data-language=zh][data-type=2]")).hasSize(10);
    assertThat(doc.select("details.dialogue")).allSatisfy(d -> {
      assertThat(d.attr("data-status")).isIn("success", "failure", "unjudged");
      assertThat(d.attr("data-end")).isIn("goodbye", "turn_cap", "unknown");
    });
    // the AQL histogram's axis is fitted to the data: every dialogue's AQL is above 0, so is every tick
    double least = r.summaries().values().stream().flatMap(s -> s.scores().stream())
        .mapToDouble(s -> s.aql().reference()).min().orElseThrow();
    org.jsoup.nodes.Element aql = doc.getElementById("chart-aql-en");
    List<Double> ticks = aql.select("text").eachText().stream().filter(t -> t.matches("\\d+\\.\\d+"))
        .map(Double::parseDouble).toList();
    if (least > 1) {
      assertThat(ticks).isNotEmpty().allSatisfy(t -> assertThat(t).isGreaterThan(least / 2));
    }
  }

  @Test
  void testReportIsSelfContainedAndEscapesTranscriptText() throws Exception {
    RunResult r = offlineRun();
    String html = Files.readString(r.reportFile());
    Document doc = Jsoup.parse(html);
    assertThat(doc.select("[src]")).isEmpty();
    assertThat(doc.select("link, img, iframe, object, embed")).isEmpty();
    for (Element e : doc.select("[href], [xlink:href]")) {
      assertThat(e.attr("href") + e.attr("xlink:href")).startsWith("#");
    }
    assertThat(doc.select("meta[http-equiv=Content-Security-Policy]").attr("content")).startsWith("default-src 'none'");
    // the hostile seeker line is text in every chat, never markup
    List<Element> hostile = doc.select("li.seeker").stream()
        .filter(li -> li.text().contains(ReportFixture.HOSTILE)).toList();
    assertThat(hostile).hasSize(2 * ReportFixture.TYPES * 10);
    assertThat(doc.select("script")).hasSize(1);
    assertThat(doc.select("script").first().data()).doesNotContain("pwned");
    assertThat(html).contains("&lt;script&gt;alert('pwned')&lt;/script&gt;").doesNotContain("<script>alert");
  }

  @Test
  void testUnjudgedRunShowsTheRangeAndListsThem() throws Exception {
    RunResult r = ReportFixture.run(dir, Judge.none());
    Document doc = Jsoup.parse(Files.readString(r.reportFile()));
    int unjudged = r.summaries().values().stream().mapToInt(s -> s.unjudged().size()).sum();
    assertThat(unjudged).isPositive();
    assertThat(doc.select("#headline .judge").text()).startsWith("Judge: none");
    // the headline leads with the range over all dialogues (unjudged as failures, as successes); the judged-only
    // rate comes second, labelled; results.json and summary.md say the same
    List<String> heads = doc.select("table.headline th").eachText();
    assertThat(heads.get(2)).startsWith("success, all dialogues");
    assertThat(heads.get(4)).isEqualTo("success, judged only");
    io.clarq.core.clarqllm.metrics.ClarqSummary en = r.summaries().get(io.clarq.core.clarqllm.task.Language.ENGLISH);
    double lower = (double) en.successes() / en.dialogues();
    double upper = (double) (en.successes() + en.unjudged().size()) / en.dialogues();
    String range = String.format(java.util.Locale.ROOT, "[%.4f, %.4f]", lower, upper);
    assertThat(doc.select("table.headline td.success-range").first().text()).isEqualTo(range);
    assertThat(doc.select("table.headline td.success-judged").first().text()).isEqualTo(String.format(
        java.util.Locale.ROOT, "%.4f (judged only)", (double) en.successes() / en.judged()));
    com.fasterxml.jackson.databind.JsonNode success = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(r.results().toFile()).path("languages").path("en").path("success");
    assertThat(success.path("headline").asText()).isEqualTo("range");
    assertThat(success.path("unjudged_as_failures").asDouble()).isEqualTo(lower);
    assertThat(success.path("unjudged_as_successes").asDouble()).isEqualTo(upper);
    assertThat(success.path("judged_only").asDouble()).isEqualTo((double) en.successes() / en.judged());
    assertThat(Files.readString(r.summaryFile())).contains("| English | " + en.dialogues() + " | **" + range + "** |");
    // the minimum detectable difference of a paired comparison on these 30 tasks, by Connor's formula solved with
    // scipy 1.17.1: python3 -c "from scipy.stats import norm; from scipy.optimize import brentq; import math;
    // za, zb = norm.ppf(0.975), norm.ppf(0.8); f = lambda d, p: ((za*math.sqrt(p) + zb*math.sqrt(p-d*d))/d)**2;
    // print([brentq(lambda d: f(d, p) - 30, 1e-9, math.sqrt(p)-1e-12) for p in (0.1, 0.2, 0.4)])"
    // gives 0.1555, 0.2199 (both above their discordance: nothing detectable there) and 0.3109429188231614
    assertThat(en.dialogues()).isEqualTo(30);
    com.fasterxml.jackson.databind.JsonNode at = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(r.results().toFile()).path("languages").path("en").path("minimum_detectable_difference")
        .path("at_discordance");
    assertThat(at.path("0.1").isNull()).isTrue();
    assertThat(at.path("0.2").isNull()).isTrue();
    assertThat(at.path("0.4").asDouble()).isCloseTo(0.3109429188231614, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(Files.readString(r.summaryFile())).contains("English: against another run on these 30 tasks")
        .contains("is none, none, 0.3109 when 10%, 20%, 40% of the tasks are discordant");
    assertThat(doc.select("table.by-type.en th").eachText()).contains("success range");
    assertThat(doc.select("details.list p.unjudged a")).hasSize(unjudged);
    assertThat(doc.select("#problems a.show[href=#status=unjudged]")).hasSize(1);
    assertThat(doc.select("details.dialogue[data-outcome=unjudged]")).hasSize(unjudged);
    assertThat(Files.readString(r.summaryFile())).contains("Judge: none").contains("success range");
  }

  @Test
  void testTheDirectoryReportsWhatTheRunScoredAndAResumeWritesTheSamePage() throws Exception {
    RunResult r = ReportFixture.run(dir, new OfflineJudge());
    ReportInput in = RunReport.read(dir);
    List<DialogueScore> fromDisk = in.dialogues().stream().map(ReportInput.ReportedDialogue::score).toList();
    List<DialogueScore> inMemory = r.summaries().values().stream().flatMap(s -> s.scores().stream()).toList();
    assertThat(fromDisk).containsExactlyInAnyOrderElementsOf(inMemory);   // the breakdowns survive results.json
    String first = Files.readString(r.reportFile());
    RunResult again = ReportFixture.run(dir, new OfflineJudge());
    assertThat(again.resumed()).isEqualTo(2 * ReportFixture.TYPES * 10);
    assertThat(Files.readString(again.reportFile())).isEqualTo(first);
  }

  @Test
  void testADirectoryWithoutAFinishedRunIsRefusedByName() throws Exception {
    assertThatThrownBy(() -> RunReport.write(dir)).hasMessageContaining(dir + " is not a finished clarq run: "
        + "results.json is missing");
    Files.writeString(dir.resolve("results.json"), "{\"format\": \"something else\"}");
    Files.writeString(dir.resolve("transcripts.jsonl"), "");
    assertThatThrownBy(() -> RunReport.write(dir)).hasMessageContaining("not a clarq run results file");
    assertThat(dir.resolve("report.html")).doesNotExist();
  }
}
