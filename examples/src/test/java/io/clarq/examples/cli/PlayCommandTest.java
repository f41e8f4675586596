package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import io.clarq.examples.cli.clarqllm.PlayCommand;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code clarq play} driven through its input: a person's typed lines, the offline provider answering. */
class PlayCommandTest {
  @TempDir Path tmp;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int play(String typed, String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    ((PlayCommand) cl.getSubcommands().get("play").getCommand()).in = new StringReader(typed);
    String[] all = new String[args.length + 5];
    all[0] = "play";
    all[1] = "--tasks";
    all[2] = SharedData.require("clarq-llm/tasks").toString();
    all[3] = "--output";
    all[4] = tmp.toString();
    System.arraycopy(args, 0, all, 5, args.length);
    return cl.execute(all);
  }

  @Test
  void testAskingTheRightQuestionsSucceeds() {
    int code = play(String.join("\n", "How do I steal the documents?",
        "How do I get past the guards with the goggles?", "Where do I get an alarm?", "which black market?",
        "Should I use the invisibility cloak or the potion?", "goodbye"), "--task", "3.2");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("you play a thief") // the briefing in clarq's own words
        .contains("Jax: Arthur is a merchant in the Nine Heavens Black Market")
        .contains("Success: Jax gave you every gold line.")
        .doesNotContain("Gold lines you did not get")
        .contains("transcript: " + tmp.resolve("transcripts.jsonl"));
  }

  @Test
  void testEarlyGoodbyeShowsTheMissedGoldLines() {
    int code = play("How do I steal the documents?\nGoodbye\n", "--task", "3.2");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("Not a success")
        .contains("Gold lines you did not get:")
        .contains("  1.1: The alarms you need can be purchased from Arthur on the black market.")
        .contains("  2: The invisibility potion makes the drinker invisible");
  }

  @Test
  void testChineseTaskAndEndOfInputAbandonsTheDialogue() throws Exception {
    int code = play("我该怎么偷机密文件？\n", "--task", "3.2", "--lang", "zh");
    // closed input is no goodbye: the dialogue is abandoned, recorded as failed and not scored
    assertThat(code).as(err.toString()).isEqualTo(1);
    assertThat(out.toString()).contains(io.clarq.core.clarqllm.provider.FixedReplies.opening(io.clarq.core.clarqllm.task.Language.CHINESE))
        .contains("你的任务是潜入")
        .contains("The dialogue was abandoned: your input ended before you said goodbye, so it is not scored")
        .doesNotContain("Not a success");
    String transcript = java.nio.file.Files.readString(tmp.resolve("transcripts.jsonl"));
    assertThat(transcript).contains("\"status\":\"failed\"").contains("abandoned: the person playing the seeker")
        .doesNotContain("再见");
  }

  @Test
  void testAPersonPlaysTheProviderForAnLlmSeeker() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
      server.enqueue(FakeReply.text("How do I steal the documents?"), FakeReply.text("What alarm do I need?"),
          FakeReply.text("Where is the black market?"), FakeReply.text("Thanks. Goodbye!"));
      // 1.1 is locked until 1 is given; "7" is no node; a typed line is a Response II
      int code = play("0\n1.1\n1\nAsk around the city.\n", "--as", "provider", "--seeker", "chat:"
          + server.baseUrl(), "--task", "3.2");
      assertThat(code).as(err.toString()).isZero();
      assertThat(out.toString()).contains("You are Jax. Task 3.2")
          .contains("* 0  ").contains("Not available now: [1.1]")
          .contains("Seeker: Where is the black market?");
      java.util.List<String> lines = java.nio.file.Files.readAllLines(tmp.resolve("transcripts.jsonl"));
      assertThat(lines).hasSize(1);
      assertThat(lines.get(0)).contains("\"Jax: Ask around the city.\"").contains("Thanks. Goodbye!")
          .contains("\"provider\":\"console\"");
      // the seeker spoke the reference pack's words (it stands beside the tasks): its system prompt is the briefing
      assertThat(server.requests().get(0).systemPrompt()).startsWith("You are a thief in a game");
      assertThat(err.toString()).contains("prompt pack: reference@" + io.clarq.core.prompt.PromptPack.REFERENCE_DIGEST);
    }
  }

  @Test
  void testUnknownTaskIsABadArgument() {
    assertThat(play("", "--task", "3.12")).isEqualTo(2);
    assertThat(err.toString()).contains("--task 3.12: illegal task index 12: must be 0-9");
  }
}
