package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.McNemar;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.compare.ItemOutcome;
import io.clarq.eval.compare.OutcomeComparison;
import io.clarq.eval.compare.OutcomePair;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import io.clarq.eval.leaderboard.OutcomeLeaderboardFiles;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compare and the leaderboard on MediQ runs made with the model-free expert and the offline patient. */
class MediqCompareTest {
  @TempDir Path dir;

  private static List<MediqItem> items(int perSet) {
    Path data = SharedData.require("mediq/data");
    List<MediqItem> items = new ArrayList<>();
    for (MediqSplit s : MediqSplit.values()) {
      List<MediqCase> cases = MediqDataset.load(data, s);
      cases.subList(0, perSet).forEach(c -> items.add(new MediqItem(s.key(), c)));
    }
    return items;
  }

  private Path run(String name, int questions, List<MediqItem> items, String patient) throws Exception {
    Path out = dir.resolve(name);
    RunKernel.run(new MediqBenchmark(new OverlapExpert(questions), new OfflinePatient("cannot", 2), 30,
        Map.of("expert", "overlap(questions=" + questions + ")", "patient", patient)), items,
        new RunKernel.Plan(out, Shard.ALL, 1, "t"), new ItemListener<>() {});
    return out;
  }

  // the correct flags of a run, read straight from its item log (not through the outcome source)
  private static Map<String, Boolean> correct(Path run) throws Exception {
    Map<String, Boolean> out = new java.util.LinkedHashMap<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(run.resolve(MediqRecord.LOG))) {
      JsonNode o = json.readTree(line);
      out.put(o.get("dataset").asText() + ":" + o.get("id").asText(), o.get("correct").asBoolean());
    }
    return out;
  }

  @Test
  void testTwoExpertsAreComparedAndRankedOnTheirCases() throws Exception {
    List<MediqItem> items = items(8);
    Path one = run("one-question", 1, items, "offline");
    Path four = run("four-questions", 4, items, "offline");
    OutcomeRun a = OutcomeRuns.load(one);
    OutcomeRun b = OutcomeRuns.load(four);
    assertThat(a.benchmark()).isEqualTo("mediq");
    assertThat(a.kind()).isEqualTo(ItemOutcome.Kind.BINARY);
    assertThat(a.compared()).hasSize(16);
    assertThat(a.agent()).containsEntry("expert", "overlap(questions=1)");
    assertThat(a.setup()).containsEntry("patient", "offline").containsEntry("deviations", "none")
        .doesNotContainKeys("expert", "cases");

    OutcomeComparison c = OutcomeComparison.of(List.of(a, b), Bootstrap.DEFAULT, false);
    OutcomePair p = c.pairs().get(0);
    // the means are the runs' own accuracy in results.json; the discordant items counted from the logs
    JsonNode ra = new ObjectMapper().readTree(one.resolve("results.json").toFile());
    JsonNode rb = new ObjectMapper().readTree(four.resolve("results.json").toFile());
    assertThat(p.meanA()).isCloseTo(ra.path("figures").path("overall").path("accuracy").asDouble(), within(1e-12));
    assertThat(p.meanB()).isCloseTo(rb.path("figures").path("overall").path("accuracy").asDouble(), within(1e-12));
    Map<String, Boolean> ca = correct(one);
    Map<String, Boolean> cb = correct(four);
    long aOnly = ca.keySet().stream().filter(k -> ca.get(k) && !cb.get(k)).count();
    long bOnly = ca.keySet().stream().filter(k -> !ca.get(k) && cb.get(k)).count();
    assertThat(p.aBetter()).hasSize((int) aOnly);
    assertThat(p.bBetter()).hasSize((int) bOnly);
    assertThat(p.p()).isEqualTo(McNemar.exactTwoSided((int) aOnly, (int) bOnly));
    assertThat(p.holmP()).isEqualTo(p.p());   // one pair: Holm leaves it
    assertThat(c.text()).contains("correct, shared items 16", "McNemar exact");
    assertThat(c.json().path("benchmark").asText()).isEqualTo("mediq");
    assertThat(c.json().path("pairs").get(0).path("shared").asInt()).isEqualTo(16);
    assertThat(Jsoup.parse(c.html()).select("table.pairs tr")).hasSize(2);

    OutcomeLeaderboard board = OutcomeLeaderboard.of(List.of(a, b), Bootstrap.DEFAULT, false, false);
    assertThat(board.rows()).hasSize(2);
    assertThat(board.rows().get(0).mean().value()).isGreaterThanOrEqualTo(board.rows().get(1).mean().value());
    assertThat(board.rows().get(0).rank()).isEqualTo(1);
    Path out = dir.resolve("board");
    OutcomeLeaderboardFiles.write(board, out);
    JsonNode lb = new ObjectMapper().readTree(out.resolve("leaderboard.json").toFile());
    assertThat(lb.path("format").asText()).isEqualTo(OutcomeLeaderboardFiles.FORMAT);
    assertThat(lb.path("rows")).hasSize(2);
    assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(out)).isEmpty();
    assertThat(Files.readString(out.resolve("leaderboard.csv"))).startsWith("compared_trial,benchmark,measure,");
    assertThat(Files.readString(out.resolve("leaderboard.md"))).contains("# mediq leaderboard");
    assertThat(Jsoup.parse(out.resolve("leaderboard.html").toFile()).select("table.board tr.row")).hasSize(2);
  }

  @Test
  void testADifferentPatientOrCaseSetIsRefusedAndATornLineIsNamedEverywhere() throws Exception {
    List<MediqItem> items = items(4);
    OutcomeRun a = OutcomeRuns.load(run("a", 1, items, "offline"));
    OutcomeRun other = OutcomeRuns.load(run("b", 2, items, "random"));
    assertThatThrownBy(() -> OutcomeComparison.of(List.of(a, other), Bootstrap.DEFAULT, false))
        .hasMessageContaining("patient: A a \"offline\", B b \"random\"")
        .hasMessageContaining("--allow-different-setup");
    assertThat(OutcomeComparison.of(List.of(a, other), Bootstrap.DEFAULT, true).text())
        .startsWith("SETUPS DIFFER");

    Path fewer = run("fewer", 2, items.subList(0, 6), "offline");
    OutcomeRun f = OutcomeRuns.load(fewer);
    assertThatThrownBy(() -> OutcomeLeaderboard.of(List.of(a, f), Bootstrap.DEFAULT, false, false))
        .hasMessageContaining("different item sets").hasMessageContaining("--shared-tasks");
    OutcomeLeaderboard shared = OutcomeLeaderboard.of(List.of(a, f), Bootstrap.DEFAULT, false, true);
    assertThat(shared.rows()).allMatch(r -> r.items() == 6);
    assertThat(OutcomeLeaderboardFiles.markdown(shared)).contains("Ranked on the 6 items all runs hold");

    // a torn last line: counted as not scored, named by compare's JSON, the CSV, the JSON board and both pages
    Files.writeString(fewer.resolve(MediqRecord.LOG), "{\"dataset\":\"craft", StandardCharsets.UTF_8,
        java.nio.file.StandardOpenOption.APPEND);
    OutcomeRun torn = OutcomeRuns.load(fewer);
    assertThat(torn.compared()).hasSize(6);
    assertThat(torn.notScored()).hasValueSatisfying(n -> assertThat(n).startsWith("6 items, 1 line(s) not scored (")
        .contains(MediqRecord.LOG + ", line 7 is torn"));
    OutcomeComparison c = OutcomeComparison.of(List.of(a, torn), Bootstrap.DEFAULT, false);
    assertThat(c.json().path("not_scored").get(0).asText()).startsWith("fewer: 6 items, 1 line(s) not scored");
    assertThat(Jsoup.parse(c.html()).select("ul#not-scored li")).hasSize(1);
    OutcomeLeaderboard b = OutcomeLeaderboard.of(List.of(a, torn), Bootstrap.DEFAULT, false, true);
    assertThat(OutcomeLeaderboardFiles.csv(b)).startsWith("# note: fewer: 6 items, 1 line(s) not scored");
    assertThat(OutcomeLeaderboardFiles.json(b).path("not_scored")).hasSize(1);
    Path written = dir.resolve("torn-board");
    OutcomeLeaderboardFiles.write(b, written);
    assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(written)).isEmpty();
    assertThat(Jsoup.parse(OutcomeLeaderboardFiles.html(b)).select("section#preamble li").text())
        .contains("fewer: 6 items, 1 line(s) not scored");
  }

  @Test
  void testARunOfTrialsIsComparedOnTrialOneAndEveryOutputSaysSo() throws Exception {
    List<MediqItem> items = new ArrayList<>();
    for (MediqItem i : items(3)) {
      items.add(i);
      items.add(new MediqItem(i.dataset(), i.mediqCase(), 2));
    }
    Path out = dir.resolve("trials");
    RunKernel.run(new MediqBenchmark(List.of(new OverlapExpert(2), new OverlapExpert(2)),
        List.of(new OfflinePatient("cannot", 2), new OfflinePatient("cannot", 2)), 30,
        Map.of("expert", "overlap(questions=1)", "patient", "offline"), List::of), items,
        new RunKernel.Plan(out, Shard.ALL, 1, "t"), new ItemListener<>() {});
    OutcomeRun t = OutcomeRuns.load(out);
    assertThat(t.trials()).isEqualTo(2);
    assertThat(t.outcomes()).hasSize(12);
    assertThat(t.compared()).hasSize(6);
    OutcomeRun one = OutcomeRuns.load(run("one", 1, items(3), "offline"));
    OutcomeComparison c = OutcomeComparison.of(List.of(one, t), Bootstrap.DEFAULT, false);
    assertThat(c.text()).startsWith("runs of several trials (one: 1, trials: 2): compared on trial 1");
    assertThat(c.json().path("trial_note").asText()).startsWith("runs of several trials");
    assertThat(c.pairs().get(0).shared()).hasSize(6);
  }
}
