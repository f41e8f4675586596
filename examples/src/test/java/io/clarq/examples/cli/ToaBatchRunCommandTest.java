package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.datasets.toa.FlmJsonl;
import io.clarq.examples.cli.toa.ToaCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq toa run --batch}: the primary model's calls go through a loopback OpenAI Batch API, every example
 * advancing together, and give the requests and outcomes of the same run made synchronously.
 */
class ToaBatchRunCommandTest {
  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private Map<String, FlmExample> byQuestion;

  private int run(List<String> args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine();
    ((ToaCommand.Run) cl.getSubcommands().get("toa").getSubcommands().get("run").getCommand()).llm
        .environment(Map.of("CLARQ_LLM_API_KEY", "sk-toa-batch-1")::get)
        .batchPolling(Duration.ofSeconds(30), d -> { });
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args.toArray(String[]::new));
  }

  /** The primary model: the gold answer when the masked fact is in the context, else "unknown". */
  private String primary(JsonNode body) {
    RecordedRequest r = new RecordedRequest("POST", "/v1/chat/completions", Map.of(), body.toString(), body, 0L);
    String prompt = r.lastUserMessage();
    String question = prompt.substring(prompt.lastIndexOf("\n\nQuestion: ") + 12, prompt.indexOf("\nAnswer in as"));
    FlmExample e = byQuestion.get(question);
    String context = prompt.substring(0, prompt.lastIndexOf("\n\nQuestion: "));
    return context.contains(e.maskedFact().text().strip()) ? e.answer() : "unknown";
  }

  private static List<String> args(Path flm, String baseUrl, Path out, String... more) {
    List<String> a = new ArrayList<>(List.of("toa", "run", "--flm", flm.toString(), "--asker", "repeater",
        "--oracle", "offline", "--primary", "openai:primary-model", "--base-url", baseUrl, "--concurrency", "3",
        "--out", out.toString()));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void testTheExamplesAdvanceTogetherThroughBatchesWithTheSynchronousRequestsAndOutcomes() throws Exception {
    Path flm = tmp.resolve("dev-flm.jsonl");
    assertThat(run(List.of("flm", "make", "--hotpot", SharedData.require(
        "hotpotqa/hotpot_dev_distractor_first53.json").toString(), "--seed", "42", "--out", flm.toString())))
        .as(err.toString()).isZero();
    Path small = tmp.resolve("six.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 6));
    byQuestion = FlmJsonl.read(small).stream().collect(Collectors.toMap(FlmExample::question, Function.identity()));
    List<String> syncBodies;
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(r -> FakeReply.text(primary(r.json())))) {
      assertThat(run(args(small, sync.baseUrl().toString(), tmp.resolve("sync")))).as(err.toString()).isZero();
      syncBodies = sync.requests().stream().map(RecordedRequest::body).distinct().sorted().toList();
    }
    try (FakeBatchServer server = FakeBatchServer.start(FakeBatchServer.Shape.OPENAI, 1,
        (body, attempt) -> FakeBatchServer.Fault.NONE, this::primary)) {
      Path batch = tmp.resolve("batch");
      assertThat(run(args(small, server.baseUrl().toString(), batch, "--batch"))).as(err.toString()).isZero();
      assertThat(server.entryBodies().stream().map(b -> new String(b, StandardCharsets.UTF_8)).sorted().toList())
          .isEqualTo(syncBodies);
      assertThat(server.batchesCreated()).isGreaterThan(1);
      assertThat(Files.readString(batch.resolve("toa-results.jsonl")).replace(server.baseUrl().toString(), "URL"))
          .isEqualTo(Files.readString(tmp.resolve("sync/toa-results.jsonl")).replaceAll(
              "http://127\\.0\\.0\\.1:\\d+/v1", "URL"));
      assertThat(Files.readString(batch.resolve("run-config.json"))).contains("\"play_mode\" : \"batch\"");
      assertThat(Files.exists(batch.resolve("batch-primary-model.json"))).isTrue();
      // each answer a replayed example used counts once, as in the synchronous run
      com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
      JsonNode batchUsage = json.readTree(batch.resolve("results.json").toFile()).path("usage");
      // (the fake batch server reports 100 prompt and 10 completion tokens per answer)
      long calls = json.readTree(tmp.resolve("sync/results.json").toFile()).at("/usage/primary/calls").asLong();
      assertThat(calls).isGreaterThanOrEqualTo(syncBodies.size());
      assertThat(batchUsage.path("primary").path("calls").asLong()).isEqualTo(calls);
      assertThat(batchUsage.path("primary").path("input_tokens").asLong()).isEqualTo(100 * calls);
      assertThat(batchUsage.path("primary").path("output_tokens").asLong()).isEqualTo(10 * calls);
      assertThat(err.toString()).contains("toa run: pass 1: 6 items wait", "toa run: play batch: ");
    }
  }

  @Test
  void testAnAgentIsRefusedWithBatch() {
    assertThat(run(List.of("toa", "run", "--flm", tmp.resolve("none.jsonl").toString(), "--agent",
        "openai:asker-model", "--primary", "openai:p", "--out", tmp.resolve("o").toString(), "--batch")))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--agent openai:asker-model is not one of them");
  }
}
