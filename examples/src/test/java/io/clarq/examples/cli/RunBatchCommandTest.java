package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeBatchServer.Fault;
import io.clarq.core.testing.FakeBatchServer.Shape;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.examples.cli.clarqllm.RunCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq run --batch} end to end: turn-synchronous play of a ClarQ-LLM run against loopback batch APIs of both
 * shapes ({@link FakeBatchServer}), answering as the deterministic {@link SimulatedClarqModel} does, beside a
 * synchronous run against a loopback chat server with the same answers. The batch entries must be the bodies the
 * synchronous run sends, the transcripts and success the same, results.json must say {@code "play_mode": "batch"},
 * and a run killed between polls must resume by polling the same batch, each batch submitted once.
 */
class RunBatchCommandTest {
  private static final Map<String, String> KEYS = Map.of("CLARQ_LLM_API_KEY", "sk-run-batch-e2e-SECRET-7351",
      "ANTHROPIC_API_KEY", "sk-ant-run-batch-e2e-SECRET-7351");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SimulatedClarqModel MODEL = new SimulatedClarqModel(Duration.ZERO);

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  // the simulated model's answer to a request body, whichever protocol carried it
  private static String answer(JsonNode body) {
    return MODEL.reply(new RecordedRequest("POST", "/v1/chat/completions", Map.of(), body.toString(), body, 0L))
        .text();
  }

  // the synchronous server's reply: the same answer and the usage the batch server reports (100 in, 10 out)
  private static FakeReply synchronous(RecordedRequest request) {
    return FakeReply.text(answer(request.json())).withUsage(100, 10);
  }

  private int run(BatchClient.Sleeper sleeper, List<String> args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine();
    ((RunCommand) cl.getSubcommands().get("run").getCommand()).llm.environment(KEYS::get)
        .batchPolling(Duration.ofSeconds(30), sleeper);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args.toArray(String[]::new));
  }

  private static List<String> args(String seeker, String provider, String baseUrl, Path out, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "--seeker", seeker, "--provider", provider, "--base-url",
        baseUrl, "--prompts", "clarq", "--tasks", SharedData.require("clarq-llm/tasks").toString(), "--select", "1",
        "--concurrency", "3", "--out", out.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private static List<String> sorted(List<byte[]> bodies) {
    return bodies.stream().map(b -> new String(b, StandardCharsets.UTF_8)).sorted().toList();
  }

  private void assertSamePlay(Path sync, Path batch) throws Exception {
    assertThat(Files.readString(batch.resolve("transcripts.jsonl")))
        .isEqualTo(Files.readString(sync.resolve("transcripts.jsonl")));
    JsonNode s = JSON.readTree(sync.resolve("results.json").toFile());
    JsonNode b = JSON.readTree(batch.resolve("results.json").toFile());
    assertThat(b.path("languages").path("en").path("dialogue_scores"))
        .isEqualTo(s.path("languages").path("en").path("dialogue_scores"));
    assertThat(b.path("languages").path("en").path("successes")).isEqualTo(s.path("languages").path("en")
        .path("successes"));
    assertThat(b.path("failed").asInt()).isZero();
    assertThat(s.path("play_mode").asText()).isEqualTo("synchronous");
    assertThat(b.path("play_mode").asText()).isEqualTo("batch");
    assertThat(b.path("settings").path("play_mode").asText()).isEqualTo("batch");
  }

  @Test
  void testOneModelPlaysBothRolesInOneBatchAPassWithTheSynchronousBodiesAndResults() throws Exception {
    List<String> syncBodies;
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(RunBatchCommandTest::synchronous)) {
      assertThat(run(d -> { }, args("chat:" + sync.baseUrl(), sync.baseUrl().toString(), sync.baseUrl().toString(),
          dir.resolve("sync"), "--model", "sim-7b"))).as(err.toString()).isZero();
      syncBodies = sync.requests().stream().map(RecordedRequest::body).sorted().toList();
    }
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 1, (body, attempt) -> Fault.NONE,
        RunBatchCommandTest::answer)) {
      String url = server.baseUrl().toString();
      assertThat(run(d -> { }, args("chat:" + url, url, url, dir.resolve("batch"), "--model", "sim-7b", "--batch",
          "--prices", "sim-7b=2.00/8.00"))).as(err.toString()).isZero();
      // each request in one batch, once: exactly the synchronous run's bodies
      assertThat(sorted(server.entryBodies())).isEqualTo(syncBodies);
      assertThat(Files.exists(dir.resolve("batch/batch-seeker-provider.json"))).isTrue();
      assertThat(err.toString()).contains("pass 1: 10 items wait", "requests sent to openai sim-7b");
      // the billed answers at half price: 100 in and 10 out a call at 1.00/4.00 per million
      assertThat(out.toString()).contains("play batch: " + syncBodies.size() + " requests in ",
          String.format(java.util.Locale.ROOT, "cost %.4f at batch prices", syncBodies.size() * 140e-6));
    }
    assertSamePlay(dir.resolve("sync"), dir.resolve("batch"));
  }

  @Test
  void testAKilledRunOfTwoModelsResumesByPollingTheSameBatchAndNeverSubmitsOneTwice() throws Exception {
    List<String> syncBodies;
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(RunBatchCommandTest::synchronous)) {
      assertThat(run(d -> { }, args("chat:openai:seeker-7b", "openai:provider-7b", sync.baseUrl().toString(),
          dir.resolve("sync")))).as(err.toString()).isZero();
      syncBodies = sync.requests().stream().map(RecordedRequest::body).sorted().toList();
    }
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 1, (body, attempt) -> Fault.NONE,
        RunBatchCommandTest::answer)) {
      String url = server.baseUrl().toString();
      Path batch = dir.resolve("batch");
      List<String> args = args("chat:openai:seeker-7b", "openai:provider-7b", url, batch, "--batch");
      // killed at the third wait between two polls: its batch stays open in the state file
      AtomicInteger waits = new AtomicInteger();
      assertThat(run(d -> {
        if (waits.incrementAndGet() == 3) {
          throw new IllegalStateException("killed between polls");
        }
      }, args)).isNotZero();
      assertThat(err.toString()).contains("killed between polls");
      int before = server.batchesCreated();
      String open = Files.readString(batch.resolve("batch-seeker.json")) + Files.readString(batch.resolve(
          "batch-provider.json"));
      assertThat(open).contains("\"open\" : \"batch_");
      // a fresh command over the same folder: polls the open batch, then goes on
      assertThat(run(d -> { }, args)).as(err.toString()).isZero();
      assertThat(err.toString()).contains("open from before, polling it");
      assertThat(server.batchesCreated()).isGreaterThan(before);
      // every batch submitted once: no request sent twice, and together exactly the synchronous run's
      assertThat(sorted(server.entryBodies())).isEqualTo(syncBodies);
      int listed = 0;
      for (String state : List.of("batch-seeker.json", "batch-provider.json")) {
        JsonNode s = JSON.readTree(batch.resolve(state).toFile());
        assertThat(s.path("open").isNull()).as(state).isTrue();
        listed += s.path("batches").size();
      }
      assertThat(listed).isEqualTo(server.batchesCreated());
      assertSamePlay(dir.resolve("sync"), batch);
    }
  }

  @Test
  void testAnthropicMessageBatchesPlayTheSeekerAgainstTheOfflineProvider() throws Exception {
    List<String> syncBodies;
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(ProviderWires.ANTHROPIC, RunBatchCommandTest::synchronous)) {
      assertThat(run(d -> { }, args("comp:anthropic:claude-test", "offline", sync.baseUrl().toString(),
          dir.resolve("sync"), "--multi-info"))).as(err.toString()).isZero();
      syncBodies = sync.requests().stream().map(RecordedRequest::body).sorted().toList();
    }
    try (FakeBatchServer server = FakeBatchServer.start(Shape.ANTHROPIC, 2, (body, attempt) -> Fault.NONE,
        RunBatchCommandTest::answer)) {
      Path batch = dir.resolve("batch");
      assertThat(run(d -> { }, args("comp:anthropic:claude-test", "offline", server.baseUrl().toString(), batch,
          "--multi-info", "--batch"))).as(err.toString()).isZero();
      assertThat(sorted(server.entryBodies())).isEqualTo(syncBodies);
      assertThat(Files.exists(batch.resolve("batch-seeker.json"))).isTrue();
      assertThat(Files.readString(batch.resolve("batch-seeker.json"))).doesNotContain("SECRET");
      assertSamePlay(dir.resolve("sync"), batch);
    }
  }

  @Test
  void testADialogueWhoseEntryKeepsFailingFailsWithTheProvidersReasonAfterThreeBatches() throws Exception {
    // every provider request errors in every batch; the seeker's are answered
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 0, (body, attempt) ->
        body.path("response_format").path("type").asText().equals("json_object") ? Fault.ERROR : Fault.NONE,
        RunBatchCommandTest::answer)) {
      String url = server.baseUrl().toString();
      Path batch = dir.resolve("failing");
      List<String> args = new ArrayList<>(List.of("run", "--seeker", "chat:" + url, "--provider", url, "--model",
          "sim-7b", "--prompts", "clarq", "--tasks", SharedData.require("clarq-llm/tasks").toString(), "--select",
          "1.1,2.1", "--out", batch.toString(), "--batch"));
      assertThat(run(d -> { }, args)).isEqualTo(1);
      // batch 1: both seekers' first lines; batches 2-4: both providers' first calls, failing each time
      assertThat(server.batchesCreated()).isEqualTo(4);
      JsonNode results = JSON.readTree(batch.resolve("results.json").toFile());
      assertThat(results.path("failed").asInt()).isEqualTo(2);
      assertThat(Files.readString(batch.resolve("transcripts.jsonl"))).contains("provider: LlmException: batch entry",
          "failed in 3 batches: errored: HTTP 400 invalid_request_error: Invalid value for 'temperature'.");
    }
  }

  @Test
  void testBatchIsRefusedWhereTurnSynchronousPlayCannotWork() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    assertThat(run(d -> { }, List.of("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(),
        "--out", dir.resolve("a").toString(), "--batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("neither role is played by a model");
    assertThat(run(d -> { }, List.of("run", "--seeker", "console", "--provider", "openai:gpt-4o", "--tasks",
        tasks.toString(), "--out", dir.resolve("b").toString(), "--batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("--seeker console is not one of them");
    assertThat(run(d -> { }, List.of("run", "--seeker", "rule", "--provider", "ollama:llama3", "--tasks",
        tasks.toString(), "--out", dir.resolve("c").toString(), "--batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("has no batch API");
  }
}
