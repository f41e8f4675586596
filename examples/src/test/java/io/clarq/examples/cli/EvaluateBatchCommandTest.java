package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeBatchServer.Fault;
import io.clarq.core.testing.FakeBatchServer.Shape;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.examples.cli.clarqllm.EvaluateCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq evaluate --judge SPEC --batch} end to end against loopback batch APIs of both shapes
 * ({@link FakeBatchServer}), which play the reference judge as {@link EvaluateJudgeCommandTest}'s server does: the
 * published success must come out, the batch entries must be the bodies the synchronous judge sends (each
 * dialogue's next question in each batch, as the synchronous judge asks them), an expired entry goes into a later
 * batch, answers are billed at half the synchronous price, and a second run asks nothing.
 */
class EvaluateBatchCommandTest {
  private static final Map<String, String> KEYS = Map.of("CLARQ_LLM_API_KEY", "sk-batch-e2e-SECRET-5150",
      "ANTHROPIC_API_KEY", "sk-ant-batch-e2e-SECRET-5150");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CHAT_EN = "transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json";
  private static final io.clarq.core.testing.Regressions PUBLISHED = io.clarq.core.testing.Regressions.of("clarq-llm");

  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final Map<String, String> replies = new HashMap<>();

  @BeforeEach
  void referenceJudge() {
    LlmJudge promptsOnly = LlmJudge.builder(ScriptedLlmClient.replying()).prompts(io.clarq.core.prompt.PromptPack
        .load(SharedData.require("clarq-llm/reference-prompts"))).build();
    for (VerdictRecord r : VerdictFile.read(SharedData.require("clarq-llm/judge-verdicts.jsonl"))) {
      String prompt = promptsOnly.request(r.question()).messages().get(0).content();
      replies.put(prompt, JSON.createObjectNode().put("analysis", r.analysis()).put("match", r.match()).toString());
    }
  }

  private String reply(JsonNode request) {
    return replies.getOrDefault(FakeBatchServer.lastText(request.path("messages")), "I cannot tell.");
  }

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine();
    ((EvaluateCommand) cl.getSubcommands().get("evaluate").getCommand()).llm.environment(KEYS::get)
        .batchPolling(java.time.Duration.ofSeconds(30), d -> { });
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  private static String data(String relative) {
    return SharedData.require("clarq-llm/" + relative).toString();
  }

  private String[] evaluate(Path verdicts, String... judge) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--tasks", data("tasks"), "--transcripts",
        data(CHAT_EN), "--judge-verdicts", verdicts.toString(), "--json"));
    args.addAll(List.of(judge));
    return args.toArray(String[]::new);
  }

  @Test
  void testOpenAiBatchJudgeReproducesThePublishedSuccessWithTheSynchronousBodies() throws Exception {
    List<String> syncBodies;
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(req -> FakeReply.text(reply(req.json())))) {
      assertThat(run(evaluate(tmp.resolve("sync/judge-verdicts.jsonl"), "--judge", sync.baseUrl().toString(),
          "--model", "judge-7b"))).as(err.toString()).isEqualTo(0);
      syncBodies = sync.requests().stream().map(r -> r.body()).sorted().toList();
    }
    // the first entry of the first batch expires and goes into a second batch
    String[] first = new String[1];
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 2, (body, attempt) -> {
      synchronized (first) {
        if (first[0] == null) {
          first[0] = body.toString();
        }
        return attempt == 1 && first[0].equals(body.toString()) ? Fault.EXPIRE : Fault.NONE;
      }
    }, this::reply)) {
      Path verdicts = tmp.resolve("batch/judge-verdicts.jsonl");
      String[] args = evaluate(verdicts, "--judge", server.baseUrl().toString(), "--model", "judge-7b", "--batch",
          "--prices", "judge-7b=2.50/10.00");
      assertThat(run(args)).as(err.toString()).isEqualTo(0);
      JsonNode result = JSON.readTree(out.toString());
      PUBLISHED.assertFigure("provider.Chat.En", "success", result.get("success").asDouble());
      assertThat(result.get("unjudged").asInt()).isZero();
      assertThat(result.get("judge_mode").asText()).isEqualTo("batch");
      List<String> batched = server.entryBodies().stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
      int asked = syncBodies.size();
      assertThat(batched).as(err.toString()).hasSize(asked + 1);
      // the expired entry sent twice, every other once: the synchronous judge's bodies exactly
      assertThat(batched.stream().distinct().sorted().toList()).isEqualTo(syncBodies);
      int batches = server.batchesCreated();
      assertThat(batches).isGreaterThan(1);
      assertThat(Files.readAllLines(verdicts)).hasSize(asked);
      assertThat(err.toString()).contains("batch: " + (asked + 1) + " requests in ")
          .contains(asked + " answers billed, " + asked + " used")
          .contains("state " + verdicts.toAbsolutePath().resolveSibling("judge-batch.json"));
      // half the synchronous price: 100 prompt and 10 completion tokens an answer
      Matcher cost = Pattern.compile("cost ([0-9.]+) at batch prices \\(([0-9.]+) synchronous\\)")
          .matcher(err.toString());
      assertThat(cost.find()).as(err.toString()).isTrue();
      // printed to 4 places
      assertThat(Double.parseDouble(cost.group(1)) * 2).isCloseTo(Double.parseDouble(cost.group(2)),
          org.assertj.core.data.Offset.offset(2e-4));
      assertThat(Double.parseDouble(cost.group(2))).isCloseTo(asked * (100 * 2.50 + 10 * 10.00) / 1e6,
          org.assertj.core.data.Offset.offset(1e-4));
      // a second run finds every verdict in the file and sends nothing
      assertThat(run(args)).as(err.toString()).isEqualTo(0);
      assertThat(server.batchesCreated()).isEqualTo(batches);
      assertThat(Files.readString(verdicts) + out + err
          + Files.readString(verdicts.resolveSibling("judge-batch.json"))).doesNotContain("SECRET");
    }
  }

  @Test
  void testAnthropicMessageBatchesJudgeReproducesThePublishedSuccess() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.ANTHROPIC, 1, (body, attempt) -> Fault.NONE,
        this::reply)) {
      Path verdicts = tmp.resolve("anthropic/judge-verdicts.jsonl");
      assertThat(run(evaluate(verdicts, "--judge", "anthropic:claude-sonnet-4-5", "--base-url",
          server.baseUrl().toString(), "--batch"))).as(err.toString()).isEqualTo(0);
      JsonNode result = JSON.readTree(out.toString());
      PUBLISHED.assertFigure("provider.Chat.En", "success", result.get("success").asDouble());
      assertThat(result.get("judge_mode").asText()).isEqualTo("batch");
      assertThat(server.batchesCreated()).isPositive();
      assertThat(server.entryBodies()).allSatisfy(b -> assertThat(JSON.readTree(b).path("model").asText())
          .isEqualTo("claude-sonnet-4-5"));
    }
  }

  @Test
  void testBatchNeedsAModelJudge() {
    assertThat(run(evaluate(tmp.resolve("v.jsonl"), "--judge", "offline", "--batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("--batch sends a model judge's requests");
  }
}
