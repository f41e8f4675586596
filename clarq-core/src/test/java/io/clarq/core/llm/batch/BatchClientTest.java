package io.clarq.core.llm.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeBatchServer.Fault;
import io.clarq.core.testing.FakeBatchServer.Shape;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch client against loopback batch APIs of both shapes ({@link FakeBatchServer}): bodies byte-identical to the
 * synchronous client's, expired entries retried in the next batch, an entry that keeps erroring failing its request
 * with the provider's reason, and a command killed between polls resuming the same batch without sending another.
 */
class BatchClientTest {
  private static final Map<String, String> KEYS = Map.of("OPENAI_API_KEY", "sk-batch-test-0123456789",
      "ANTHROPIC_API_KEY", "sk-ant-batch-test-0123456789");
  @TempDir Path dir;

  private static final List<String> QUESTIONS = List.of("Is it in the kitchen?", "Is it red?", "Is it big?");

  private static ChatRequest ask(String q) {
    return ChatRequest.builder().system("You are the judge.").user(q).temperature(0.0).seed(8848L).build();
  }

  private static LlmSpec spec(String spec, java.net.URI base) {
    return LlmSpec.parse(spec).withBaseUrl(base).withSettings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10))
        .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(1)));
  }

  private BatchClient client(String spec, FakeBatchServer server, Path state, BatchClient.Sleeper sleeper) {
    return BatchClients.forSpec(spec(spec, server.baseUrl()), KEYS::get, state).maxAttempts(2)
        .polling(Duration.ofSeconds(30), sleeper).build();
  }

  // one pass: every question asked; the answers that are in, "(waiting)" or the failure for the others
  private static List<String> pass(LlmClient client) {
    List<String> out = new ArrayList<>();
    for (String q : QUESTIONS) {
      try {
        out.add(client.chat(ask(q)).text());
      } catch (BatchPendingException e) {
        out.add("(waiting)");
      } catch (LlmException e) {
        out.add("failed: " + e.getMessage());
      }
    }
    return out;
  }

  // the bodies the synchronous client of the same spec sends, as the server received them
  private static List<String> synchronousBodies(String spec, io.clarq.core.testing.Wire wire) throws Exception {
    try (FakeOpenAiServer sync = FakeOpenAiServer.start(wire, r -> FakeReply.text("fine"));
        LlmClient client = LlmClients.fromSpec(spec(spec, sync.baseUrl()), KEYS::get,
            io.clarq.core.llm.LlmListener.NONE)) {
      for (String q : QUESTIONS) {
        client.chat(ask(q));
      }
      return sync.requests().stream().map(r -> r.body()).toList();
    }
  }

  @Test
  void testOpenAiBatchRetriesExpiredEntriesAndFailsOneThatKeepsErroring() throws Exception {
    // "Is it red?" expires in its first batch, "Is it big?" errors in every batch
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 1, (body, attempt) -> {
      String q = FakeBatchServer.lastText(body.path("messages"));
      return q.equals("Is it big?") ? Fault.ERROR : q.equals("Is it red?") && attempt == 1 ? Fault.EXPIRE : Fault.NONE;
    })) {
      List<Duration> waits = new ArrayList<>();
      BatchClient client = client("openai:gpt-4o", server, dir.resolve("judge-batch.json"), waits::add);
      List<String> last = client.untilAnswered(() -> pass(client));
      assertThat(last.subList(0, 2)).containsExactly("echo: Is it in the kitchen?", "echo: Is it red?");
      assertThat(last.get(2)).startsWith("failed: batch entry clarq-").contains("failed in 2 batches")
          .contains("HTTP 400 invalid_request_error: Invalid value for 'temperature'.");
      // batch 1: all three; batch 2: the expired one and the errored one; then no third
      assertThat(server.batchesCreated()).isEqualTo(2);
      assertThat(client.batches()).isEqualTo(2);
      assertThat(client.requestsSent()).isEqualTo(5);
      assertThat(waits).containsExactly(Duration.ofSeconds(30), Duration.ofSeconds(30));
      // each answer counted once, though later passes read it again
      assertThat(client.usage().tokens()).isEqualTo(new TokenUsage(200, 20));
      // byte for byte what the synchronous client sends
      List<String> batched = server.entryBodies().subList(0, 3).stream()
          .map(b -> new String(b, StandardCharsets.UTF_8)).toList();
      assertThat(batched).containsExactlyElementsOf(synchronousBodies("openai:gpt-4o", null));
      String state = Files.readString(dir.resolve("judge-batch.json"));
      assertThat(state).contains("\"format\" : \"clarq-batch/1\"", "\"open\" : null", "\"state\" : \"completed\"")
          .doesNotContain("sk-batch-test");
    }
  }

  @Test
  void testAKillBetweenPollsResumesTheSameBatchWithoutSendingAnother() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 3, (body, attempt) -> Fault.NONE)) {
      Path state = dir.resolve("judge-batch.json");
      BatchClient first = client("openai:gpt-4o", server, state, d -> {
        throw new InterruptedException("killed");
      });
      assertThat(pass(first)).containsOnly("(waiting)");
      assertThatThrownBy(first::sendAndWait).isInstanceOf(LlmException.class)
          .hasMessageContaining("stays open in " + state);
      Thread.interrupted();
      assertThat(Files.readString(state)).contains("\"open\" : \"batch_");
      // a new process over the same folder: polls the open batch, sends nothing new
      BatchClient second = client("openai:gpt-4o", server, state, d -> { });
      List<String> last = second.untilAnswered(() -> pass(second));
      assertThat(last).containsExactly("echo: Is it in the kitchen?", "echo: Is it red?", "echo: Is it big?");
      assertThat(server.batchesCreated()).isEqualTo(1);
      assertThat(second.batches()).isZero();
      assertThat(server.polls()).isEqualTo(4);
      // a third start has every answer and sends nothing at all
      BatchClient third = client("openai:gpt-4o", server, state, d -> { });
      assertThat(third.untilAnswered(() -> pass(third))).isEqualTo(last);
      assertThat(server.batchesCreated()).isEqualTo(1);
    }
  }

  @Test
  void testAnthropicMessageBatchesRetryExpiredEntriesWithTheSynchronousBodies() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.ANTHROPIC, 1, (body, attempt) ->
        FakeBatchServer.lastText(body.path("messages")).equals("Is it red?") && attempt == 1 ? Fault.EXPIRE
            : FakeBatchServer.lastText(body.path("messages")).equals("Is it big?") ? Fault.ERROR : Fault.NONE)) {
      BatchClient client = client("anthropic:claude-sonnet-4-5", server, dir.resolve("b.json"), d -> { });
      List<String> last = client.untilAnswered(() -> pass(client));
      assertThat(last.subList(0, 2)).containsExactly("echo: Is it in the kitchen?", "echo: Is it red?");
      assertThat(last.get(2)).contains("failed in 2 batches").contains("invalid_request_error: max_tokens: Field "
          + "required");
      assertThat(server.batchesCreated()).isEqualTo(2);
      List<String> batched = server.entryBodies().subList(0, 3).stream()
          .map(b -> new String(b, StandardCharsets.UTF_8)).toList();
      assertThat(batched).containsExactlyElementsOf(synchronousBodies("anthropic:claude-sonnet-4-5",
          ProviderWires.ANTHROPIC));
      assertThat(client.usage().tokens()).isEqualTo(new TokenUsage(200, 20));
    }
  }

  @Test
  void testAStateFileOfAnotherModelIsRefusedNamingIt() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 0, (body, attempt) -> Fault.NONE)) {
      Path state = dir.resolve("judge-batch.json");
      BatchClient a = client("openai:gpt-4o", server, state, d -> { });
      a.untilAnswered(() -> pass(a));
      assertThatThrownBy(() -> client("openai:gpt-4o-mini", server, state, d -> { }))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(state.toString())
          .hasMessageContaining("openai model gpt-4o, not of openai model gpt-4o-mini");
      assertThatThrownBy(() -> BatchClients.forSpec(LlmSpec.parse("gemini:gemini-2.0-flash"), KEYS::get, state)).hasMessageContaining("has no batch API");
    }
  }
}
