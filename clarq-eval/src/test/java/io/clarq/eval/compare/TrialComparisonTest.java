package io.clarq.eval.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import io.clarq.eval.leaderboard.Leaderboard;
import io.clarq.eval.leaderboard.LeaderboardFiles;
import io.clarq.eval.leaderboard.RunExtras;
import io.clarq.eval.results.WrittenFileSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare and leaderboard on runs that played trials say first, in every output, that they compare trial 1 (issue 29:
 * they used trial 1 without a word); runs of one trial say nothing of trials, and the JSON always names the trial.
 */
class TrialComparisonTest {
  private static final String NOTE = "runs of several trials (";
  private static ComparedRun comp;
  private static ComparedRun chat;
  @TempDir Path dir;

  @BeforeAll
  static void load() throws Exception {
    Path data = SharedData.require("clarq-llm");
    try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(data.resolve("judge-verdicts.jsonl"), Judge.none())) {
      Path t = data.resolve("transcripts");
      Optional<Path> tasks = Optional.of(data.resolve("tasks"));
      comp = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json"), tasks, judge);
      chat = ComparedRun.load(t.resolve("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json"), tasks, judge);
    }
  }

  private static ComparedRun ofTrials(ComparedRun r, int trials) {
    return new ComparedRun(r.name(), r.judge(), r.scores(), r.typeNames(), r.setup(), trials);
  }

  @Test
  void testCompareSaysFirstThatItComparesTrialOne() {
    ComparisonReport report = ComparisonReport.of(List.of(ofTrials(comp, 3), chat), Bootstrap.DEFAULT, false);
    String note = NOTE + comp.name() + ": 3, " + chat.name() + ": 1): compared on trial 1 (the reference protocol,"
        + " seed 8848); pass^k and the other figures across trials are in each run's results.json";
    assertThat(report.text()).startsWith(note + "\n\n");
    JsonNode json = report.json();
    assertThat(json.fieldNames().next()).isEqualTo("compared_trial");
    assertThat(json.path("compared_trial").asInt()).isEqualTo(1);
    assertThat(json.path("trial_note").asText()).isEqualTo(note);
    assertThat(json.path("runs").get(0).path("trials").asInt()).isEqualTo(3);
    assertThat(json.path("runs").get(1).path("trials").asInt()).isEqualTo(1);
    Document page = Jsoup.parse(report.html());
    assertThat(page.body().child(0).id()).isEqualTo("compared-trial");
    assertThat(page.body().child(0).text()).isEqualTo(note);

    // runs of one trial: nothing said of trials, the JSON still names the trial compared
    ComparisonReport single = ComparisonReport.of(List.of(comp, chat), Bootstrap.DEFAULT, false);
    assertThat(single.text()).doesNotContain("trial");
    assertThat(single.json().path("compared_trial").asInt()).isEqualTo(1);
    assertThat(single.json().has("trial_note")).isFalse();
    assertThat(Jsoup.parse(single.html()).getElementById("compared-trial")).isNull();
  }

  @Test
  void testTheLeaderboardSaysFirstInEveryFileThatItRanksTrialOne() throws Exception {
    Leaderboard board = Leaderboard.of(List.of(comp, ofTrials(chat, 2)), Collections.nCopies(2, RunExtras.NONE),
        Bootstrap.DEFAULT, false);
    LeaderboardFiles.write(board, dir);
    String note = NOTE + comp.name() + ": 1, " + chat.name() + ": 2): compared on trial 1";
    String md = Files.readString(dir.resolve("leaderboard.md"));
    assertThat(md.lines().skip(2).findFirst().orElseThrow()).startsWith("**" + note);
    List<String> csv = Files.readAllLines(dir.resolve("leaderboard.csv"));
    assertThat(csv.get(0)).startsWith("compared_trial,language,");
    assertThat(csv.subList(1, csv.size())).isNotEmpty().allMatch(l -> l.startsWith("1,"));
    JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("leaderboard.json")
        .toFile());
    assertThat(json.path("compared_trial").asInt()).isEqualTo(1);
    assertThat(json.path("trial_note").asText()).startsWith(note);
    assertThat(json.path("runs").get(1).path("trials").asInt()).isEqualTo(2);
    assertThat(WrittenFileSchemas.schemas().validate("leaderboard.schema.json", json)).isEmpty();
    Document page = Jsoup.parse(Files.readString(dir.resolve("leaderboard.html")));
    assertThat(page.body().child(0).id()).isEqualTo("compared-trial");
    assertThat(page.body().child(0).text()).startsWith(note);
  }
}
