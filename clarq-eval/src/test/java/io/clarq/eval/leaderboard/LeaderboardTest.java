package io.clarq.eval.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.report.HeadlessChromium;
import io.clarq.eval.results.WrittenFileSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Boards of the published English ClarQ-LLM runs (provider Comp.En and Chat.En, multi-info provider Comp.En), scored
 * with the paper's GPT-4o verdicts.
 */
class LeaderboardTest {
  private static ComparedRun comp;
  private static ComparedRun chat;
  private static ComparedRun multi;
  @TempDir Path dir;

  @BeforeAll
  static void load() throws Exception {
    Path data = SharedData.require("clarq-llm");
    try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(data.resolve("judge-verdicts.jsonl"), Judge.none())) {
      Path t = data.resolve("transcripts");
      Optional<Path> tasks = Optional.of(data.resolve("tasks"));
      comp = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json"), tasks, judge);
      chat = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json"), tasks, judge);
      multi = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_multi_info_provider.Comp.En.json"), tasks,
          judge);
    }
  }

  private static Leaderboard board(boolean allow, ComparedRun... runs) {
    return Leaderboard.of(List.of(runs), java.util.Collections.nCopies(runs.length, RunExtras.NONE),
        Bootstrap.DEFAULT, allow);
  }

  /*
   * Third-party figures: McNemar's exact two-sided p (binomial, p = 1/2, on the discordant pairs, doubled lower tail,
   * capped at 1) and Holm's adjustment, computed exactly with Python's fractions (Python 3.11; scipy and statsmodels
   * are not installed here; the same definitions as scipy.stats.binomtest and multipletests(method="holm")):
   *   python3 - <<'EOF'
   *   from fractions import Fraction; from math import comb
   *   def mcnemar(b, c):
   *       n = b + c; return min(Fraction(1), 2 * Fraction(sum(comb(n, i) for i in range(min(b, c) + 1)), 2 ** n))
   *   def holm(p):
   *       m = len(p); order = sorted(range(m), key=lambda i: p[i]); out = [0] * m; run = 0
   *       for r, i in enumerate(order): run = max(run, min(1, (m - r) * p[i])); out[i] = run
   *       return out
   *   p = [mcnemar(34, 19), mcnemar(113, 7), mcnemar(98, 7)]
   *   print([float(x) for x in p], [float(x) for x in holm(p)])
   *   EOF
   * prints (multi vs Comp, multi vs Chat, Comp vs Chat; Holm over the three pairs of a three-run board)
   *   [0.053438810537711046, 9.53025294018093e-26, 1.2065431169279858e-21]
   *   [0.053438810537711046, 2.859075882054279e-25, 2.4130862338559716e-21]
   * On a two-run board the one pair is its own family: Holm leaves its p as it is.
   * The discordant counts are the inputs: Comp.En vs Chat.En 98 / 7 is also the sum of the per-type counts in
   * clarq-core's fixtures/holm-statsmodels.json; the others are checked against clarq compare's pairs below.
   */
  private static final double P_COMP_VS_CHAT = 1.2065431169279858e-21;
  private static final double P_MULTI_VS_COMP = 0.053438810537711046;
  private static final double P_MULTI_VS_CHAT = 9.53025294018093e-26;
  private static final double HOLM_MULTI_VS_COMP = 0.053438810537711046;
  private static final double HOLM_MULTI_VS_CHAT = 2.859075882054279e-25;

  @Test
  void testOneSetupBoardRanksCompAboveChatWithoutATie() {
    Leaderboard b = board(false, chat, comp);
    assertThat(b.setupDifferences()).isEmpty();
    assertThat(b.languages()).containsOnlyKeys(Language.ENGLISH);
    List<Leaderboard.Row> rows = b.languages().get(Language.ENGLISH);
    assertThat(rows).extracting(Leaderboard.Row::run).containsExactly(comp.name(), chat.name());
    assertThat(rows).extracting(Leaderboard.Row::rankLabel).containsExactly("1", "2");
    assertThat(rows.get(0).figures().successes()).isEqualTo(126);
    assertThat(rows.get(1).figures().successes()).isEqualTo(35);
    Leaderboard.VersusLeader v = rows.get(1).versusLeader();
    assertThat(List.of(v.shared(), v.judgedInBoth(), v.leaderOnly(), v.runOnly())).containsExactly(260, 260, 98, 7);
    assertThat(v.mcnemarP()).isCloseTo(P_COMP_VS_CHAT, within(1e-30));
    assertThat(v.holmP()).isCloseTo(P_COMP_VS_CHAT, within(1e-30));
    assertThat(rows.get(0).versusLeader()).isNull();
  }

  @Test
  void testAllowedMixedBoardTiesCompWithTheMultiInfoLeaderByHolm() {
    Leaderboard b = board(true, comp, chat, multi);
    assertThat(b.setupDifferences()).singleElement().asString().contains("provider", multi.name(), comp.name());
    List<Leaderboard.Row> rows = b.languages().get(Language.ENGLISH);
    assertThat(rows).extracting(Leaderboard.Row::run).containsExactly(multi.name(), comp.name(), chat.name());
    assertThat(rows).extracting(Leaderboard.Row::rankLabel).containsExactly("1=", "1=", "3");
    assertThat(rows).extracting(Leaderboard.Row::tiedWithLeader).containsExactly(false, true, false);
    assertThat(rows.get(1).significantlyBetter()).isEmpty();
    assertThat(rows.get(2).significantlyBetter()).containsExactly(multi.name(), comp.name());
    Leaderboard.VersusLeader c = rows.get(1).versusLeader();
    Leaderboard.VersusLeader h = rows.get(2).versusLeader();
    assertThat(List.of(c.leaderOnly(), c.runOnly(), h.leaderOnly(), h.runOnly())).containsExactly(34, 19, 113, 7);
    assertThat(c.mcnemarP()).isCloseTo(P_MULTI_VS_COMP, within(1e-12));
    assertThat(h.mcnemarP()).isCloseTo(P_MULTI_VS_CHAT, within(1e-35));
    assertThat(c.holmP()).isCloseTo(HOLM_MULTI_VS_COMP, within(1e-12));
    assertThat(h.holmP()).isCloseTo(HOLM_MULTI_VS_CHAT, within(1e-35));
    // the same discordant pairs as clarq compare finds for each pair with the leader
    var report = io.clarq.eval.compare.ComparisonReport.of(List.of(multi, comp, chat), Bootstrap.DEFAULT, true);
    var mc = report.pairs().get(0).languages().get(Language.ENGLISH).overall();
    var mh = report.pairs().get(1).languages().get(Language.ENGLISH).overall();
    assertThat(List.of(mc.aOnly().size(), mc.bOnly().size(), mh.aOnly().size(), mh.bOnly().size()))
        .containsExactly(34, 19, 113, 7);
  }

  @Test
  void testRunsOfDifferentSetupsAreRefusedWithTheReason() {
    assertThatThrownBy(() -> board(false, comp, multi)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("provider: ")
        .hasMessageContaining("\"multi-info provider (published ClarQ-LLM run)\"")
        .hasMessageContaining(multi.name()).hasMessageContaining("--allow-different-setup");
  }

  @Test
  void testWrittenFilesAgreeAndTheJsonFitsItsSchema() throws Exception {
    Leaderboard b = board(true, comp, chat, multi);
    LeaderboardFiles.write(b, dir);
    assertThat(dir.resolve("leaderboard.json")).exists();
    assertThat(WrittenFileSchemas.validateTree(dir)).isEmpty();
    JsonNode json = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile());
    assertThat(json.path("format").asText()).isEqualTo(LeaderboardFiles.FORMAT);
    assertThat(json.path("setup_differences")).hasSize(1);
    JsonNode en = json.path("languages").path("en");
    assertThat(en).hasSize(3);
    assertThat(en.get(1).path("rank_label").asText()).isEqualTo("1=");
    assertThat(en.get(1).path("versus_leader").path("mcnemar_p_holm").asDouble())
        .isCloseTo(HOLM_MULTI_VS_COMP, within(1e-12));
    List<String> csv = Files.readAllLines(dir.resolve("leaderboard.csv"));
    assertThat(csv).hasSize(4);
    assertThat(csv.get(2)).startsWith("1,en,1,1=,true," + comp.name() + ",260,260,126,");
    String md = Files.readString(dir.resolve("leaderboard.md"));
    assertThat(md.indexOf("setups differ")).isLessThan(md.indexOf("## English"));
    assertThat(md).contains("| 1= | " + comp.name() + " | 0.4846 [0.4245, 0.5451] | 260/260 |");
  }

  @Test
  void testPageOpensWithTheSetupDifferenceAndMarksTheTie() {
    Document doc = Jsoup.parse(LeaderboardPage.render(board(true, comp, chat, multi)));
    assertThat(doc.body().child(0).id()).isEqualTo("setup-differences");
    assertThat(doc.select("section.language")).hasSize(1);
    assertThat(doc.select("section.language.en div.chart svg")).hasSize(1);
    assertThat(doc.select("table.board.en tr.row")).hasSize(3);
    assertThat(doc.select("table.board.en tr.tied td.rank").eachText()).containsExactly("1=");
    assertThat(doc.select("section.language.en div.chart svg text").eachText())
        .anyMatch(t -> t.contains("1=") && t.contains(comp.name()));
    assertThat(doc.select("script[src], link, img[src^=http]")).isEmpty();
    // each run is named with its models beside its name, in the table and on the chart
    assertThat(doc.select("table.board.en td.run span.models").eachText()).hasSize(3).allSatisfy(t -> assertThat(t)
        .startsWith("seeker gpt-4o, provider gpt-4o (published ClarQ-LLM run), judge "));
    assertThat(doc.select("section.language.en div.chart svg text").eachText())
        .anyMatch(t -> t.contains(comp.name() + " (gpt-4o)"));
    assertThat(Jsoup.parse(LeaderboardPage.render(board(false, comp, chat))).select("#setup-differences")).isEmpty();
  }

  @Test
  void testPassHatAndTokensColumnsOnlyWhenARunRecordsThem() throws Exception {
    RunExtras x = new RunExtras(java.util.OptionalLong.of(5000), java.util.Map.of(Language.ENGLISH,
        List.of(0.5, 0.375)), java.util.OptionalDouble.of(3.92));
    Leaderboard b = Leaderboard.of(List.of(comp, chat), List.of(RunExtras.NONE, x), Bootstrap.DEFAULT, false);
    Document doc = Jsoup.parse(LeaderboardPage.render(b));
    assertThat(doc.select("table.board.en tr").first().select("th").eachText()).endsWith("pass^k", "tokens", "cost");
    assertThat(doc.select("table.board.en tr.row").get(1).select("td").eachText())
        .endsWith("^1 0.5000, ^2 0.3750", "5000", "$3.92");
    assertThat(doc.select("table.board.en tr.row").get(0).select("td").eachText()).endsWith("-", "-", "-");
    assertThat(LeaderboardFiles.markdown(b)).contains("| 5000 | $3.92 |");
    assertThat(LeaderboardFiles.csv(b).lines().findFirst().orElseThrow()).endsWith(",tokens,cost_usd,cost_batch");
    LeaderboardFiles.write(b, dir);
    assertThat(WrittenFileSchemas.validateTree(dir)).isEmpty();
    JsonNode row = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile()).path("languages").path("en")
        .get(1);
    assertThat(row.path("pass_hat").toString()).isEqualTo("[0.5,0.375]");
    assertThat(row.path("tokens").asLong()).isEqualTo(5000);
    assertThat(row.path("cost_usd").asDouble()).isEqualTo(3.92);
    Document plain = Jsoup.parse(LeaderboardPage.render(board(false, comp, chat)));
    assertThat(plain.select("table.board.en th").eachText()).doesNotContain("pass^k", "tokens", "cost");
  }

  @Test
  void testCachedTokensAreShownWithTheTokensAsOnTheOutcomeBoards() throws Exception {
    RunExtras x = new RunExtras(java.util.OptionalLong.of(5000), java.util.Map.of(),
        java.util.OptionalDouble.of(1.5), true, java.util.OptionalLong.of(1200));
    Leaderboard b = Leaderboard.of(List.of(comp, chat), List.of(RunExtras.NONE, x), Bootstrap.DEFAULT, false);
    assertThat(LeaderboardFiles.markdown(b)).contains("| 5000 (1200 cached) | $1.50 batch |");
    assertThat(Jsoup.parse(LeaderboardPage.render(b)).select("table.board.en tr.row").get(1).select("td").eachText())
        .endsWith("5000 (1200 cached)", "$1.50 batch");
    LeaderboardFiles.write(b, dir);
    assertThat(WrittenFileSchemas.validateTree(dir)).isEmpty();
    JsonNode rows = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile()).path("languages").path("en");
    assertThat(rows.get(1).path("cached_tokens").asLong()).isEqualTo(1200);
    assertThat(rows.get(0).has("cached_tokens")).isFalse();
  }

  @Test
  void testHeadlessChromiumLaysOutTheDotPlot() throws Exception {
    HeadlessChromium browser = HeadlessChromium.require(dir);
    Path page = dir.resolve("leaderboard.html");
    LeaderboardFiles.write(board(true, comp, chat, multi), dir);
    Document rendered = browser.dom(page, "", 1280);
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo("1");
    assertThat(rendered.select("table.board.en tr.row")).hasSize(3);
    assertThat(rendered.body().attr("data-tables-cut")).as("tables cut off at 1280 px").isEqualTo("0");
    browser.screenshot(page, "", "leaderboard", 1280, 1020);
  }

  /**
   * The widest board: pass^k, tokens and cost columns, a trial note and the significantly-better column. At 1280 px
   * the whole table is in view, no column behind a scrollbar (a narrower window scrolls it inside its own box).
   */
  @Test
  void testHeadlessChromiumFitsTheWidestTableAt1280Pixels() throws Exception {
    HeadlessChromium browser = HeadlessChromium.require(dir);
    RunExtras x = new RunExtras(java.util.OptionalLong.of(123_456_789), java.util.Map.of(Language.ENGLISH,
        List.of(0.5423, 0.4, 0.3333)), java.util.OptionalDouble.of(1234.56));
    ComparedRun trials = new ComparedRun(comp.name(), comp.judge(), comp.scores(), comp.typeNames(), comp.setup(), 3);
    Leaderboard b = Leaderboard.of(List.of(trials, chat, multi), List.of(x, x, x), Bootstrap.DEFAULT, true);
    Path page = dir.resolve("leaderboard.html");
    LeaderboardFiles.write(b, dir);
    browser.screenshot(page, "", "leaderboard-widest", 1280, 1000);
    Document rendered = browser.dom(page, "", 1280);
    assertThat(rendered.select("p#compared-trial")).hasSize(1);
    assertThat(rendered.select("table.board.en tr").first().select("th").eachText()).endsWith("significantly better",
        "pass^k", "tokens", "cost");
    assertThat(rendered.body().attr("data-tables-cut")).as("tables cut off at 1280 px").isEqualTo("0");
  }

  @Test
  void testRunExtrasReadTokensAndPassHatFromResultsJson() throws Exception {
    Files.writeString(dir.resolve("results.json"), "{\"tokens\": 1234, \"trials\": {\"trials\": 2, \"languages\":"
        + " {\"en\": {\"pass_hat\": [0.5, 0.25]}, \"zh\": {\"pass_hat\": [0.4, null]}}}}");
    RunExtras x = RunExtras.of(dir);
    assertThat(x.tokens()).hasValue(1234);
    assertThat(x.passHat().get(Language.ENGLISH)).containsExactly(0.5, 0.25);
    assertThat(x.passHat().get(Language.CHINESE).get(1)).isNaN();
    assertThat(RunExtras.of(dir.resolve("results.json"))).isEqualTo(RunExtras.NONE);
    Files.writeString(dir.resolve("results.json"), "{\"tokens\": ");
    assertThatThrownBy(() -> RunExtras.of(dir)).hasMessageContaining("results.json: not valid JSON, line 1, column")
        .hasMessageNotContaining("Source:");
  }

  /**
   * Cost, worked by hand: the seeker (openai:gpt-4o at 2.50/10.00 per million) used 1,000,000 input and 100,000 output
   * tokens: 2.50 + 1.00 = 3.50; the provider (vllm:qwen2.5-72b at 0.15/0.60) 2,000,000 and 200,000: 0.30 + 0.12 =
   * 0.42; the run cost 3.92. A model without a price, or a results.json without usage, leaves it unknown.
   */
  @Test
  void testRunExtrasPriceTheRecordedUsageByModel() throws Exception {
    Files.writeString(dir.resolve("results.json"), "{\"tokens\": 3300000, \"models\": {\"seeker\": {\"name\":"
        + " \"openai:gpt-4o\"}, \"provider\": {\"name\": \"vllm:qwen2.5-72b\"}}, \"usage\": {\"seeker\":"
        + " {\"calls\": 10, \"input_tokens\": 1000000, \"output_tokens\": 100000}, \"provider\": {\"calls\": 9,"
        + " \"input_tokens\": 2000000, \"output_tokens\": 200000}}}");
    io.clarq.core.llm.usage.PriceTable both = io.clarq.core.llm.usage.PriceTable.parse(
        "gpt-4o=2.50/10.00,qwen2.5-72b=0.15/0.60");
    assertThat(RunExtras.of(dir, java.util.Optional.of(both)).cost().getAsDouble())
        .isCloseTo(3.92, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(RunExtras.of(dir, java.util.Optional.of(io.clarq.core.llm.usage.PriceTable.parse(
        "gpt-4o=2.50/10.00"))).cost()).isEmpty();
    assertThat(RunExtras.of(dir).cost()).isEmpty();
    // a provider that used nothing (offline) needs no price
    Files.writeString(dir.resolve("results.json"), "{\"models\": {\"seeker\": {\"name\": \"openai:gpt-4o\"}},"
        + " \"usage\": {\"seeker\": {\"calls\": 1, \"input_tokens\": 1000000, \"output_tokens\": 0},"
        + " \"provider\": {\"calls\": 0, \"input_tokens\": 0, \"output_tokens\": 0}}}");
    assertThat(RunExtras.of(dir, java.util.Optional.of(both)).cost().getAsDouble())
        .isCloseTo(2.50, org.assertj.core.data.Offset.offset(1e-12));
    Files.writeString(dir.resolve("results.json"), "{\"tokens\": 5}");
    assertThat(RunExtras.of(dir, java.util.Optional.of(both)).cost()).isEmpty();
  }

  /**
   * Cached input tokens at their price, worked by hand: the seeker (gpt-4o at 2.50/10.00, cached input 1.25) read
   * 600,000 of its 1,000,000 input tokens from the provider's cache: 0.4 x 2.50 + 0.6 x 1.25 = 1.75, output 100,000 x
   * 10.00 = 1.00; 2.75 in all, against 3.50 when every input token costs the input price.
   */
  @Test
  void testRunExtrasPriceCachedInputTokensAtTheCachedPrice() throws Exception {
    Files.writeString(dir.resolve("results.json"), "{\"models\": {\"seeker\": {\"name\": \"openai:gpt-4o\"}},"
        + " \"usage\": {\"seeker\": {\"calls\": 10, \"input_tokens\": 1000000, \"output_tokens\": 100000,"
        + " \"cached_input_tokens\": 600000, \"cache_write_tokens\": 0}, \"provider\": {\"calls\": 0,"
        + " \"input_tokens\": 0, \"output_tokens\": 0, \"cached_input_tokens\": 0, \"cache_write_tokens\": 0}}}");
    assertThat(RunExtras.of(dir, java.util.Optional.of(io.clarq.core.llm.usage.PriceTable.parse(
        "gpt-4o=2.50/10.00/1.25"))).cost().getAsDouble()).isCloseTo(2.75, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(RunExtras.of(dir, java.util.Optional.of(io.clarq.core.llm.usage.PriceTable.parse(
        "gpt-4o=2.50/10.00"))).cost().getAsDouble()).isCloseTo(3.50, org.assertj.core.data.Offset.offset(1e-12));
  }

  /**
   * Batch prices, worked by hand: the run of {@link #testRunExtrasPriceTheRecordedUsageByModel} (3.92 synchronous)
   * recorded as played in batch mode costs half, 1.96, with no batch: entry; with batch:gpt-4o=1.00/4.00 the seeker
   * costs 1.00 + 0.40 and the provider half its 0.42: 1.61. Every output marks that cost "batch"; a run that
   * records only its judge in batch mode is priced synchronously (the judge's tokens are not in the cost).
   */
  @Test
  void testARunRecordedInBatchModeCostsHalfTheSameRunRecordedSynchronous() throws Exception {
    String results = "{\"tokens\": 3300000, \"models\": {\"seeker\": {\"name\":"
        + " \"openai:gpt-4o\"}, \"provider\": {\"name\": \"vllm:qwen2.5-72b\"}}, \"usage\": {\"seeker\":"
        + " {\"calls\": 10, \"input_tokens\": 1000000, \"output_tokens\": 100000}, \"provider\": {\"calls\": 9,"
        + " \"input_tokens\": 2000000, \"output_tokens\": 200000}}, \"judge_mode\": \"batch\", \"play_mode\": ";
    java.util.Optional<io.clarq.core.llm.usage.PriceTable> prices = java.util.Optional.of(
        io.clarq.core.llm.usage.PriceTable.parse("gpt-4o=2.50/10.00,qwen2.5-72b=0.15/0.60"));
    Path sync = Files.createDirectories(dir.resolve("sync"));
    Files.writeString(sync.resolve("results.json"), results + "\"synchronous\"}");
    Path batch = Files.createDirectories(dir.resolve("batch"));
    Files.writeString(batch.resolve("results.json"), results + "\"batch\"}");
    RunExtras s = RunExtras.of(sync, prices);
    RunExtras b = RunExtras.of(batch, prices);
    assertThat(s.cost().getAsDouble()).isCloseTo(3.92, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(s.costAtBatchPrices()).isFalse();
    assertThat(b.cost().getAsDouble()).isCloseTo(1.96, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(b.costAtBatchPrices()).isTrue();
    assertThat(RunExtras.of(batch, java.util.Optional.of(io.clarq.core.llm.usage.PriceTable.parse(
        "gpt-4o=2.50/10.00,qwen2.5-72b=0.15/0.60,batch:gpt-4o=1.00/4.00"))).cost().getAsDouble())
        .isCloseTo(1.61, org.assertj.core.data.Offset.offset(1e-12));

    Leaderboard board = Leaderboard.of(List.of(comp, chat), List.of(s, b), Bootstrap.DEFAULT, false);
    assertThat(LeaderboardFiles.markdown(board)).contains("| 3300000 | $3.92 |").contains("| 3300000 | $1.96 batch |");
    assertThat(LeaderboardFiles.csv(board).lines().skip(1).map(l -> l.substring(l.lastIndexOf(',', l.lastIndexOf(',')
        - 1) + 1))).containsExactlyInAnyOrder(s.cost().getAsDouble() + ",false", b.cost().getAsDouble() + ",true");
    Document doc = Jsoup.parse(LeaderboardPage.render(board));
    assertThat(doc.select("table.board.en tr.row td:last-child").eachText()).containsExactlyInAnyOrder("$3.92",
        "$1.96 batch");
    LeaderboardFiles.write(board, dir.resolve("board"));
    assertThat(WrittenFileSchemas.validateTree(dir.resolve("board"))).isEmpty();
    JsonNode json = new ObjectMapper().readTree(dir.resolve("board/leaderboard.json").toFile());
    assertThat(json.path("runs").get(1).path("cost_batch").asBoolean()).isTrue();
    assertThat(json.path("runs").get(0).path("cost_batch").asBoolean()).isFalse();
  }
}
