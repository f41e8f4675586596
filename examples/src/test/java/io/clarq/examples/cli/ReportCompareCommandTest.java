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
  private static final Regressions DETECTABLE = PUBLISHED.table("minimum_detectable_difference");
  private static final String COMP_VS_CHAT = "provider.Comp.En vs provider.Chat.En";
  @TempDir Path tmp;

  @Test
  void testEvaluateWritesAReportOfEveryPublishedDialogue() throws Exception {
    int code = run("evaluate", "--tasks", data("tasks/English"), "--transcripts", published("Comp.En"),
        "--verdicts", data("judge-verdicts.jsonl"), "--report", tmp.toString(), "--json");
    assertThat(code).as(err.toString()).isZero();
    JsonNode json = JSON.readTree(out.toString());
    // the reference copy holds the paper's verdicts (their digest is the one the fetch derives)
    assertThat(json.get("judge").asText()).isEqualTo("verdicts judge-verdicts.jsonl (the paper's GPT-4o judge)");
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
    JsonNode root = JSON.readTree(out.toString());
    JsonNode compared = root.get("pairs").get(0);
    assertThat(compared.get("setup_differences")).isEmpty();
    assertThat(compared.get("languages").fieldNames()).toIterable().containsExactly("en");
    JsonNode pair = compared.get("languages").get("en");
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
    // Connor's minimum detectable difference, solved by scipy (regressions/clarq-llm.json has the command)
    JsonNode mdd = pair.get("minimum_detectable_difference");
    assertThat(mdd.get("pairs").asInt()).isEqualTo((int) DETECTABLE.whole(COMP_VS_CHAT, "pairs"));
    assertThat(mdd.get("discordant").asInt()).isEqualTo((int) DETECTABLE.whole(COMP_VS_CHAT, "discordant"));
    DETECTABLE.assertFigure(COMP_VS_CHAT, "value", mdd.get("value").asDouble());
    assertThat(mdd.get("exceeded").asBoolean()).isTrue();   // 0.35 > 0.1099
    assertThat(root.get("detectable_difference").get("source").asText()).contains("Connor (1987)");
    assertThat(pair.get("by_type")).hasSize(26);
    pair.get("by_type").forEach(t -> assertThat(t.get("mcnemar_p_holm").asDouble())
        .isBetween(t.get("mcnemar_p").asDouble(), 1.0));
    Document page = Jsoup.parse(Files.readString(html));
    assertThat(page.select("#setup-differences")).isEmpty();
    assertThat(page.select("section.language.en table.by-type.en tr")).hasSize(1 + 1 + 26);
    assertThat(page.select("section.language")).hasSize(1);
    assertThat(page.select("section.language.en div.chart svg")).hasSize(1);
    assertThat(page.select("section.language.en p.detectable").text()).contains("0.1099").contains("exceeds");
    // intervals as [a, b]
    assertThat(page.select("table.by-type.en tr").get(1).select("td").get(5).text())
        .matches("0\\.3500 \\[0\\.\\d{4}, 0\\.\\d{4}\\]");
  }

  @Test
  void testCompareNeverSetsOneLanguageAgainstAnotherNorOneSetupAgainstAnother() throws Exception {
    assertThat(run("compare", "--tasks", data("tasks"), "--verdicts", data("judge-verdicts.jsonl"),
        published("Comp.En"), published("Comp.Ch"))).isEqualTo(1);
    assertThat(err.toString()).contains("share no dialogue of the same language and task")
        .contains("(English)").contains("(Chinese)");
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    // the multi-info provider is another setup: refused, naming the provider of each run
    Path multi = Path.of(data("transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_multi_info_provider.Comp.En.json"));
    assertThat(run("compare", "--tasks", data("tasks"), "--verdicts", data("judge-verdicts.jsonl"), multi.toString(),
        published("Comp.En"))).isEqualTo(1);
    assertThat(err.toString()).contains("provider: A l2l_GPT-4o_seeker_vs_GPT-4o_multi_info_provider.Comp.En"
        + " \"multi-info provider (published ClarQ-LLM run)\", B l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En"
        + " \"provider (published ClarQ-LLM run)\"").contains("--allow-different-setup");
    err.getBuffer().setLength(0);
    Path html = tmp.resolve("mixed.html");
    assertThat(run("compare", "--tasks", data("tasks"), "--verdicts", data("judge-verdicts.jsonl"),
        "--allow-different-setup", multi.toString(), published("Comp.En"), "--html", html.toString()))
        .as(err.toString()).isZero();
    assertThat(out.toString()).startsWith("SETUPS DIFFER").contains("provider: A ");
    Document page = Jsoup.parse(Files.readString(html));
    assertThat(page.body().child(0).id()).isEqualTo("setup-differences");
    assertThat(page.select("#setup-differences li").text()).contains("multi-info provider");
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
    // same dialogues, judged by the offline judge in a and by none in b: another setup, refused unless allowed
    assertThat(run("compare", a.toString(), b.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("judge: A a \"offline\", B b \"none\"");
    assertThat(run("compare", "--allow-different-setup", a.toString(), b.toString())).as(err.toString()).isZero();
    // the unjudged leave the success comparison, and the headline is each run's range over all shared dialogues
    assertThat(out.toString()).startsWith("SETUPS DIFFER").contains("A: a (judge: offline)")
        .contains("B: b (judge: none)").contains("English: shared dialogues 10, judged in both")
        .contains("Chinese: shared dialogues 10").contains("unjudged as failures-successes")
        .contains("AQD A-B 0.0000 [0.0000, 0.0000]");
    assertThat(run("report", tmp.resolve("missing").toString())).isEqualTo(2);
  }
}
