package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.examples.cli.clarqllm.RunCommand;
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

  /** Two demo runs over different tasks (no data needed): refused, naming the difference; ranked on shared tasks. */
  @Test
  void testRunsOverDifferentTasksAreRefusedUnlessSharedTasks() throws Exception {
    Path all = tmp.resolve("all");
    Path some = tmp.resolve("some");
    assertThat(run("demo", "--out", all.toString())).as(err.toString()).isZero();
    assertThat(run("demo", "--select", "1.0,1.1", "--out", some.toString())).as(err.toString()).isZero();
    Path dir = tmp.resolve("board");
    err.getBuffer().setLength(0);
    assertThat(run("leaderboard", all.toString(), some.toString(), "--out", dir.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("runs over different task sets cannot share a board: ")
        .contains(" holds none that ").contains("--shared-tasks");
    assertThat(dir).doesNotExist();
    out.getBuffer().setLength(0);
    assertThat(run("leaderboard", "--shared-tasks", all.toString(), some.toString(), "--out", dir.toString()))
        .as(err.toString()).isZero();
    assertThat(out.toString()).startsWith("# ClarQ-LLM leaderboard\n\n**Ranked on the ");
    assertThat(Files.readAllLines(dir.resolve("leaderboard.csv")).get(0)).startsWith("# Ranked on the ");
    JsonNode board = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile());
    assertThat(board.get("shared_tasks").get("tasks").asInt()).isEqualTo(board.get("runs").get(1).get("dialogues")
        .asInt());
  }

  /**
   * Two demo runs (no data needed), the second's transcripts.jsonl ending in a line torn by an interrupted write:
   * compare's text and the leaderboard's Markdown (written and printed) name that run's line not scored, one line
   * for that run and none for the whole one.
   */
  @Test
  void testATornTranscriptLineIsNamedByCompareAndTheLeaderboard() throws Exception {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    assertThat(run("demo", "--out", a.toString())).as(err.toString()).isZero();
    assertThat(run("demo", "--out", b.toString())).as(err.toString()).isZero();
    Path transcript = b.resolve("transcripts.jsonl");
    java.util.List<String> lines = Files.readAllLines(transcript);
    Files.writeString(transcript, lines.get(0).substring(0, 40), java.nio.file.StandardOpenOption.APPEND);
    String note = "b: 20 dialogues, 1 line(s) not scored (" + transcript + ", line " + (lines.size() + 1)
        + " is torn (an interrupted run was writing it; 40 characters): its dialogue is not scored)";

    out.getBuffer().setLength(0);
    assertThat(run("compare", a.toString(), b.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).startsWith("note: " + note + "\n\n");
    assertThat(out.toString()).doesNotContain("note: a:");

    Path dir = tmp.resolve("board");
    out.getBuffer().setLength(0);
    assertThat(run("leaderboard", a.toString(), b.toString(), "--out", dir.toString())).as(err.toString()).isZero();
    String md = Files.readString(dir.resolve("leaderboard.md"));
    assertThat(md).contains("**note:** " + note + "\n");
    assertThat(md).doesNotContain("**note:** a:");
    assertThat(out.toString()).contains("**note:** " + note + "\n");
  }

  /**
   * {@code --prices} gives each run its cost: two runs of a model seeker on the loopback server (every reply 1,000
   * input and 50 output tokens) against the offline provider; the first seeker's model has a price, the second's
   * not, so its cost is unknown (null), not zero.
   */
  @Test
  void testPricesGiveEachRunItsCost() throws Exception {
    try (io.clarq.core.testing.FakeOpenAiServer server = io.clarq.core.testing.FakeOpenAiServer.start(r ->
        io.clarq.core.testing.FakeReply.text("Jax, what should I do first?").withUsage(1000, 50))) {
      for (String model : new String[] {"sim-a", "sim-b"}) {
        picocli.CommandLine cl = ClarqCommand.commandLine();
        ((RunCommand) cl.getSubcommands().get("run").getCommand()).llm
            .environment(java.util.Map.of("CLARQ_LLM_API_KEY", "sk-board-test")::get);
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setOut(new java.io.PrintWriter(out, true));
        assertThat(cl.execute("run", "--seeker", "openai:" + model, "--base-url", server.baseUrl().toString(),
            "--provider", "offline", "--tasks", data("tasks"), "--select", "1", "--max-seeker-turns", "3", "--out",
            tmp.resolve(model).toString())).as(err.toString()).isZero();
      }
    }
    Path dir = tmp.resolve("board");
    assertThat(run("leaderboard", tmp.resolve("sim-a").toString(), tmp.resolve("sim-b").toString(), "--prices",
        "sim-a=1.00/2.00", "--out", dir.toString())).as(err.toString()).isZero();
    JsonNode usage = new ObjectMapper().readTree(tmp.resolve("sim-a/results.json").toFile()).get("usage")
        .get("seeker");
    assertThat(usage.get("calls").asLong()).isPositive();
    assertThat(usage.get("input_tokens").asLong()).isEqualTo(1000 * usage.get("calls").asLong());
    double expected = (usage.get("input_tokens").asLong() * 1.00 + usage.get("output_tokens").asLong() * 2.00) / 1e6;
    JsonNode board = new ObjectMapper().readTree(dir.resolve("leaderboard.json").toFile());
    assertThat(board.get("runs").get(0).get("cost_usd").asDouble()).isEqualTo(expected);
    assertThat(board.get("runs").get(1).get("cost_usd").isNull()).isTrue();
    assertThat(Files.readString(dir.resolve("leaderboard.md"))).contains(String.format(java.util.Locale.ROOT,
        "$%.2f", expected));
    assertThat(run("leaderboard", tmp.resolve("sim-a").toString(), "--prices", "sim-a=cheap", "--out",
        dir.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--prices sim-a=cheap: illegal price entry");
  }
}
