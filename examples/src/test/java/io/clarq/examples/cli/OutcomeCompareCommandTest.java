package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq compare} and {@code clarq leaderboard} on MediQ run folders, and a mix of benchmarks refused. */
class OutcomeCompareCommandTest extends CommandTestBase {
  @TempDir Path tmp;

  private Path mediq(String name, int questions) throws Exception {
    Path data = SharedData.require("mediq/data");
    List<MediqItem> items = new ArrayList<>();
    for (MediqSplit s : MediqSplit.values()) {
      List<MediqCase> cases = MediqDataset.load(data, s);
      cases.subList(0, 3).forEach(c -> items.add(new MediqItem(s.key(), c)));
    }
    Path out = tmp.resolve(name);
    RunKernel.run(new MediqBenchmark(new OverlapExpert(questions), new OfflinePatient("cannot", 2), 30,
        Map.of("expert", "overlap(questions=" + questions + ")", "patient", "offline")), items,
        new RunKernel.Plan(out, Shard.ALL, 1, "t"), new ItemListener<>() {});
    return out;
  }

  @Test
  void testMediqRunsAreComparedAndRankedAndAClarqLlmRunBesideThemIsRefused() throws Exception {
    Path a = mediq("a", 1);
    Path b = mediq("b", 3);
    assertThat(run("compare", a.toString(), b.toString(), "--json")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("\"benchmark\" : \"mediq\"", "\"measure\" : \"correct\"", "\"shared\" : 6");
    Path page = tmp.resolve("cmp.html");
    assertThat(run("compare", a.toString(), b.toString(), "--html", page.toString())).as(err.toString()).isZero();
    assertThat(Files.readString(page)).contains("mediq comparison");
    Path board = tmp.resolve("board");
    assertThat(run("leaderboard", a.toString(), b.toString(), "--out", board.toString())).as(err.toString())
        .isZero();
    assertThat(Files.readString(board.resolve("leaderboard.json"))).contains("clarq-outcome-leaderboard/1");

    Path demo = tmp.resolve("demo");
    assertThat(run("demo", "--out", demo.toString())).as(err.toString()).isZero();
    err.getBuffer().setLength(0);
    assertThat(run("compare", demo.toString(), a.toString())).isNotZero();
    assertThat(err.toString()).contains("runs of different benchmarks cannot be compared: " + demo
        + " is a clarq-llm run, " + a + " is a mediq run");
    err.getBuffer().setLength(0);
    assertThat(run("leaderboard", a.toString(), demo.toString(), "--out", tmp.resolve("x").toString())).isNotZero();
    assertThat(err.toString()).contains("runs of different benchmarks cannot be compared");
  }

  /** A torn line of a ClarQ-LLM demo run is named by compare's JSON and page and by leaderboard.json, CSV and page. */
  @Test
  void testClarqLlmJsonCsvAndPagesNameATornLine() throws Exception {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    assertThat(run("demo", "--out", a.toString())).as(err.toString()).isZero();
    assertThat(run("demo", "--out", b.toString())).as(err.toString()).isZero();
    Path transcript = b.resolve("transcripts.jsonl");
    List<String> lines = Files.readAllLines(transcript);
    Files.writeString(transcript, lines.get(0).substring(0, 40), java.nio.file.StandardOpenOption.APPEND);
    String note = "b: 20 dialogues, 1 line(s) not scored (" + transcript + ", line " + (lines.size() + 1)
        + " is torn";
    Path page = tmp.resolve("cmp.html");
    out.getBuffer().setLength(0);
    assertThat(run("compare", a.toString(), b.toString(), "--json", "--html", page.toString())).as(err.toString())
        .isZero();
    com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.toString());
    assertThat(json.path("not_scored")).hasSize(1);
    assertThat(json.path("not_scored").get(0).asText()).startsWith(note);
    assertThat(org.jsoup.Jsoup.parse(page.toFile()).select("ul#not-scored li").text()).contains(note);
    Path dir = tmp.resolve("board");
    assertThat(run("leaderboard", a.toString(), b.toString(), "--out", dir.toString())).as(err.toString()).isZero();
    assertThat(Files.readString(dir.resolve("leaderboard.csv"))).startsWith("# note: " + note);
    assertThat(Files.readString(dir.resolve("leaderboard.json"))).contains("\"not_scored\"");
    assertThat(org.jsoup.Jsoup.parse(dir.resolve("leaderboard.html").toFile()).select("ul#not-scored li").text())
        .contains(note);
    assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(dir)).isEmpty();
  }
}
