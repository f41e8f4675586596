package io.clarq.core.llm.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmReplayMissException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CachingLlmClientTest {
  private static final java.util.function.BiFunction<String, java.util.List<String>, String> REMINDER =
      (problem, fields) -> "unreadable (" + problem + "); fields " + fields;

  private static final String KEY = "sk-cache-test-SECRET-4242";
  private static final List<TokenLogprob> LOGPROBS =
      List.of(new TokenLogprob("是", -0.2, List.of(new TokenLogprob.Alternative("否", -1.7))));

  @TempDir Path dir;
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(
      "reply to «" + r.lastUserMessage() + "»\n\twith \"quotes\", 中文 and \\ backslash").withUsage(17, 9)
      .withLogprobs(LOGPROBS).withFinishReason("stop"));

  @AfterEach
  void stop() {
    server.close();
  }

  private CachingLlmClient cached(Path file, CachePolicy policy) {
    OpenAiClient live = OpenAiClient.builder().baseUrl(server.baseUrl()).model("m1").apiKey(ApiKey.of(KEY, "test"))
        .settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.NONE)).build();
    return new CachingLlmClient(live, ResponseCacheFile.open(file), server.baseUrl().toString(), "m1", policy,
        LlmListener.NONE);
  }

  private static ChatRequest ask(String question) {
    return ChatRequest.builder().system("judge").user(question).temperature(0.0).logprobs(true).build();
  }

  @Test
  void testReplayOnlyReplaysByteIdenticalRepliesWithZeroHttpCalls() throws Exception {
    Path file = dir.resolve("llm-cache.jsonl");
    List<ChatResponse> live = new ArrayList<>();
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      for (String q : List.of("one", "two", "three")) {
        live.add(asked(client, ask(q)));
      }
    }
    assertThat(server.callCount()).isEqualTo(3);
    server.reset();
    try (CachingLlmClient client = cached(file, CachePolicy.REPLAY_ONLY)) {
      for (int i = 0; i < 3; i++) {
        ChatResponse replay = asked(client, ask(List.of("one", "two", "three").get(i)));
        assertThat(replay.text().getBytes(StandardCharsets.UTF_8))
            .isEqualTo(live.get(i).text().getBytes(StandardCharsets.UTF_8));
        assertThat(replay).isEqualTo(new ChatResponse(live.get(i).text(), "stop", live.get(i).usage(),
            Duration.ZERO, LOGPROBS));
      }
    }
    assertThat(server.callCount()).isZero();
  }

  @Test
  void testReplayOnlyMissFailsWithoutACall() throws Exception {
    try (CachingLlmClient client = cached(dir.resolve("empty.jsonl"), CachePolicy.REPLAY_ONLY)) {
      assertThatThrownBy(() -> asked(client, ask("never recorded"))).isInstanceOf(LlmReplayMissException.class)
          .hasMessageContaining("replay-only cache " + dir.resolve("empty.jsonl"))
          .hasMessageContaining("model m1").hasMessageContaining("last user: \"never recorded\"")
          .hasMessageContaining("no live call was made");
    }
    assertThat(server.callCount()).isZero();
  }

  @Test
  void testNondeterministicRequestsAreCachedOnlyWhenAsked() throws Exception {
    ChatRequest sampled = ChatRequest.builder().user("tell me a story").temperature(0.9).build();
    try (CachingLlmClient client = cached(dir.resolve("a.jsonl"), CachePolicy.DEFAULT)) {
      asked(client, sampled);
      asked(client, sampled);
      assertThat(client.file().size()).isZero();
    }
    assertThat(server.callCount()).isEqualTo(2);
    try (CachingLlmClient client = cached(dir.resolve("b.jsonl"),
        CachePolicy.DEFAULT.withCacheNondeterministic(true))) {
      asked(client, sampled);
      asked(client, sampled);
    }
    assertThat(server.callCount()).isEqualTo(3);
    ChatRequest seeded = ChatRequest.builder().user("tell me a story").temperature(0.9).seed(7L).build();
    try (CachingLlmClient client = cached(dir.resolve("c.jsonl"), CachePolicy.DEFAULT)) {
      asked(client, seeded);
      asked(client, seeded);
    }
    assertThat(server.callCount()).isEqualTo(4);
  }

  @Test
  void testOnlyAcceptedRepliesAreCachedSoAnUnparsableReplyCannotPinAFailure() throws Exception {
    Path file = dir.resolve("poison.jsonl");
    server.enqueue(FakeReply.text("I think the answer is yes"), FakeReply.text("still not JSON"));
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      ChatRequest json = ChatRequest.builder().user("decide").temperature(0.0).responseFormat(ResponseFormat.JSON_OBJECT)
          .build();
      // unparsable twice: the caller gets an unparsed result and nothing is recorded
      assertThat(StructuredAsk.ask(client, json, List.of("match"), REMINDER).isParsed()).isFalse();
      assertThat(Files.readString(file)).isEmpty();
      // the model answers properly now: the rerun asks it (no replayed failure) and records that reply
      server.respondWith(r -> FakeReply.text("{\"match\": true}"));
      assertThat(StructuredAsk.ask(client, json, List.of("match"), REMINDER).isParsed()).isTrue();
      assertThat(Files.readAllLines(file)).hasSize(1);
      int calls = server.callCount();
      assertThat(StructuredAsk.ask(client, json, List.of("match"), REMINDER).isParsed()).isTrue();
      assertThat(server.callCount()).isEqualTo(calls);
      // a reply asked for but never accepted is not recorded either
      client.chat(ask("free text the caller rejected"));
      assertThat(Files.readAllLines(file)).hasSize(1);
    }
  }

  @Test
  void testFirstUnparsableReplyIsRecordedWithTheRetryThatSucceededSoReplayRetracesBoth() throws Exception {
    Path file = dir.resolve("retry.jsonl");
    server.enqueue(FakeReply.text("not JSON"), FakeReply.text("{\"match\": false}"));
    ChatRequest json = ChatRequest.builder().user("decide").temperature(0.0).build();
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      assertThat(StructuredAsk.ask(client, json, List.of("match"), REMINDER).isParsed()).isTrue();
    }
    assertThat(Files.readAllLines(file)).hasSize(2);
    try (CachingLlmClient replay = cached(file, CachePolicy.REPLAY_ONLY)) {
      assertThat(StructuredAsk.ask(replay, json, List.of("match"), REMINDER).bool("match")).hasValue(false);
    }
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testErrorsAndBlankRepliesAreNeverCached() throws Exception {
    Path file = dir.resolve("errors.jsonl");
    server.enqueue(FakeReply.serverError(), FakeReply.text("  \n"));
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      assertThatThrownBy(() -> asked(client, ask("q"))).isInstanceOf(LlmException.class);
      assertThat(asked(client, ask("q")).text()).isBlank();
      assertThat(asked(client, ask("q")).text()).startsWith("reply to");
      assertThat(asked(client, ask("q")).text()).startsWith("reply to");
    }
    assertThat(server.callCount()).isEqualTo(3);
    assertThat(Files.readAllLines(file)).hasSize(1);
  }

  @Test
  void testKeyCoversEndpointModelMessagesAndEveryParameter() {
    ChatRequest base = ChatRequest.builder().user("q").temperature(0.0).build();
    String k = CacheKey.of(base, "http://a/v1", "m");
    assertThat(CacheKey.of(ChatRequest.builder().user("q").temperature(0.0).build(), "http://a/v1", "m"))
        .isEqualTo(k);
    List<String> variants = List.of(
        CacheKey.of(base, "http://b/v1", "m"),
        CacheKey.of(base, "http://a/v1", "m2"),
        CacheKey.of(base.toBuilder().model("m3").build(), "http://a/v1", "m"),
        CacheKey.of(ChatRequest.builder().system("q").temperature(0.0).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().user("more").build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().temperature(0.5).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().topP(0.9).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().seed(1L).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().maxTokens(5).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().stop(List.of("x")).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().responseFormat(ResponseFormat.JSON_OBJECT).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().jsonSchema("{}").build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().logprobs(true).build(), "http://a/v1", "m"),
        CacheKey.of(base.toBuilder().logprobs(true).topLogprobs(2).build(), "http://a/v1", "m"));
    assertThat(variants).doesNotContain(k).doesNotHaveDuplicates();
    // the explicit model and the default model are the same call
    assertThat(CacheKey.of(base.toBuilder().model("m").build(), "http://a/v1", "")).isEqualTo(k);
  }

  @Test
  void testKilledWriterLeavesAReadableCache() throws Exception {
    Path file = dir.resolve("torn.jsonl");
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      asked(client, ask("one"));
      asked(client, ask("two"));
    }
    String whole = Files.readString(file);
    String secondRecord = whole.substring(whole.indexOf('\n') + 1);
    // a writer killed halfway through a third record
    Files.writeString(file, secondRecord.substring(0, secondRecord.length() / 2),
        java.nio.file.StandardOpenOption.APPEND);
    server.reset();
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      assertThat(asked(client, ask("one")).text()).startsWith("reply to «one»");
      assertThat(asked(client, ask("two")).text()).startsWith("reply to «two»");
      assertThat(server.callCount()).isZero();
      asked(client, ask("three"));
      assertThat(client.file().skippedLines()).isEqualTo(1);
    }
    assertThat(server.callCount()).isEqualTo(1);
    server.reset();
    try (CachingLlmClient client = cached(file, CachePolicy.REPLAY_ONLY)) {
      for (String q : List.of("one", "two", "three")) {
        assertThat(asked(client, ask(q)).text()).startsWith("reply to «" + q + "»");
      }
      assertThat(client.file().skippedLines()).isEqualTo(1);
      assertThat(client.file().size()).isEqualTo(3);
    }
    assertThat(server.callCount()).isZero();
  }

  @Test
  void testConcurrentWritersOnOneFileLoseNothing() throws Exception {
    Path file = dir.resolve("shared.jsonl");
    int writers = 4;
    int each = 50;
    List<Thread> threads = new ArrayList<>();
    List<ResponseCacheFile> stores = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      ResponseCacheFile store = ResponseCacheFile.open(file, ResponseCacheFile.Fsync.OS);
      stores.add(store);
      int writer = w;
      threads.add(new Thread(() -> {
        for (int i = 0; i < each; i++) {
          ChatRequest r = ask("w" + writer + "-" + i);
          store.put(CacheKey.of(r, "e", "m"), CacheKey.canonical(r, "e", "m"), ChatResponse.ofText("r" + i));
        }
      }, "cache-writer-" + w));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    stores.forEach(ResponseCacheFile::close);
    try (ResponseCacheFile reread = ResponseCacheFile.open(file)) {
      assertThat(reread.size()).isEqualTo(writers * each);
      assertThat(reread.skippedLines()).isZero();
      ChatRequest r = ask("w3-49");
      assertThat(reread.get(CacheKey.of(r, "e", "m"))).map(ChatResponse::text).contains("r49");
    }
  }

  @Test
  void testAnotherWritersRecordsAreSeenOnAMiss() {
    Path file = dir.resolve("two-runs.jsonl");
    try (ResponseCacheFile a = ResponseCacheFile.open(file); ResponseCacheFile b = ResponseCacheFile.open(file)) {
      ChatRequest r = ask("q");
      a.put(CacheKey.of(r, "e", "m"), CacheKey.canonical(r, "e", "m"), ChatResponse.ofText("first"));
      b.put(CacheKey.of(r, "e", "m"), CacheKey.canonical(r, "e", "m"), ChatResponse.ofText("second"));
      assertThat(b.get(CacheKey.of(r, "e", "m"))).map(ChatResponse::text).contains("first");
    }
  }

  @Test
  void testHitsAreReportedAndTheKeyNeverReachesTheFile() throws Exception {
    Path file = dir.resolve("hits.jsonl");
    AtomicInteger hits = new AtomicInteger();
    LlmListener listener = new LlmListener() {
      @Override
      public void onCacheHit(ChatRequest request, ChatResponse response) {
        hits.incrementAndGet();
      }
    };
    OpenAiClient live = OpenAiClient.builder().baseUrl(server.baseUrl()).apiKey(ApiKey.of(KEY, "test")).build();
    try (CachingLlmClient client = new CachingLlmClient(live, ResponseCacheFile.open(file),
        server.baseUrl().toString(), "", CachePolicy.DEFAULT, listener)) {
      asked(client, ask("q"));
      asked(client, ask("q"));
    }
    assertThat(hits).hasValue(1);
    assertThat(Files.readString(file)).contains("reply to").doesNotContain(KEY).doesNotContain("SECRET");
  }

  /** Asks and accepts the reply, as a caller that could use it does. */
  private static ChatResponse asked(LlmClient client, ChatRequest request) throws LlmException {
    ChatResponse response = client.chat(request);
    client.accept(request, response);
    return response;
  }

  @Test
  void testTheUsersBodyFieldsArePartOfTheKeyAndNothingElseChanges() {
    io.clarq.core.llm.LlmSpec plain = io.clarq.core.llm.LlmSpec.parse("http://127.0.0.1:8000/v1").withModel("m");
    // without body fields the key is as it always was, so caches recorded before stay valid
    assertThat(CachingLlmClient.endpointOf(plain)).isEqualTo("http://127.0.0.1:8000/v1");
    String effort = CachingLlmClient.endpointOf(plain.withParam("reasoning_effort", "\"high\""));
    assertThat(effort).isNotEqualTo(CachingLlmClient.endpointOf(plain))
        .isNotEqualTo(CachingLlmClient.endpointOf(plain.withParam("reasoning_effort", "\"low\"")));
  }

  @Test
  void testTrialsNeverShareAReplyAndTrialOneKeepsTheKeyOfARunWithoutTrials() throws Exception {
    Path file = dir.resolve("llm-cache.jsonl");
    // a request with no seed: only the trial in the key keeps trials apart
    ChatRequest unseeded = ask("same words every trial");
    String plainKey = CacheKey.of(unseeded, "e", "m1");
    ChatRequest trialOne = unseeded.toBuilder().trial(1).build();
    assertThat(CacheKey.of(trialOne, "e", "m1")).isEqualTo(plainKey);
    assertThat(CacheKey.canonical(trialOne, "e", "m1").has("trial")).isFalse();
    ChatRequest trialTwo = unseeded.toBuilder().trial(2).build();
    assertThat(CacheKey.of(trialTwo, "e", "m1")).isNotEqualTo(plainKey);
    assertThat(CacheKey.canonical(trialTwo, "e", "m1").path("trial").asInt()).isEqualTo(2);
    try (CachingLlmClient client = cached(file, CachePolicy.DEFAULT)) {
      asked(client, unseeded);
      asked(client, trialOne);   // trial 1 again: a hit
      assertThat(server.callCount()).isEqualTo(1);
      for (int trial = 2; trial <= 3; trial++) {
        ChatRequest inTrial = unseeded.toBuilder().trial(trial).build();
        asked(client, inTrial);   // each trial asks the model itself once
        asked(client, inTrial);
      }
      assertThat(server.callCount()).isEqualTo(3);
    }
  }
}
