package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.eval.report.HeadlessChromium;
import io.clarq.eval.results.WrittenFileSchemas;
import io.clarq.eval.scorecard.Scorecard;
import io.clarq.eval.scorecard.ScorecardJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clarq scorecard} and {@code clarq leaderboard} on scorecards, over suite folders whose entries each
 * benchmark's own command wrote offline ({@link SuiteFolders}): the scorecard's figures equal what each run's own
 * summary (and, for the per-item measures, compare and leaderboard) give; two agents make a board per entry; agents
 * over different items are refused, or ranked on the shared items and marked.
 */
class ScorecardCommandTest extends CommandTestBase {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path tmp;
  private static SuiteFolders.Servers servers;
  private static Path a;
  private static Path b;

  @BeforeAll
  static void suites() throws Exception {
    io.clarq.core.testing.SharedData.require("mediq");
    servers = SuiteFolders.Servers.start();
    a = SuiteFolders.write(tmp.resolve("suite-a"), "agent-a", "offline:one-question", 6, 1, 1, servers);
    b = SuiteFolders.write(tmp.resolve("suite-b"), "agent-b", "offline:three-questions", 6, 3, 2, servers);
  }

  @AfterAll
  static void stop() {
    if (servers != null) {
      servers.close();
    }
  }

  private static JsonNode json(Path file) throws Exception {
    return JSON.readTree(file.toFile());
  }

  @Test
  void testScorecardFiguresEqualEachRunsOwnSummary() throws Exception {
    assertThat(run("scorecard", a.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("scorecard agent-a, agent offline:one-question", "wrote "
        + a.resolve("scorecard.json"));
    Scorecard card = ScorecardJson.read(a.resolve("scorecard.json"));
    assertThat(card.entries()).extracting(Scorecard.Entry::id).containsExactly("clarq-llm", "cq", "mediq", "toa");
    assertThat(WrittenFileSchemas.schemas().validateFile("scorecard.schema.json", a.resolve("scorecard.json")))
        .isEmpty();

    // ClarQ-LLM: success per language as the run's headline and its statistics (Wilson) give it
    JsonNode clarq = json(a.resolve("clarq-llm/results.json"));
    Scorecard.Entry c = entry(card, "clarq-llm");
    assertThat(c.figures()).extracting(Scorecard.Figure::label).containsExactly("en", "zh");
    for (Scorecard.Figure f : c.figures()) {
      assertThat(f.estimate().value()).isEqualTo(clarq.at("/figures/" + f.label() + "/success").asDouble());
      JsonNode ci = clarq.at("/languages/" + f.label() + "/statistics/success/ci95");
      assertThat(f.estimate().interval().lower()).isEqualTo(ci.get(0).asDouble());
      assertThat(f.estimate().interval().upper()).isEqualTo(ci.get(1).asDouble());
      assertThat(f.items()).isEqualTo(clarq.at("/figures/" + f.label() + "/dialogues").asInt());
    }
    assertThat(c.usage()).containsKeys("seeker", "provider");

    // MediQ: accuracy and its Wilson interval, as summary.md prints them
    Scorecard.Entry m = entry(card, "mediq");
    Scorecard.Figure mf = m.figures().get(0);
    assertThat(Files.readString(a.resolve("mediq/summary.md"))).contains(String.format(Locale.ROOT,
        "| all | %d | %.4f [%.4f, %.4f] |", mf.items(), mf.estimate().value(), mf.estimate().interval().lower(),
        mf.estimate().interval().upper()));
    assertThat(mf.items()).isEqualTo(12);
    assertThat(m.agent()).isEqualTo("expert: overlap(questions=1)");

    // TOA: the mean recovered F1 is the summary's F1 on x^r
    Scorecard.Entry t = entry(card, "toa");
    assertThat(t.measure()).isEqualTo("f1_recovered");
    assertThat(t.figures().get(0).estimate().value())
        .isCloseTo(json(a.resolve("toa/results.json")).at("/figures/f1/recovered").asDouble(), within(1e-12));
    assertThat(t.models()).containsKey("primary");

    // CQ: the rubric score is the judge's shares in points, (2 good + fair) per scale / 4
    JsonNode cq = json(a.resolve("cq/results.json")).path("figures");
    double points = (2 * cq.at("/naturalness/good").asDouble() + cq.at("/naturalness/fair").asDouble()
        + 2 * cq.at("/usefulness/good").asDouble() + cq.at("/usefulness/fair").asDouble()) / 4;
    assertThat(entry(card, "cq").figures().get(0).estimate().value()).isCloseTo(points, within(1e-12));

    // TOA and CQ: value and interval are what clarq leaderboard gives for the run alone
    for (String id : List.of("toa", "cq")) {
      Path board = tmp.resolve("alone-" + id);
      assertThat(run("leaderboard", a.resolve(id).toString(), "--out", board.toString())).as(err.toString())
          .isZero();
      JsonNode mean = json(board.resolve("leaderboard.json")).at("/rows/0/mean");
      Scorecard.Figure f = entry(card, id).figures().get(0);
      assertThat(f.estimate().value()).isEqualTo(mean.get("value").asDouble());
      assertThat(f.estimate().interval().lower()).isEqualTo(mean.at("/ci95/0").asDouble());
      assertThat(f.estimate().interval().upper()).isEqualTo(mean.at("/ci95/1").asDouble());
    }
    assertThat(entry(card, "cq").models()).containsEntry("judge", "openai:judge-model");
  }

  @Test
  void testPageHasOnePanelPerEntryWithItsFigure() throws Exception {
    assertThat(run("scorecard", b.toString())).as(err.toString()).isZero();
    Scorecard card = ScorecardJson.read(b.resolve("scorecard.json"));
    Document page = Jsoup.parse(b.resolve("scorecard.html").toFile());
    assertThat(page.select("p.agent").text()).isEqualTo("Agent: offline:three-questions");
    assertThat(page.select("div.panels > section.panel")).hasSize(4);
    for (Scorecard.Entry e : card.entries()) {
      Element panel = page.selectFirst("section.panel[data-entry=" + e.id() + "]");
      assertThat(panel).as(e.id()).isNotNull();
      assertThat(panel.attr("data-benchmark")).isEqualTo(e.benchmark());
      assertThat(panel.select("div.chart svg circle.figure")).hasSize(e.figures().size());
      String first = e.figures().get(0).estimate().value() >= 0 ? String.format(Locale.ROOT, "%.4f",
          e.figures().get(0).estimate().value()) : "undefined";
      assertThat(panel.select("p.figure span.value")).hasSize(e.figures().size());
      assertThat(panel.select("p.figure").text()).contains(e.measure(), first);
      assertThat(panel.select("ul.facts li")).isNotEmpty();
    }
    assertThat(page.select("section.panel[data-entry=clarq-llm] li.usage").text()).contains("seeker", "cached");
    // MediQ played 2 trials: pass^k as the run's results.json records it
    Scorecard.Entry m = card.entries().stream().filter(e -> e.id().equals("mediq")).findFirst().orElseThrow();
    assertThat(m.trials()).isEqualTo(2);
    JsonNode hat = json(b.resolve("mediq/results.json")).at("/figures/trials/overall/pass_hat_k");
    assertThat(m.passHat().get("all")).containsExactly(hat.get(0).asDouble(), hat.get(1).asDouble());
    assertThat(page.select("section.panel[data-entry=mediq] li.trials").text()).isEqualTo(String.format(Locale.ROOT,
        "2 trials; pass^1 %.3f, pass^2 %.3f", hat.get(0).asDouble(), hat.get(1).asDouble()));
    assertThat(page.select("section.panel[data-entry=mediq] li.usage").text())
        .isEqualTo("tokens: none (no model played a role), or not recorded (a run written before clarq recorded"
            + " usage by role)");
    assertThat(page.select("section#deviations h3")).isEmpty();
    assertThat(page.select("section#deviations p.no-deviations").text())
        .isEqualTo("No entry's run departed from its reference protocol.");
    assertThat(page.select("p.method").text()).contains("common 0 to 1 scale");
  }

  @Test
  void testTwoAgentsScorecardsMakeABoardPerEntry() throws Exception {
    assertThat(run("scorecard", a.toString())).as(err.toString()).isZero();
    assertThat(run("scorecard", b.toString())).as(err.toString()).isZero();
    Path out = tmp.resolve("board");
    assertThat(run("leaderboard", a.resolve("scorecard.json").toString(), b.toString(), "--out", out.toString()))
        .as(err.toString()).isZero();
    for (String id : List.of("clarq-llm", "cq", "mediq", "toa")) {
      assertThat(out.resolve(id).resolve("leaderboard.html")).as(id).exists();
      assertThat(WrittenFileSchemas.validateTree(out.resolve(id))).as(id).isEmpty();
    }
    JsonNode mediq = json(out.resolve("mediq/leaderboard.json"));
    assertThat(mediq.path("rows")).hasSize(2);
    assertThat(List.of(mediq.at("/rows/0/run").asText(), mediq.at("/rows/1/run").asText()))
        .containsExactlyInAnyOrder("agent-a", "agent-b");
    assertThat(mediq.path("shared_items").isNull()).isTrue();
    assertThat(mediq.path("trial_note").asText()).contains("agent-b: 2");
    JsonNode clarq = json(out.resolve("clarq-llm/leaderboard.json"));
    assertThat(clarq.toString()).contains("agent-a", "agent-b");
    // the same demo for both agents: equal success, one shared rank
    assertThat(Files.readString(out.resolve("clarq-llm/leaderboard.md"))).contains("1=");
    assertThat(this.out.toString()).contains("## entry mediq (mediq)");
  }

  @Test
  void testAgentsOverDifferentItemsAreRefusedOrRankedOnTheSharedItems() throws Exception {
    Path c = SuiteFolders.write(tmp.resolve("suite-c"), "agent-c", "offline:fewer", 4, 3, 1, servers);
    Files.delete(c.resolve("suite.json"));
    // a generation run beside the entries: no headline of its own (its judging run gives CQ's), named, not ranked
    SuiteFolders.run(io.clarq.core.testing.SharedData.root(), "cq", "generate", "--data",
        io.clarq.core.testing.SharedData.require("clariq-fkw").toString(), "--split", "dev", "--generator",
        "template", "--limit", "2", "--out", c.resolve("cq-questions").toString());
    assertThat(run("scorecard", c.toString())).as(err.toString()).isZero();
    Scorecard card = ScorecardJson.read(c.resolve("scorecard.json"));
    assertThat(card.entries()).hasSize(4);
    assertThat(card.others()).extracting(Scorecard.Other::id, Scorecard.Other::benchmark)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("cq-questions", "cq-generate"));
    assertThat(Jsoup.parse(c.resolve("scorecard.html").toFile()).select("ul.others li").text())
        .startsWith("cq-questions: not judged: no judge in the suite: a CQ generation run");
    assertThat(card.name()).isEqualTo("suite-c");
    assertThat(card.agentSource()).isEqualTo("runs");
    assertThat(card.agent()).contains("mediq: expert: overlap(questions=3)");

    err.getBuffer().setLength(0);
    assertThat(run("leaderboard", a.toString(), c.toString(), "--out", tmp.resolve("refused").toString()))
        .isNotZero();
    assertThat(err.toString()).contains("entry cq: runs over different item sets cannot share a board");
    Path out = tmp.resolve("shared");
    assertThat(run("leaderboard", a.toString(), c.toString(), "--shared-tasks", "--out", out.toString()))
        .as(err.toString()).isZero();
    JsonNode mediq = json(out.resolve("mediq/leaderboard.json"));
    assertThat(mediq.at("/shared_items/items").asInt()).isEqualTo(8);
    assertThat(out.resolve("cq-questions")).doesNotExist();
    assertThat(Files.readString(out.resolve("mediq/leaderboard.md"))).contains("Ranked on the 8 items all runs hold");

    // an entry one suite lacks is ranked among the others, and the output names the suite left out
    Files.move(c.resolve("toa"), tmp.resolve("toa-of-c"));
    this.out.getBuffer().setLength(0);
    assertThat(run("leaderboard", a.toString(), c.toString(), "--shared-tasks", "--out",
        tmp.resolve("without-toa").toString())).as(err.toString()).isZero();
    assertThat(this.out.toString()).contains("not on this board (their suites hold no entry toa): suite-c");
    assertThat(json(tmp.resolve("without-toa/toa/leaderboard.json")).path("rows")).hasSize(1);

    err.getBuffer().setLength(0);
    assertThat(run("leaderboard", a.toString(), a.resolve("mediq").toString(), "--out",
        tmp.resolve("mixed").toString())).isNotZero();
    assertThat(err.toString()).contains("give scorecards or runs, not both");
  }

  /**
   * A MediQ entry whose expert and patient are models (on the loopback fake server): each role's tokens as its
   * results.json records them, priced by the role's model, the deviation its run recorded, and the agent from
   * suite.json's object.
   */
  @Test
  void testAModelExpertsTokensAndDeviationAreOnTheCard() throws Exception {
    Path d = Files.createDirectories(tmp.resolve("suite-d"));
    Files.writeString(d.resolve("suite.json"), "{\"name\": \"d\", \"agent\": {\"spec\": \"openai:m\"},"
        + " \"benchmarks\": [\"mediq\"]}");
    try (io.clarq.core.testing.FakeOpenAiServer server = io.clarq.core.testing.FakeOpenAiServer.start(
        r -> io.clarq.core.testing.FakeReply.text("A").withUsage(100, 7))) {
      SuiteFolders.run(io.clarq.core.testing.SharedData.root(), "mediq", "run", "--datasets", "craft_md", "--limit",
          "2", "--expert", "numerical-cutoff", "--expert-model", "openai:m", "--base-url",
          server.baseUrl().toString(), "--patient", "fact-select", "--use-data-facts", "--max-questions", "2",
          "--out", d.resolve("mediq").toString());
    }
    Path tasks = io.clarq.core.testing.SharedData.require("clarq-llm/tasks");
    try (io.clarq.core.testing.FakeOpenAiServer server = io.clarq.core.testing.FakeOpenAiServer.start(
        new io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel(java.time.Duration.ZERO)::reply)) {
      assertThat(run("run", "--seeker", "openai:sim", "--base-url", server.baseUrl().toString(), "--provider",
          "offline", "--tasks", tasks.toString(), "--select", "3.1,4.2", "--trials", "2", "--out",
          d.resolve("clarq-llm").toString())).as(err.toString()).isZero();
    }
    String prices = "m=1.00/2.00,sim=3.00/4.00/1.50";
    assertThat(run("scorecard", d.toString(), "--prices", prices)).as(err.toString()).isZero();
    Scorecard card = ScorecardJson.read(d.resolve("scorecard.json"));
    assertThat(card.agent()).isEqualTo("openai:m");

    // ClarQ-LLM with trials: pass^k per language and the cost as the run's results.json and the board give them
    Scorecard.Entry c = card.entries().get(0);
    assertThat(c.id()).isEqualTo("clarq-llm");
    assertThat(c.trials()).isEqualTo(2);
    io.clarq.eval.leaderboard.RunExtras extras = io.clarq.eval.leaderboard.RunExtras.of(d.resolve("clarq-llm"),
        java.util.Optional.of(io.clarq.core.llm.usage.PriceTable.parse(prices)));
    assertThat(c.passHat()).isNotEmpty();
    c.passHat().forEach((language, hat) -> assertThat(hat)
        .isEqualTo(extras.passHat().get(io.clarq.core.clarqllm.task.Language.parse(language))));
    assertThat(c.usage().get("seeker").inputTokens()).isPositive();
    assertThat(c.cost().getAsDouble()).isEqualTo(extras.cost().getAsDouble());

    Scorecard.Entry m = card.entries().get(1);
    long in = 0;
    long outTokens = 0;
    for (String line : Files.readAllLines(d.resolve("mediq/consultations.jsonl"))) {
      for (JsonNode t : JSON.readTree(line).path("turns")) {
        in += t.path("input_tokens").asLong();
        outTokens += t.path("output_tokens").asLong();
      }
    }
    assertThat(in).isPositive();
    // the expert's calls are those its turns record (100 prompt and 7 completion tokens each, none cached)
    assertThat(m.usage()).containsOnlyKeys("expert", "patient");
    assertThat(m.usage().get("expert")).isEqualTo(new Scorecard.RoleUsage(in / 100, in, outTokens, 0));
    Scorecard.RoleUsage patient = m.usage().get("patient");
    assertThat(patient.inputTokens()).isEqualTo(patient.calls() * 100);
    // both roles are model m, priced at 1.00 / 2.00 per million tokens
    assertThat(m.cost().getAsDouble()).isCloseTo((in + patient.inputTokens()) * 1e-6
        + (outTokens + patient.outputTokens()) * 2e-6, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(m.deviations()).isNotEmpty();
    assertThat(m.deviations().toString()).contains("patient answers from the data set's facts");
    assertThat(WrittenFileSchemas.schemas().validateFile("scorecard.schema.json", d.resolve("scorecard.json")))
        .isEmpty();
    Document page = Jsoup.parse(d.resolve("scorecard.html").toFile());
    assertThat(page.select("section.panel[data-entry=mediq] li.usage").text())
        .isEqualTo("tokens: expert " + in + " in (0 cached) / " + outTokens + " out; patient "
            + patient.inputTokens() + " in (0 cached) / " + patient.outputTokens() + " out");
    assertThat(page.select("section.panel[data-entry=mediq] li.deviations").text()).contains("1 deviation");
    assertThat(page.select("section#deviations h3").eachText()).containsExactly("mediq");
    assertThat(page.select("section#deviations ul.deviations li").text())
        .contains("patient answers from the data set's facts");
    assertThat(page.select("section#deviations p.no-deviations").text()).isEqualTo("No deviations: clarq-llm.");
    assertThat(page.select("section.panel[data-entry=clarq-llm] li.trials").text()).startsWith("2 trials; en: pass^1");
  }

  /** The page in headless Chromium, 1280 pixels wide: every panel's chart laid out; the screenshot for docs/img. */
  @Test
  void testHeadlessChromiumLaysOutEveryPanel() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.require(Files.createDirectories(tmp.resolve("chromium")));
    assertThat(run("scorecard", b.toString())).as(err.toString()).isZero();
    Path page = b.resolve("scorecard.html");
    Document rendered = chromium.dom(page, "", 1280);
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo("4");
    assertThat(rendered.body().attr("data-tables-cut")).isIn("", "0");
    chromium.screenshot(page, "", "scorecard", 1280, 1100);
  }

  private static Scorecard.Entry entry(Scorecard card, String id) {
    return card.entries().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
  }
}
