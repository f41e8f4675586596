package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key from the environment reaches the server and nothing else: no log line, cache file or exception. */
class ApiKeyLeakTest {
  private static final String KEY = "sk-proj-LEAKCHECK-93f1c0d7e2a4b6";

  @TempDir Path dir;

  @Test
  void testKeyNeverInLogsCacheFilesOrExceptions() throws Exception {
    Path cacheFile = dir.resolve("cache.jsonl");
    List<Throwable> errors = new ArrayList<>();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream realErr = System.err;
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("fine: " + r.lastUserMessage()))) {
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("m").withSettings(LlmSettings.DEFAULT
          .withTimeout(Duration.ofMillis(700))
          .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(3).withBackoff(Duration.ZERO, Duration.ZERO)));
      LlmClient live = LlmClients.fromSpec(spec, Map.of("CLARQ_LLM_API_KEY", KEY)::get, LlmListener.NONE);
      try (CachingLlmClient client = CachingLlmClient.forSpec(live, spec, ResponseCacheFile.open(cacheFile),
          CachePolicy.DEFAULT, LlmListener.NONE)) {
        asked(client, ChatRequest.builder().user("warm-up").temperature(0.0).build());
        server.enqueue(FakeReply.rateLimited(), FakeReply.droppedConnection());
        asked(client, ChatRequest.builder().user("after retries").temperature(0.0).build());
        server.enqueue(FakeReply.unauthorized());
        errors.add(catchThrowable(() -> client.chat(ChatRequest.builder().user("401").build())));
        server.enqueue(FakeReply.error(400, "invalid_api_key " + KEY, "bad key " + KEY));
        errors.add(catchThrowable(() -> client.chat(ChatRequest.builder().user("400").build())));
        server.enqueue(FakeReply.text("slow").after(Duration.ofSeconds(2)), FakeReply.malformedJson(),
            FakeReply.truncatedBody());
        errors.add(catchThrowable(() -> client.chat(ChatRequest.builder().user("faults").build())));
        asked(client, ChatRequest.builder().user("seeded").seed(3L).build());
        assertThat(client.toString() + live + spec).doesNotContain(KEY);
      }
      Files.writeString(cacheFile, "{\"key\": \"torn", StandardOpenOption.APPEND);
      try (CachingLlmClient replay = CachingLlmClient.forSpec(LlmClients.fromSpec(spec,
          Map.of("CLARQ_LLM_API_KEY", KEY)::get, LlmListener.NONE), spec, ResponseCacheFile.open(cacheFile),
          CachePolicy.REPLAY_ONLY, LlmListener.NONE)) {
        errors.add(catchThrowable(() -> replay.chat(ChatRequest.builder().user("miss").temperature(0.0).build())));
        replay.file().put("k", io.clarq.core.llm.cache.CacheKey.canonical(
            ChatRequest.builder().user("x").build(), "e", "m"), ChatResponse.ofText("x"));
      }
      assertThat(server.requests()).allSatisfy(r ->
          assertThat(r.header("Authorization")).contains("Bearer " + KEY));
    } finally {
      System.setErr(realErr);
    }
    String logged = log.toString(StandardCharsets.UTF_8);
    // the capture works: the retries and the torn record were logged
    assertThat(logged).contains("attempt 1 failed").contains("torn record");
    assertThat(logged).doesNotContain(KEY);
    assertThat(errors).hasSize(4).allSatisfy(e -> {
      assertThat(e).isInstanceOf(LlmException.class);
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      assertThat(trace.toString()).doesNotContain(KEY);
    });
    assertThat(errors.get(0)).hasMessageContaining("[redacted]");
    String cache = Files.readString(cacheFile);
    assertThat(cache).contains("after retries").doesNotContain(KEY);
  }

  /** Asks and accepts the reply, as a caller that could use it does. */
  private static ChatResponse asked(LlmClient client, ChatRequest request) throws LlmException {
    ChatResponse response = client.chat(request);
    client.accept(request, response);
    return response;
  }

  @Test
  void testAVeryShortKeyIsRedactedAsAWholeTokenWithoutManglingWords() {
    ApiKey shortKey = ApiKey.of("ab", "test");
    assertThat(shortKey.redact("a cab about ab, key=ab")).isEqualTo("a cab about [redacted], key=[redacted]");
    ApiKey longKey = ApiKey.of("sk-0123456789", "test");
    assertThat(longKey.redact("Incorrect key xsk-0123456789y")).isEqualTo("Incorrect key x[redacted]y");
  }
}
