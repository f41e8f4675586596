package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmQuotaException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.LlmUnusableReplyException.Reason;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reply policy: which well-formed replies are unparsed, and where reasoning goes. */
class OpenAiReplyPolicyTest {
  private final FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("fine"));
  @TempDir Path dir;

  @AfterEach
  void stop() {
    server.close();
  }

  private LlmClient client() {
    // retries allowed, without waits: an unusable reply must still cost one request; under the policy, as
    // LlmClients.fromSpec makes it
    return ReplyPolicy.enforce(OpenAiClient.builder().baseUrl(server.baseUrl()).model("m")
        .settings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10))
            .withRetry(RetryPolicy.DEFAULT.withBackoff(Duration.ZERO, Duration.ZERO))).build());
  }

  private static ChatRequest seekerTurn() {
    return ChatRequest.builder().system("You are the seeker.").user("Go on.").temperature(0.0).build();
  }

  // a completion as the OpenAI chat completion object documents it
  // (platform.openai.com/docs/api-reference/chat/object), with the given message and finish reason
  private static FakeReply completion(String message, String finish, String usage) {
    return FakeReply.body(200, "{\"id\": \"chatcmpl-1\", \"object\": \"chat.completion\", \"created\": 1,"
        + " \"model\": \"m\", \"choices\": [{\"index\": 0, \"message\": " + message + ", \"logprobs\": null,"
        + " \"finish_reason\": \"" + finish + "\"}]" + (usage.isEmpty() ? "" : ", \"usage\": " + usage) + "}");
  }

  private LlmUnusableReplyException unusable(ChatRequest request) {
    try (LlmClient client = client()) {
      client.chat(request);
    } catch (LlmUnusableReplyException e) {
      assertThat(e.retryable()).isFalse();
      assertThat(server.callCount()).isEqualTo(1);
      return e;
    } catch (Exception e) {
      throw new AssertionError("expected an unusable reply, got " + e, e);
    }
    throw new AssertionError("expected an unusable reply, got a usable one");
  }

  @Test
  void testAReplyCutAtTheLengthLimitIsUnparsedWithItsText() {
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": \"Where can I find the rub\"}", "length",
        "{\"prompt_tokens\": 50, \"completion_tokens\": 7, \"total_tokens\": 57}"));
    LlmUnusableReplyException e = unusable(seekerTurn());
    assertThat(e).isInstanceOf(LlmUnparsedReplyException.class);
    assertThat(e.reason()).isEqualTo(Reason.LENGTH);
    assertThat(e.raw()).isEqualTo("Where can I find the rub");
    assertThat(e.response().orElseThrow().usage()).isEqualTo(new TokenUsage(50, 7));
  }

  @Test
  void testACutAtTheMaxTokensTheRequestSetIsTheAnswer() throws Exception {
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": \"Yes\"}", "length", ""));
    try (LlmClient client = client()) {
      assertThat(client.chat(ChatRequest.builder().user("Is it?").maxTokens(1).build()).text()).isEqualTo("Yes");
    }
  }

  @Test
  void testAReasoningModelThatSpentItsWholeBudgetThinkingIsUnparsed() {
    // vLLM with a reasoning parser: the reasoning in reasoning_content, content null
    // (docs.vllm.ai, Reasoning Outputs)
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": null, \"reasoning_content\": \"Let me"
        + " think about the\"}", "length", ""));
    LlmUnusableReplyException e = unusable(ChatRequest.builder().user("Is it?").maxTokens(8).build());
    assertThat(e.reason()).isEqualTo(Reason.LENGTH);
    assertThat(e.raw()).isEqualTo("Let me think about the");
  }

  @Test
  void testAFilteredReplyIsUnparsed() {
    // Azure OpenAI: finish_reason content_filter and content null (Azure OpenAI content filtering,
    // learn.microsoft.com/azure/ai-services/openai/concepts/content-filter)
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": null}", "content_filter", ""));
    LlmUnusableReplyException e = unusable(seekerTurn());
    assertThat(e.reason()).isEqualTo(Reason.CONTENT_FILTER);
    assertThat(e.raw()).isEmpty();
  }

  @Test
  void testARefusalIsUnparsedWithTheRefusalText() {
    // OpenAI: message.refusal set, content null (platform.openai.com/docs/guides/structured-outputs, refusals)
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": null, \"refusal\": \"I'm sorry, I cannot"
        + " help with that.\"}", "stop", ""));
    LlmUnusableReplyException e = unusable(seekerTurn());
    assertThat(e.reason()).isEqualTo(Reason.REFUSAL);
    assertThat(e.raw()).isEqualTo("I'm sorry, I cannot help with that.");
    assertThat(e.getMessage()).contains("I'm sorry");
  }

  @Test
  void testToolCallsWithoutTextAreUnparsed() {
    // OpenAI chat completion object: message.tool_calls, content null, finish_reason tool_calls
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_1\","
        + " \"type\": \"function\", \"function\": {\"name\": \"search\", \"arguments\": \"{}\"}}]}", "tool_calls",
        ""));
    LlmUnusableReplyException e = unusable(seekerTurn());
    assertThat(e.reason()).isEqualTo(Reason.TOOL_CALLS);
    assertThat(e.raw()).contains("\"name\":\"search\"");
  }

  @Test
  void testAReasoningOnlyReplyIsUnparsedWithTheReasoning() {
    // Ollama's OpenAI endpoint puts a thinking model's thoughts in message.reasoning (ollama docs, OpenAI
    // compatibility); here nothing followed them
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": \"\", \"reasoning\": \"The user wants a"
        + " question.\"}", "stop", ""));
    LlmUnusableReplyException e = unusable(seekerTurn());
    assertThat(e.reason()).isEqualTo(Reason.REASONING_ONLY);
    assertThat(e.raw()).isEqualTo("The user wants a question.");
  }

  @Test
  void testReasoningFieldsAndAThinkBlockAreKeptApartFromTheText() throws Exception {
    // DeepSeek / vLLM reasoning parser: reasoning_content beside content; usage with
    // completion_tokens_details.reasoning_tokens (OpenAI usage object)
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": \"Is it in the kitchen?\","
        + " \"reasoning_content\": \"Ask about the room.\"}", "stop", "{\"prompt_tokens\": 10,"
        + " \"completion_tokens\": 30, \"total_tokens\": 40, \"completion_tokens_details\": {\"reasoning_tokens\":"
        + " 24}}"));
    // vLLM without a reasoning parser, Qwen3: a leading <think> block in the content
    server.enqueue(FakeReply.text("<think>\nThe provider said kitchen.\n</think>\n\nWhich drawer?"));
    // DeepSeek-R1 whose template opened <think> in the prompt: only the closing tag comes back
    // (vllm-project/vllm#13125)
    server.enqueue(FakeReply.text("Thinking it over.\n</think>\n\nThe left one?"));
    try (LlmClient client = client()) {
      ChatResponse a = client.chat(seekerTurn());
      assertThat(a.text()).isEqualTo("Is it in the kitchen?");
      assertThat(a.reasoning()).isEqualTo("Ask about the room.");
      assertThat(a.usage()).isEqualTo(new TokenUsage(10, 30, 24));
      ChatResponse b = client.chat(seekerTurn());
      assertThat(b.text()).isEqualTo("Which drawer?");
      assertThat(b.reasoning()).isEqualTo("The provider said kitchen.");
      ChatResponse c = client.chat(seekerTurn());
      assertThat(c.text()).isEqualTo("The left one?");
      assertThat(c.reasoning()).isEqualTo("Thinking it over.");
    }
  }

  @Test
  void testAnUnclosedThinkBlockIsReasoningOnly() {
    server.enqueue(FakeReply.text("<think>I should ask about"));
    LlmUnusableReplyException e = unusable(seekerTurn());
    assertThat(e.reason()).isEqualTo(Reason.REASONING_ONLY);
    assertThat(e.raw()).isEqualTo("I should ask about");
  }

  @Test
  void testContentAsAListOfPartsIsTheConcatenationOfItsTextParts() throws Exception {
    // Mistral chat completion: content as chunks; Magistral adds a "thinking" chunk
    // (docs.mistral.ai/api, chat completion response; docs.mistral.ai capabilities/reasoning)
    server.enqueue(completion("{\"role\": \"assistant\", \"content\": [{\"type\": \"thinking\", \"thinking\":"
        + " [{\"type\": \"text\", \"text\": \"Short question.\"}]}, {\"type\": \"text\", \"text\": \"Is it \"},"
        + " {\"type\": \"text\", \"text\": \"red?\"}]}", "stop", ""));
    try (LlmClient client = client()) {
      ChatResponse r = client.chat(seekerTurn());
      assertThat(r.text()).isEqualTo("Is it red?");
      assertThat(r.reasoning()).isEqualTo("Short question.");
    }
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testA200CarryingAnErrorIsTheServersErrorAsTheStatusItNames() {
    // a gateway relaying the upstream error in a 200 (OpenAI's error object, code as the HTTP status)
    server.enqueue(FakeReply.body(200, "{\"error\": {\"message\": \"You exceeded your current quota\", \"type\":"
        + " \"insufficient_quota\", \"code\": 429}}"));
    try (LlmClient client = client()) {
      assertThatThrownBy(() -> client.chat(seekerTurn())).isInstanceOfSatisfying(LlmQuotaException.class,
          e -> assertThat(e.status()).isEqualTo(429)).hasMessageContaining("HTTP 200 carrying an error");
    }
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testA200CarryingAnErrorWithNoStatusIsABadGateway() {
    server.enqueue(FakeReply.body(200, "{\"error\": {\"message\": \"upstream provider failed\"}}"),
        FakeReply.text("fine"));
    try (LlmClient client = client()) {
      assertThat(client.chat(seekerTurn()).text()).isEqualTo("fine");
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testACutReplyIsNeverCached() throws Exception {
    Path file = dir.resolve("cache.jsonl");
    server.respondWith(r -> completion("{\"role\": \"assistant\", \"content\": \"Where can I find the\"}", "length",
        ""));
    try (CachingLlmClient cached = new CachingLlmClient(client(), ResponseCacheFile.open(file),
        server.baseUrl().toString(), "m", CachePolicy.DEFAULT, LlmListener.NONE)) {
      for (int i = 0; i < 2; i++) {
        assertThatThrownBy(() -> cached.chat(seekerTurn())).isInstanceOf(LlmUnusableReplyException.class);
      }
      assertThat(cached.file().size()).isZero();
    }
    // asked live both times: nothing was replayed
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testAnAcceptedReplyIsReplayedWithItsReasoning() throws Exception {
    Path file = dir.resolve("cache.jsonl");
    server.respondWith(r -> completion("{\"role\": \"assistant\", \"content\": \"Is it red?\","
        + " \"reasoning_content\": \"Colour first.\"}", "stop", "{\"prompt_tokens\": 9, \"completion_tokens\": 12,"
        + " \"total_tokens\": 21, \"completion_tokens_details\": {\"reasoning_tokens\": 8}}"));
    ChatResponse live;
    try (CachingLlmClient cached = new CachingLlmClient(client(), ResponseCacheFile.open(file),
        server.baseUrl().toString(), "m", CachePolicy.DEFAULT, LlmListener.NONE)) {
      live = cached.chat(seekerTurn());
      cached.accept(seekerTurn(), live);
    }
    try (CachingLlmClient cached = new CachingLlmClient(client(), ResponseCacheFile.open(file),
        server.baseUrl().toString(), "m", CachePolicy.DEFAULT, LlmListener.NONE)) {
      ChatResponse replayed = cached.chat(seekerTurn());
      assertThat(replayed.text()).isEqualTo("Is it red?");
      assertThat(replayed.reasoning()).isEqualTo("Colour first.");
      assertThat(replayed.usage()).isEqualTo(new TokenUsage(9, 12, 8));
    }
    assertThat(server.callCount()).isEqualTo(1);
  }
}
