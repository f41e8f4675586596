package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.examples.cli.mediq.MediqRunCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq mediq run --batch}: the reference's numerical-cutoff expert and fact-select patient played
 * turn-synchronously through a loopback OpenAI Batch API ({@link FakeBatchServer}) beside the same run against a
 * loopback chat server, both answering with one deterministic function of the request: the batch entries are the
 * synchronous run's bodies, each sent once, the consultations are the same, and the run records
 * {@code play_mode = batch}. (A reference trace cannot be replayed here: it holds identical requests answered
 * differently, which a batch answers once.)
 */
class MediqBatchRunCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODEL = "openai:meta-llama/Llama-3.1-8B-Instruct";

  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(List<String> args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(tmp.resolve("nodata")));
    ((MediqRunCommand) cl.getSubcommands().get("mediq").getSubcommands().get("run").getCommand()).llm
        .environment(Map.of("CLARQ_LLM_API_KEY", "sk-mediq-batch-SECRET-1")::get)
        .batchPolling(Duration.ofSeconds(30), d -> { });
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args.toArray(String[]::new));
  }


  private Path data(List<Integer> ids) throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("data"));
    Map<Integer, String> lines = new HashMap<>();
    for (String line : Files.readAllLines(SharedData.require("mediq/data").resolve("all_craft_md.jsonl"))) {
      lines.put(JSON.readTree(line).path("id").asInt(), line);
    }
    StringBuilder sb = new StringBuilder();
    ids.forEach(i -> sb.append(lines.get(i)).append('\n'));
    Files.writeString(folder.resolve("all_craft_md.jsonl"), sb.toString());
    return folder;
  }

  private static List<String> args(Path data, String baseUrl, Path out, String... more) {
    List<String> a = new ArrayList<>(List.of("mediq", "run", "--datasets", "craft_md", "--data", data.toString(),
        "--upstream", SharedData.require("mediq/upstream").toString(), "--expert", "numerical-cutoff", "--patient",
        "fact-select", "--use-data-facts", "--expert-model", MODEL, "--base-url", baseUrl, "--max-questions", "2",
        "--llm-attempts", "1", "--concurrency", "2", "--out", out.toString()));
    a.addAll(List.of(more));
    return a;
  }

  // a deterministic model: a letter for a request whose last message ends in the options, else a number or a line
  private static String answer(JsonNode body) {
    JsonNode messages = body.path("messages");
    String last = messages.path(messages.size() - 1).path("content").asText();
    int h = Math.floorMod(last.hashCode(), 4);
    return List.of("A", "0.4", "Is the pain worse at night?", "B").get(h);
  }

  @Test
  void testTheReferenceExpertAndPatientPlayInBatchesWithTheSynchronousBodiesAndConsultations() throws Exception {
    Path data = data(List.of(0, 2, 4));
    List<String> syncBodies;
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(req -> FakeReply.text(answer(req.json())).withUsage(100,
        10))) {
      assertThat(run(args(data, sync.baseUrl().toString(), tmp.resolve("sync")))).as(err.toString()).isZero();
      // a request the synchronous run repeats (the same case asking the same again) is one batch entry
      syncBodies = sync.requests().stream().map(RecordedRequest::body).distinct().sorted().toList();
    }
    try (FakeBatchServer server = FakeBatchServer.start(FakeBatchServer.Shape.OPENAI, 1,
        (body, attempt) -> FakeBatchServer.Fault.NONE, MediqBatchRunCommandTest::answer)) {
      Path batch = tmp.resolve("batch");
      assertThat(run(args(data, server.baseUrl().toString(), batch, "--batch"))).as(err.toString()).isZero();
      List<String> sent = server.entryBodies().stream().map(b -> new String(b, StandardCharsets.UTF_8)).sorted()
          .toList();
      // each synchronous request in a batch once
      assertThat(sent).doesNotHaveDuplicates();
      assertThat(sent).isEqualTo(syncBodies);
      assertThat(server.batchesCreated()).isGreaterThan(1);
      assertThat(err.toString()).contains("pass 1: 3 items wait");
      assertThat(out.toString()).contains("play batch: " + sent.size() + " requests in ");
      assertThat(Files.exists(batch.resolve("batch-meta-llama_Llama-3.1-8B-Instruct.json"))).isTrue();
      assertThat(Files.readAllLines(batch.resolve("consultations.jsonl")))
          .isEqualTo(Files.readAllLines(tmp.resolve("sync/consultations.jsonl")));
      JsonNode results = JSON.readTree(batch.resolve("results.json").toFile());
      assertThat(results.path("settings").path("play_mode").asText()).isEqualTo("batch");
    }
  }

  @Test
  void testSelfConsistencyAndModelFreeAgentsAreRefusedWithBatch() throws Exception {
    Path data = Files.createDirectories(tmp.resolve("none"));
    assertThat(run(args(data, "http://127.0.0.1:9/v1", tmp.resolve("a"), "--batch", "--self-consistency", "3")))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--self-consistency 3");
    assertThat(run(List.of("mediq", "run", "--datasets", "craft_md", "--data", data.toString(), "--out",
        tmp.resolve("b").toString(), "--batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("use no model");
  }
}
