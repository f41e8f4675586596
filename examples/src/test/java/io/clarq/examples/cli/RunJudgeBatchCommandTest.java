package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeBatchServer.Fault;
import io.clarq.core.testing.FakeBatchServer.Shape;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import io.clarq.examples.cli.clarqllm.RunCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq run --judge SPEC --judge-batch} against loopback batch APIs of both shapes ({@link FakeBatchServer}):
 * the rule seeker plays the offline provider (no model), so every model request is the judge's. The batch run scores
 * as the synchronous run does, its batch entries are the synchronous judge's bodies byte for byte, results.json
 * records the judge's mode, its answers cost half the synchronous price, the forecast prices the judge at batch
 * prices, and a run stopped while its batch is open polls that batch when run again instead of sending it twice.
 */
class RunJudgeBatchCommandTest {
  private static final Map<String, String> KEYS = Map.of("CLARQ_LLM_API_KEY", "sk-runbatch-SECRET-6160",
      "ANTHROPIC_API_KEY", "sk-ant-runbatch-SECRET-6160");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  /** The judge's answer: a match for an even-length question, so that dialogues differ in what they ask next. */
  private static String answer(JsonNode request) {
    boolean match = FakeBatchServer.lastText(request.path("messages")).length() % 2 == 0;
    return "{\"analysis\": \"ok\", \"match\": " + match + "}";
  }

  private int run(BatchSleeper sleeper, List<String> args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine();
    ((RunCommand) cl.getSubcommands().get("run").getCommand()).llm.environment(KEYS::get)
        .batchPolling(java.time.Duration.ofSeconds(30), sleeper::sleep);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args.toArray(String[]::new));
  }

  private int run(List<String> args) {
    return run(d -> { }, args);
  }

  /** Waits between polls; a test's may stop the command there, as a kill would. */
  @FunctionalInterface
  private interface BatchSleeper {
    void sleep(java.time.Duration d) throws InterruptedException;
  }

  private static List<String> args(Path out, String... more) {
    List<String> args = new ArrayList<>(List.of("run", "--seeker", "rule", "--provider", "offline", "--tasks",
        SharedData.require("clarq-llm/tasks").toString(), "--select", "1-3", "--out", out.toString()));
    args.addAll(List.of(more));
    return args;
  }

  private static JsonNode results(Path out) throws Exception {
    return JSON.readTree(out.resolve("results.json").toFile());
  }

  @Test
  void testOpenAiBatchJudgeScoresAsTheSynchronousOneWithItsBodiesAtHalfThePrice() throws Exception {
    List<String> syncBodies;
    Path sync = dir.resolve("sync");
    try (FakeOpenAiServer judge = FakeOpenAiServer.start(r -> FakeReply.text(answer(r.json())))) {
      assertThat(run(args(sync, "--judge", judge.baseUrl().toString(), "--model", "judge-7b")))
          .as(err.toString()).isZero();
      syncBodies = judge.requests().stream().map(r -> r.body()).sorted().toList();
    }
    assertThat(syncBodies).as("the rule seeker leaves gold lines for the judge").isNotEmpty();
    assertThat(results(sync).path("judge_mode").asText()).isEqualTo("synchronous");

    // the first entry of the first batch expires and goes into a later batch
    String[] first = new String[1];
    Path batch = dir.resolve("batch");
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 2, (body, attempt) -> {
      synchronized (first) {
        if (first[0] == null) {
          first[0] = body.toString();
        }
        return attempt == 1 && first[0].equals(body.toString()) ? Fault.EXPIRE : Fault.NONE;
      }
    }, RunJudgeBatchCommandTest::answer)) {
      List<String> batchArgs = args(batch, "--judge", server.baseUrl().toString(), "--model", "judge-7b",
          "--judge-batch", "--prices", "judge-7b=2.50/10.00");
      assertThat(run(batchArgs)).as(err.toString()).isZero();
      JsonNode results = results(batch);
      assertThat(results.path("judge_mode").asText()).isEqualTo("batch");
      assertThat(results.path("play_mode").asText()).isEqualTo("synchronous");
      assertThat(results.path("languages")).isEqualTo(results(sync).path("languages"));
      assertThat(results.path("unscored").asInt()).isZero();
      List<String> batched = server.entryBodies().stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
      // the expired entry sent twice, every other once: the synchronous judge's bodies exactly
      assertThat(batched).hasSize(syncBodies.size() + 1);
      assertThat(batched.stream().sorted().distinct().toList()).isEqualTo(syncBodies);
      assertThat(server.batchesCreated()).isGreaterThan(1);
      assertThat(batch.resolve("judge-batch.json")).exists();
      assertThat(Files.readAllLines(batch.resolve("judge-verdicts.jsonl"))).hasSize(syncBodies.size());
      // half the synchronous price, 100 prompt and 10 completion tokens an answer
      Matcher cost = Pattern.compile("cost ([0-9.]+) at batch prices \\(([0-9.]+) synchronous\\)")
          .matcher(out.toString());
      assertThat(cost.find()).as(out.toString()).isTrue();
      assertThat(Double.parseDouble(cost.group(2))).isCloseTo(syncBodies.size() * (100 * 2.50 + 10 * 10.00) / 1e6,
          org.assertj.core.data.Offset.offset(1e-4));
      assertThat(Double.parseDouble(cost.group(1)) * 2).isCloseTo(Double.parseDouble(cost.group(2)),
          org.assertj.core.data.Offset.offset(2e-4));
      // the forecast prices the judge at batch prices, printed at the start and kept in results.json
      assertThat(results.path("forecast").path("roles").path("judge").path("mode").asText()).isEqualTo("batch");
      assertThat(err.toString()).containsPattern("forecast cost: seeker \\$0\\.00-0\\.00, provider \\$0\\.00-0\\.00,"
          + " judge \\$[0-9.]+-[0-9.]+ batch; cached tokens not forecast");
      // a second run finds every dialogue finished and every verdict kept: nothing is sent
      int batches = server.batchesCreated();
      assertThat(run(batchArgs)).as(err.toString()).isZero();
      assertThat(server.batchesCreated()).isEqualTo(batches);
      assertThat(results(batch).path("languages")).isEqualTo(results(sync).path("languages"));
      assertThat(Files.readString(batch.resolve("judge-batch.json")) + out + err).doesNotContain("SECRET");
    }
  }

  @Test
  void testARunStoppedWhileItsBatchIsOpenPollsThatBatchWhenRunAgain() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.ANTHROPIC, 2, (body, attempt) -> Fault.NONE,
        RunJudgeBatchCommandTest::answer)) {
      Path out = dir.resolve("stopped");
      List<String> args = args(out, "--judge", "anthropic:claude-sonnet-4-5", "--base-url",
          server.baseUrl().toString(), "--judge-batch");
      // stopped at the first wait between polls, as a kill would stop it
      assertThat(run(d -> {
        throw new IllegalStateException("stopped between polls");
      }, args)).as(err.toString()).isZero();
      assertThat(server.batchesCreated()).isEqualTo(1);
      int sent = server.entryBodies().size();
      JsonNode stopped = results(out);
      assertThat(stopped.path("unscored").asInt()).isPositive();
      assertThat(stopped.path("unscored_dialogues").toString()).contains("stopped between polls");
      assertThat(this.err.toString()).contains("judge batch still open");
      assertThat(JSON.readTree(out.resolve("judge-batch.json").toFile()).toString()).contains("msgbatch");

      // run again: the open batch is polled, never sent again, and every dialogue is scored
      assertThat(run(args)).as(err.toString()).isZero();
      assertThat(err.toString()).contains("open from before, polling it");
      List<String> bodies = server.entryBodies().stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
      assertThat(bodies).doesNotHaveDuplicates();
      assertThat(bodies.size()).isGreaterThanOrEqualTo(sent);
      assertThat(bodies).allSatisfy(b -> assertThat(JSON.readTree(b).path("model").asText())
          .isEqualTo("claude-sonnet-4-5"));
      JsonNode results = results(out);
      assertThat(results.path("unscored").asInt()).isZero();
      assertThat(results.path("judge_mode").asText()).isEqualTo("batch");
    }
  }

  @Test
  void testJudgeBatchNeedsAModelJudgeAndNoResponseCache() {
    assertThat(run(args(dir.resolve("a"), "--judge", "offline", "--judge-batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("--judge-batch sends a model judge's requests through a batch API");
    assertThat(run(args(dir.resolve("b"), "--judge", "openai:gpt-4o", "--judge-batch", "--llm-cache",
        dir.resolve("c.jsonl").toString()))).isEqualTo(2);
    assertThat(err.toString()).contains("--judge-batch and --llm-cache exclude each other");
    assertThat(run(args(dir.resolve("c"), "--judge", "ollama:llama3", "--judge-batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("has no batch API here");
    assertThat(dir.resolve("c").resolve("results.json")).doesNotExist();
  }
}
