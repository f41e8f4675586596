package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq leaderboard} on the published English runs. */
class LeaderboardCommandTest extends CommandTestBase {
  @TempDir Path tmp;

  @Test
  void testBoardOfTheProviderRunsWritesFourFiles() throws Exception {
    Path dir = tmp.resolve("board");
    int code = run("leaderboard", "--tasks", data("tasks/English"), "--verdicts", data("judge-verdicts.jsonl"),
        published("Chat.En"), published("Comp.En"), "--out", dir.toString());
    assertThat(code).as(err.toString()).isZero();
    for (String f : new String[] {"leaderboard.md", "leaderboard.csv", "leaderboard.json", "leaderboard.html"}) {
      assertThat(dir.resolve(f)).isNotEmptyFile();
      assertThat(out.toString()).contains("wrote " + dir.resolve(f));
    }
    JsonNode en = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile()).get("languages").get("en");
    assertThat(en.get(0).get("run").asText()).endsWith("provider.Comp.En");
    assertThat(en.get(0).get("rank_label").asText()).isEqualTo("1");
    assertThat(en.get(1).get("rank_label").asText()).isEqualTo("2");
    assertThat(en.get(1).get("versus_leader").get("leader_only").asInt()).isEqualTo(98);
  }

  @Test
  void testDifferentSetupIsRefusedAndNothingWritten() throws Exception {
    Path dir = tmp.resolve("board");
    String multi = data("transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_multi_info_provider.Comp.En.json");
    int code = run("leaderboard", "--tasks", data("tasks/English"), "--verdicts", data("judge-verdicts.jsonl"),
        published("Comp.En"), multi, "--out", dir.toString());
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("provider: ").contains("\"multi-info provider (published ClarQ-LLM run)\"")
        .contains("--allow-different-setup");
    assertThat(dir).doesNotExist();
    assertThat(run("leaderboard", "--tasks", data("tasks/English"), "--verdicts", data("judge-verdicts.jsonl"),
        "--allow-different-setup", published("Comp.En"), multi, "--out", dir.toString())).as(err.toString()).isZero();
    assertThat(Files.readString(dir.resolve("leaderboard.md"))).contains("setups differ").contains("| 1= |");
  }
}
