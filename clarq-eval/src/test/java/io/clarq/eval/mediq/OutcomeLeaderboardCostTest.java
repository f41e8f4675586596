package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import io.clarq.eval.leaderboard.OutcomeLeaderboardFiles;
import io.clarq.eval.leaderboard.RunExtras;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tokens and cost columns of a MediQ leaderboard, from each run's usage by role and a price table. */
class OutcomeLeaderboardCostTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  private Path run(String name, int questions) throws Exception {
    Path data = SharedData.require("mediq/data");
    List<MediqItem> items = new ArrayList<>();
    for (MediqSplit s : MediqSplit.values()) {
      List<MediqCase> cases = MediqDataset.load(data, s);
      cases.subList(0, 4).forEach(c -> items.add(new MediqItem(s.key(), c)));
    }
    Path out = dir.resolve(name);
    RunKernel.run(new MediqBenchmark(new OverlapExpert(questions), new OfflinePatient("cannot", 2), 30,
        Map.of("expert", "overlap(questions=" + questions + ")", "patient", "offline")), items,
        new RunKernel.Plan(out, Shard.ALL, 1, "t"), new ItemListener<>() {});
    return out;
  }

  // rewrites a run's results.json: the given usage and models by role, or none recorded when usage is null
  private static void record(Path run, String usage, String models) throws Exception {
    Path f = run.resolve("results.json");
    ObjectNode root = (ObjectNode) JSON.readTree(f.toFile());
    root.remove("usage");
    if (usage != null) {
      root.set("usage", JSON.readTree(usage));
      root.set("models", JSON.readTree(models));
    }
    Files.writeString(f, JSON.writeValueAsString(root));
  }

  @Test
  void testPricesGiveTheCostOfEveryRoleAndARunWithoutUsageIsUnknown() throws Exception {
    Path priced = run("priced", 1);
    Path bare = run("bare", 4);
    record(priced, "{\"expert\":{\"calls\":10,\"input_tokens\":1000000,\"output_tokens\":500000,"
        + "\"cached_input_tokens\":400000,\"cache_write_tokens\":0},\"patient\":{\"calls\":10,\"input_tokens\":200000,"
        + "\"output_tokens\":100000}}", "{\"expert\":{\"name\":\"openai:m1\"},\"patient\":{\"name\":\"openai:m2\"}}");
    record(bare, null, null);
    Optional<PriceTable> prices = Optional.of(PriceTable.parse("m1=2.00/8.00/0.50,m2=1.00/4.00"));
    OutcomeLeaderboard board = OutcomeLeaderboard.of(List.of(OutcomeRuns.load(priced), OutcomeRuns.load(bare)),
        List.of(RunExtras.of(priced, prices), RunExtras.of(bare, prices)), Bootstrap.DEFAULT, false, false);
    // by hand: expert 600,000 uncached input at $2 + 400,000 cached at $0.50 + 500,000 output at $8 = $5.40;
    // patient 200,000 input at $1 + 100,000 output at $4 = $0.60
    double expected = 0.6 * 2.00 + 0.4 * 0.50 + 0.5 * 8.00 + 0.2 * 1.00 + 0.1 * 4.00;
    OutcomeLeaderboard.Row p = board.rows().stream().filter(r -> r.run().equals("priced")).findFirst().orElseThrow();
    OutcomeLeaderboard.Row b = board.rows().stream().filter(r -> r.run().equals("bare")).findFirst().orElseThrow();
    assertThat(p.cost()).isCloseTo(expected, within(1e-9));
    assertThat(p.tokens()).isEqualTo(1_800_000);
    assertThat(p.cachedTokens()).isEqualTo(400_000);
    assertThat(p.costAtBatchPrices()).isFalse();
    assertThat(b.cost()).isNaN();
    assertThat(b.tokens()).isEqualTo(-1);

    assertThat(OutcomeLeaderboardFiles.markdown(board)).contains("| tokens | cost |",
        "| 1800000 (400000 cached) | $6.00 |", "| - | - |");
    assertThat(OutcomeLeaderboardFiles.csv(board)).contains(",tokens,cached_tokens,cost_usd,cost_batch\n",
        ",1800000,400000," + p.cost() + ",false\n", ",,,,false\n");
    Path out = dir.resolve("board");
    OutcomeLeaderboardFiles.write(board, out);
    JsonNode rows = JSON.readTree(out.resolve("leaderboard.json").toFile()).path("rows");
    for (JsonNode r : rows) {
      if (r.path("run").asText().equals("priced")) {
        assertThat(r.path("cost_usd").asDouble()).isCloseTo(expected, within(1e-9));
        assertThat(r.path("tokens").asLong()).isEqualTo(1_800_000);
        assertThat(r.path("cached_tokens").asLong()).isEqualTo(400_000);
      } else {
        assertThat(r.path("cost_usd").isNull()).isTrue();
        assertThat(r.path("tokens").isNull()).isTrue();
      }
    }
    assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(out)).isEmpty();
    Document page = Jsoup.parse(out.resolve("leaderboard.html").toFile());
    assertThat(page.select("div.table-wrap table.board tr th").eachText()).contains("tokens", "cost");
    assertThat(page.select("tr.row").text()).contains("1800000 (400000 cached)", "$6.00");
  }

  @Test
  void testABatchRunIsPricedAtBatchPricesAndMarked() throws Exception {
    Path batch = run("batch", 1);
    record(batch, "{\"expert\":{\"calls\":1,\"input_tokens\":1000000,\"output_tokens\":0}}",
        "{\"expert\":{\"name\":\"openai:m1\"}}");
    Path f = batch.resolve("results.json");
    ObjectNode root = (ObjectNode) JSON.readTree(f.toFile());
    root.put("play_mode", "batch");
    Files.writeString(f, JSON.writeValueAsString(root));
    OutcomeLeaderboard board = OutcomeLeaderboard.of(List.of(OutcomeRuns.load(batch)),
        List.of(RunExtras.of(batch, Optional.of(PriceTable.parse("m1=2.00/8.00")))), Bootstrap.DEFAULT, false, false);
    // no batch: entry, so half the model's price: 1,000,000 input at $1
    assertThat(board.rows().get(0).cost()).isCloseTo(1.00, within(1e-9));
    assertThat(OutcomeLeaderboardFiles.markdown(board)).contains("| 1000000 | $1.00 batch |");
    assertThat(OutcomeLeaderboardFiles.html(board)).contains("$1.00 batch");
  }
}
