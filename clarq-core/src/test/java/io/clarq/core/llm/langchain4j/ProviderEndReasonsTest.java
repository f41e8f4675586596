package io.clarq.core.llm.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmQuotaException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.LlmUnusableReplyException.Reason;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.Wire;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The vendor end reasons the modules map coarsely or lose, read by the schemes from the reply itself and refused by
 * the reply policy: Gemini's block reasons, safety stops and the finish reasons LangChain4j does not know, a judge
 * reply stopped for safety, Anthropic's spend limit, Ollama's thinking in the content.
 */
class ProviderEndReasonsTest {
  private static final String KEY = "sk-end-reasons-5c2dSECRET";
  private FakeOpenAiServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private LlmClient client(Wire wire, String spec) {
    server = FakeOpenAiServer.start(wire, r -> FakeReply.text("fine"));
    LlmSpec s = LlmSpec.parse(spec).withBaseUrl(server.baseUrl()).withSettings(LlmSettings.DEFAULT
        .withTimeout(Duration.ofSeconds(5)).withRetry(RetryPolicy.DEFAULT.withMaxAttempts(3)
            .withBackoff(Duration.ZERO, Duration.ZERO)));
    return LlmClients.fromSpec(s, name -> KEY, LlmListener.NONE);
  }

  private static ChatRequest ask() {
    return ChatRequest.builder().user("Where is the flour?").temperature(0.0).build();
  }

  private LlmUnusableReplyException unusable(LlmClient client, ChatRequest request) {
    LlmUnusableReplyException e = catchThrowableOfType(LlmUnusableReplyException.class, () -> client.chat(request));
    assertThat(e).as("an unusable reply").isNotNull();
    assertThat(server.callCount()).as("asked once").isEqualTo(1);
    return e;
  }

  @Test
  void testAGeminiPromptBlockedBeforeAnyCandidateNamesItsBlockReason() {
    LlmClient client = client(ProviderWires.GEMINI, "gemini:gemini-test");
    // https://ai.google.dev/api/generate-content#PromptFeedback: no candidates, promptFeedback.blockReason
    server.enqueue(FakeReply.rawBody("{\"promptFeedback\": {\"blockReason\": \"PROHIBITED_CONTENT\"},"
        + " \"usageMetadata\": {\"promptTokenCount\": 9, \"totalTokenCount\": 9}, \"modelVersion\": \"gemini-test\"}"));
    LlmUnusableReplyException e = unusable(client, ask());
    assertThat(e.reason()).isEqualTo(Reason.CONTENT_FILTER);
    assertThat(e.getMessage()).contains("promptFeedback.blockReason \"PROHIBITED_CONTENT\"")
        .doesNotContain("NullPointerException");
    assertThat(e.response().orElseThrow().endReason()).isEqualTo(EndReason.geminiBlocked("PROHIBITED_CONTENT"));
  }

  @Test
  void testGeminiSafetyStopsNameTheirRatingsAndUnknownFinishReasonsAreRead() {
    LlmClient client = client(ProviderWires.GEMINI, "gemini:gemini-test");
    // https://ai.google.dev/api/generate-content#FinishReason: RECITATION, with partial text
    server.enqueue(FakeReply.rawBody("{\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"It was the best"
        + " of times\"}], \"role\": \"model\"}, \"finishReason\": \"RECITATION\", \"index\": 0}], \"usageMetadata\":"
        + " {\"promptTokenCount\": 9, \"candidatesTokenCount\": 5, \"totalTokenCount\": 14}}"));
    LlmUnusableReplyException e = unusable(client, ask());
    assertThat(e.reason()).isEqualTo(Reason.CONTENT_FILTER);
    assertThat(e.raw()).isEqualTo("It was the best of times");
    assertThat(e.getMessage()).contains("finishReason \"RECITATION\"");
    server.reset();
    // SAFETY with the rating that blocked it (https://ai.google.dev/api/generate-content#safetyrating)
    server.enqueue(FakeReply.rawBody("{\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Mix the\"}],"
        + " \"role\": \"model\"}, \"finishReason\": \"SAFETY\", \"index\": 0, \"safetyRatings\": [{\"category\":"
        + " \"HARM_CATEGORY_HARASSMENT\", \"probability\": \"NEGLIGIBLE\"}, {\"category\":"
        + " \"HARM_CATEGORY_DANGEROUS_CONTENT\", \"probability\": \"HIGH\", \"blocked\": true}]}],"
        + " \"usageMetadata\": {\"promptTokenCount\": 9, \"candidatesTokenCount\": 2, \"totalTokenCount\": 11}}"));
    e = unusable(client, ask());
    assertThat(e.getMessage()).contains("HARM_CATEGORY_DANGEROUS_CONTENT HIGH (blocked)")
        .doesNotContain("HARASSMENT");
    server.reset();
    // a finish reason newer than the module's enum (FinishReason: UNEXPECTED_TOOL_CALL), no text
    server.enqueue(FakeReply.rawBody("{\"candidates\": [{\"content\": {\"parts\": [], \"role\": \"model\"},"
        + " \"finishReason\": \"UNEXPECTED_TOOL_CALL\", \"finishMessage\": \"Unexpected tool call: lookup\","
        + " \"index\": 0}], \"usageMetadata\": {\"promptTokenCount\": 9, \"totalTokenCount\": 9}}"));
    e = unusable(client, ask());
    assertThat(e.reason()).isEqualTo(Reason.TOOL_CALLS);
    assertThat(e.raw()).isEqualTo("Unexpected tool call: lookup");
  }

  @Test
  void testAGeminiJudgeReplyStoppedForSafetyIsNoVerdict() throws Exception {
    LlmClient client = client(ProviderWires.GEMINI, "gemini:gemini-test");
    // the judge's JSON, stopped for SAFETY: never a match
    server.respondWith(r -> FakeReply.rawBody("{\"candidates\": [{\"content\": {\"parts\": [{\"text\":"
        + " \"{\\\"match\\\": true}\"}], \"role\": \"model\"}, \"finishReason\": \"SAFETY\", \"index\": 0}], \"usageMetadata\":"
        + " {\"promptTokenCount\": 90, \"candidatesTokenCount\": 4, \"totalTokenCount\": 94}}"));
    LlmJudge judge = LlmJudge.builder(client).build();
    JudgeQuestion q = new JudgeQuestion(Language.ENGLISH, "the miller sells the flour you need",
        "the seeker does not know where to get flour.", List.of("go and see the miller"));
    // unparsed with its raw text: never a match, so the dialogue is left unjudged and no verdict is recorded
    Optional<Verdict> v = judge.judge(q);
    assertThat(v).get().extracting(Verdict::outcome).isEqualTo(Verdict.Outcome.UNPARSED);
    assertThat(v.get().raw()).isEqualTo("{\"match\": true}");
    assertThat(v.get().isMatch()).isFalse();
    assertThat(server.callCount()).as("not asked again with a reminder").isEqualTo(1);
  }

  @Test
  void testAnAnthropicSpendLimitIsAQuotaErrorNeverRetried() {
    LlmClient client = client(ProviderWires.ANTHROPIC, "anthropic:claude-test");
    // https://docs.anthropic.com/en/api/errors: the error object's type names the spend limit
    server.enqueue(FakeReply.body(429, "{\"type\": \"error\", \"error\": {\"type\": \"enforced_spend_limit_reached\","
        + " \"message\": \"This request would exceed your organization's spend limit.\"}}"));
    assertThatThrownBy(() -> client.chat(ask())).isInstanceOf(LlmQuotaException.class)
        .hasMessageContaining("enforced_spend_limit_reached").hasMessageContaining("not retried");
    assertThat(server.callCount()).isEqualTo(1);
    server.reset();
    server.enqueue(FakeReply.body(400, "{\"type\": \"error\", \"error\": {\"type\": \"invalid_request_error\","
        + " \"message\": \"Your credit balance is too low to access the Anthropic API.\"}}"));
    assertThatThrownBy(() -> client.chat(ask())).isInstanceOf(LlmQuotaException.class);
    assertThat(server.callCount()).isEqualTo(1);
    server.reset();
    // a rate limit is still retried
    server.enqueue(FakeReply.rateLimited());
    assertThat(catchThrowableOfType(LlmQuotaException.class, () -> client.chat(ask()))).isNull();
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testOllamaThinkingInTheContentIsReasoningAndAloneIsUnusableWithIt() throws Exception {
    LlmClient client = client(ProviderWires.OLLAMA, "ollama:qwen3:8b");
    // a thinking model without "think": the thoughts in the content
    // (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion)
    server.enqueue(FakeReply.rawBody("{\"model\": \"qwen3:8b\", \"created_at\": \"2025-01-01T00:00:00Z\", \"message\":"
        + " {\"role\": \"assistant\", \"content\": \"<think>\\nThey need flour.\\n</think>\\n\\nAt the mill?\"},"
        + " \"done\": true, \"done_reason\": \"stop\"}"));
    ChatResponse r = client.chat(ask());
    assertThat(r.text()).isEqualTo("At the mill?");
    assertThat(r.reasoning()).isEqualTo("They need flour.");
    assertThat(r.endReason()).isEqualTo(EndReason.ollama("stop"));
    server.reset();
    server.enqueue(FakeReply.rawBody("{\"model\": \"qwen3:8b\", \"created_at\": \"2025-01-01T00:00:00Z\", \"message\":"
        + " {\"role\": \"assistant\", \"content\": \"<think>They need flour. Where\"}, \"done\": true,"
        + " \"done_reason\": \"length\"}"));
    LlmUnusableReplyException e = unusable(client, ask());
    assertThat(e.reason()).isEqualTo(Reason.LENGTH);
    assertThat(e.raw()).isEqualTo("They need flour. Where");
  }
}
