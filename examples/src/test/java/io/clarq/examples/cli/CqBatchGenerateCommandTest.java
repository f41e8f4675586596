package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.examples.cli.cq.CqGenerateCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq cq generate --batch}: the LLM generator's calls go through a loopback OpenAI Batch API, each row
 * advancing one call a pass (four forms, each asked again when the facet words are missing), and give the questions
 * and request bodies of the same generation made synchronously.
 */
class CqBatchGenerateCommandTest {
  private static final Pattern WORDS = Pattern.compile("uses each of these words: (.*)\\.");
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  /** A generator model that forgets the facet words on its first try at every form, then complies. */
  private static String generator(JsonNode body) {
    RecordedRequest r = new RecordedRequest("POST", "/v1/chat/completions", Map.of(), body.toString(), body, 0L);
    String first = r.messages().get(1).content();
    Matcher m = WORDS.matcher(first);
    assertThat(m.find()).isTrue();
    String form = first.substring(first.indexOf("starts with \"") + 13, first.indexOf("\" and uses"));
    return r.messages().size() == 2 ? form + " something else?" : form + " " + m.group(1).replace(",", "") + "?";
  }

  private int run(List<String> args) {
    CommandLine cl = ClarqCommand.commandLine();
    ((CqGenerateCommand) cl.getSubcommands().get("cq").getSubcommands().get("generate").getCommand())
        .generatorOptions.llm.environment(Map.of("CLARQ_LLM_API_KEY", "sk-cq-batch-1")::get)
        .batchPolling(Duration.ofSeconds(30), d -> { });
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args.toArray(String[]::new));
  }

  private static List<String> args(String baseUrl, Path out, String... more) {
    List<String> a = new java.util.ArrayList<>(List.of("cq", "generate", "--data",
        SharedData.require("clariq-fkw").toString(), "--limit", "3", "--generator", "openai:fake-model", "--base-url",
        baseUrl, "--no-logprobs", "--concurrency", "2", "--out", out.toString()));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void testBatchGenerationAsksTheSynchronousRequestsAndWritesTheSameQuestions() throws Exception {
    List<String> syncBodies;
    String[] syncUrl = new String[1];
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(r -> FakeReply.text(generator(r.json())))) {
      syncUrl[0] = sync.baseUrl().toString();
      assertThat(run(args(sync.baseUrl().toString(), dir.resolve("sync")))).as(err.toString()).isZero();
      syncBodies = sync.requests().stream().map(RecordedRequest::body).sorted().toList();
    }
    try (FakeBatchServer server = FakeBatchServer.start(FakeBatchServer.Shape.OPENAI, 1,
        (body, attempt) -> FakeBatchServer.Fault.NONE, CqBatchGenerateCommandTest::generator)) {
      Path batch = dir.resolve("batch");
      assertThat(run(args(server.baseUrl().toString(), batch, "--batch"))).as(err.toString()).isZero();
      assertThat(server.entryBodies().stream().map(b -> new String(b, StandardCharsets.UTF_8)).sorted().toList())
          .isEqualTo(syncBodies);
      // each row's calls one after the other: 4 forms x 2 attempts, one call of every row a batch
      assertThat(server.batchesCreated()).isEqualTo(8);
      // the same questions; the generator's name carries each server's address
      assertThat(Files.readString(batch.resolve("generations.jsonl")).replace(server.baseUrl().toString(), "URL"))
          .isEqualTo(Files.readString(dir.resolve("sync/generations.jsonl")).replace(syncUrl[0], "URL"));
      assertThat(Files.readString(batch.resolve("run-config.json"))).contains("\"play_mode\" : \"batch\"");
      assertThat(Files.exists(batch.resolve("batch-generator.json"))).isTrue();
      assertThat(err.toString()).contains("cq generate: batch: 24 requests in 8 batches");
    }
  }

  @Test
  void testTheTemplateGeneratorIsRefusedWithBatch() {
    assertThat(run(List.of("cq", "generate", "--data", SharedData.require("clariq-fkw").toString(), "--out",
        dir.resolve("t").toString(), "--batch"))).isEqualTo(2);
    assertThat(err.toString()).contains("--generator template is not one");
  }
}
