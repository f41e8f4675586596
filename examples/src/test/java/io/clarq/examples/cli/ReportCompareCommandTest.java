package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.Regressions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq evaluate --report}, {@code clarq report} and {@code clarq compare} on the published runs. */
class ReportCompareCommandTest extends CommandTestBase {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Regressions PUBLISHED = Regressions.of("clarq-llm");
  private static final Regressions INTERVAL = PUBLISHED.table("success_interval");
  private static final Regressions PAIR = PUBLISHED.table("comparison");
  private static final String COMP_VS_CHAT = "provider.Comp.En vs provider.Chat.En";
  @TempDir Path tmp;

  @Test
  void testEvaluateWritesAReportOfEveryPublishedDialogue() throws Exception {
    int code = run("evaluate", "--tasks", data("tasks/English"), "--transcripts", published("Comp.En"),
        "--verdicts", data("judge-verdicts.jsonl"), "--report", tmp.toString(), "--json");
    assertThat(code).as(err.toString()).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("judge").asText()).isEqualTo("verdicts judge-verdicts.jsonl");
    JsonNode stats = json.get("statistics");
    PUBLISHED.assertFigure("provider.Comp.En", "success", stats.get("success").get("value").asDouble());
    // 126 of 260 by Wilson's formula (see StatsTest)
    INTERVAL.assertFigure("provider.Comp.En", "lower", stats.get("success").get("ci95").get(0).asDouble());
    INTERVAL.assertFigure("provider.Comp.En", "upper", stats.get("success").get("ci95").get(1).asDouble());
    assertThat(stats.get("by_type")).hasSize(26);
    assertThat(stats.get("by_gold_lines").fieldNames()).toIterable().containsExactly("2", "3", "4", "5", "6");
    // test-split tasks by non-root nodes: 1/40/102/83/34 (docs/protocol/clarq-llm.md §1)
    assertThat(stats.get("by_gold_lines").get("4").get("dialogues").asInt()).isEqualTo(102);
    Document doc = Jsoup.parse(Files.readString(tmp.resolve("report.html")));
    assertThat(doc.select("details.dialogue")).hasSize(260);
    assertThat(doc.select("table.by-type.en tr.row")).hasSize(26);
    assertThat(doc.select("table.by-gold-lines.en tr.row")).hasSize(5);
  }

  @Test
  void testCompareCompletionAndChatEnglish() throws Exception {
    Path html = tmp.resolve("compare.html");
    int code = run("compare", "--tasks", data("tasks/English"), "--verdicts", data("judge-verdicts.jsonl"),
        published("Comp.En"), published("Chat.En"), "--json", "--html", html.toString());
    assertThat(code).as(err.toString()).isZero();
    JsonNode pair = JSON.readTree(out.toString()).get("pairs").get(0);
    assertThat(pair.get("shared").asInt()).isEqualTo(260);
    PUBLISHED.assertFigure("provider.Comp.En", "success", pair.get("success_a").asDouble());
    PUBLISHED.assertFigure("provider.Chat.En", "success", pair.get("success_b").asDouble());
    int aOnly = pair.get("a_only").size();
    int bOnly = pair.get("b_only").size();
    // the successes differ by the discordant counts
    assertThat(aOnly - bOnly).isEqualTo(Math.round(PAIR.figure(COMP_VS_CHAT, "success_difference") * 260));
    assertThat(pair.get("a_only").get(0).asText()).matches("en:\\d+\\.\\d");
    assertThat(aOnly).isEqualTo(PAIR.whole(COMP_VS_CHAT, "a_only"));
    assertThat(bOnly).isEqualTo(PAIR.whole(COMP_VS_CHAT, "b_only"));
    PAIR.assertFigure(COMP_VS_CHAT, "mcnemar_p", pair.get("mcnemar_p").asDouble());
    JsonNode diff = pair.get("success_difference");
    double difference = PAIR.figure(COMP_VS_CHAT, "success_difference");
    assertThat(diff.get("value").asDouble()).isCloseTo(difference, within(1e-12));
    assertThat(diff.get("ci95").get(0).asDouble()).isLessThan(difference);
    assertThat(diff.get("ci95").get(1).asDouble()).isGreaterThan(difference);
    // the published AQDs' difference, to their printed precision
    assertThat(pair.get("aqd_difference").get("value").asDouble()).isCloseTo(
        PUBLISHED.figure("provider.Comp.En", "aqd") - PUBLISHED.figure("provider.Chat.En", "aqd"),
        within(2 * PUBLISHED.tolerance()));
    assertThat(pair.get("by_type")).hasSize(26);
    Document page = Jsoup.parse(Files.readString(html));
    assertThat(page.select("table.by-type tr")).hasSize(1 + 1 + 26);
  }

  @Test
  void testReportRewritesTheReportOfARunDirectoryAndCompareReadsRunDirectories() throws Exception {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    assertThat(run("demo", "--output", a.toString())).isZero();
    assertThat(run("demo", "--judge", "none", "--output", b.toString())).isZero();
    String before = Files.readString(a.resolve("report.html"));
    Files.delete(a.resolve("report.html"));
    out.getBuffer().setLength(0);
    assertThat(run("report", a.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("report: " + a.resolve("report.html"));
    assertThat(Files.readString(a.resolve("report.html"))).isEqualTo(before);
    out.getBuffer().setLength(0);
    assertThat(run("compare", a.toString(), b.toString())).as(err.toString()).isZero();
    // same dialogues, judged by the offline judge in a and by none in b: the unjudged leave the success comparison
    assertThat(out.toString()).contains("A: a (judge: offline)").contains("B: b (judge: none)")
        .contains("shared dialogues 20, judged in both 17").contains("AQD A-B 0.0000 [0.0000, 0.0000]");
    assertThat(run("report", tmp.resolve("missing").toString())).isEqualTo(2);
  }
}
