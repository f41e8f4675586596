package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LlmClient} must do, checked against {@link FakeOpenAiServer}: return the model's text, finish
 * reason, usage and log-probabilities; carry every message, in order and byte for byte; answer many threads at once;
 * fail with an {@link LlmException} (typed where the cause is known) and never with anything else; never show the
 * API key in a message, a stack trace or {@code toString()}. An implementation's test extends this class and says how
 * to build a client that talks to a base URL.
 */
public abstract class LlmClientContract {
  /** The key clients are given; it must never appear anywhere the suite can see. */
  protected static final String API_KEY = "sk-contract-7f3a9c2e1b5dSECRET";

  protected FakeOpenAiServer server;
  private final List<LlmClient> clients = new ArrayList<>();

  /**
   * A client sending its requests to {@code baseUrl} (an OpenAI-compatible {@code .../v1}) with {@code key} and
   * {@code settings}. The suite closes it.
   */
  protected abstract LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings);

  /**
   * The wire protocol the client speaks ({@link ProviderWires}); the fake server answers in it and
   * {@link FakeOpenAiServer#baseUrl()} has its form. The default, null, is OpenAI's.
   */
  protected Wire wire() {
    return null;
  }

  /**
   * Whether the client's protocol returns token log-probabilities. One that cannot must still answer a request
   * asking for them, with none (and, for clients that record deviations, say so).
   */
  protected boolean returnsLogprobs() {
    return true;
  }

  /**
   * Whether the server reports a prompt over the context window as an error; false for servers documented to cut
   * the prompt silently (Ollama), where there is nothing for a client to type.
   */
  protected boolean reportsContextLength() {
    return true;
  }

  @BeforeEach
  void startServer() {
    server = FakeOpenAiServer.start(wire(), r -> FakeReply.text("echo: " + r.lastUserMessage()).withUsage(12, 3));
  }

  @AfterEach
  void stopServer() {
    clients.forEach(LlmClient::close);
    server.close();
  }

  /** A client with the contract key, two attempts without backoff and a 5 s timeout. */
  protected LlmClient client() {
    LlmClient c = createClient(server.baseUrl(), Optional.of(ApiKey.of(API_KEY, "contract")),
        LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(5))
            .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(2).withBackoff(Duration.ZERO, Duration.ZERO)));
    clients.add(c);
    return c;
  }

  /** A request the client may cache (temperature 0). */
  protected static ChatRequest.Builder ask(String question) {
    return ChatRequest.builder().system("You answer briefly.").user(question).temperature(0.0);
  }

  @Test
  void testRepliesWithTheModelsTextFinishReasonAndUsage() throws Exception {
    ChatResponse r = client().chat(ask("how are you?").build());
    assertThat(r.text()).isEqualTo("echo: how are you?");
    assertThat(r.finishReason()).isEqualTo("stop");
    assertThat(r.usage()).isEqualTo(new TokenUsage(12, 3));
  }

  @Test
  void testReturnsLogprobsWhenAsked() throws Exception {
    List<TokenLogprob> lp = List.of(new TokenLogprob("yes", -0.05, List.of(new TokenLogprob.Alternative("no", -3))));
    server.respondWith(r -> FakeReply.text("yes").withLogprobs(lp));
    ChatResponse r = client().chat(ask("same?").logprobs(true).topLogprobs(1).build());
    if (!returnsLogprobs()) {
      assertThat(r.text()).isEqualTo("yes");
      assertThat(r.logprobs()).isEmpty();
      return;
    }
    assertThat(r.logprobs()).isEqualTo(lp);
  }

  @Test
  void testCarriesEveryMessageInOrderByteForByte() throws Exception {
    String tricky = "第一步：预热烤箱 \"quoted\" \\ back\\slash\n\ttab 😀 </s>";
    ChatRequest request = ChatRequest.builder().system("sys " + tricky).user("u1").assistant("a1 " + tricky)
        .user(tricky).temperature(0.0).build();
    ChatResponse r = client().chat(request);
    assertThat(r.text()).isEqualTo("echo: " + tricky);
    assertThat(server.requests()).hasSize(1);
    assertThat(server.requests().get(0).messages()).containsExactly(ChatMessage.system("sys " + tricky),
        ChatMessage.user("u1"), ChatMessage.assistant("a1 " + tricky), ChatMessage.user(tricky));
  }

  @Test
  void testAnswersManyThreadsAtOnceEachWithItsOwnReply() throws Exception {
    LlmClient client = client();
    server.respondWith(r -> FakeReply.text("echo: " + r.lastUserMessage()).after(Duration.ofMillis(20)));
    ExecutorService callers = Executors.newFixedThreadPool(8, r -> new Thread(r, "contract-caller"));
    try {
      List<Future<String>> replies = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        String q = "question " + i;
        replies.add(callers.submit(() -> client.chat(ask(q).build()).text()));
      }
      for (int i = 0; i < 32; i++) {
        assertThat(replies.get(i).get()).isEqualTo("echo: question " + i);
      }
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void testServerErrorsAreLlmExceptions() {
    server.respondWith(r -> FakeReply.unavailable());
    assertThatThrownBy(() -> client().chat(ask("q").build())).isInstanceOf(LlmException.class)
        .hasMessageContaining("503");
  }

  @Test
  void testContextLengthIsTypedAndAskedOnce() {
    org.junit.jupiter.api.Assumptions.assumeTrue(reportsContextLength(), "the server cuts long prompts silently");
    server.respondWith(r -> FakeReply.contextLengthExceeded());
    assertThatThrownBy(() -> client().chat(ask("a very long prompt").build()))
        .isInstanceOf(LlmContextLengthException.class);
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testRecoversFromATransientFault() throws Exception {
    server.enqueue(FakeReply.droppedConnection());
    assertThat(client().chat(ask("still there?").build()).text()).isEqualTo("echo: still there?");
  }

  @Test
  void testTheKeyNeverShowsInExceptionsOrToString() {
    LlmClient client = client();
    List<Throwable> errors = new ArrayList<>();
    server.enqueue(FakeReply.unauthorized());
    errors.add(catchThrowable(() -> client.chat(ask("a").build())));
    server.enqueue(FakeReply.rateLimited(), FakeReply.error(400, "bad", "your key " + API_KEY + " is odd"));
    errors.add(catchThrowable(() -> client.chat(ask("b").build())));
    server.enqueue(FakeReply.malformedJson(), FakeReply.truncatedBody());
    errors.add(catchThrowable(() -> client.chat(ask("c").build())));
    assertThat(errors).allSatisfy(e -> assertThat(e).isInstanceOf(LlmException.class));
    for (Throwable e : errors) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      assertThat(trace.toString()).doesNotContain(API_KEY);
    }
    assertThat(client.toString()).doesNotContain(API_KEY);
    // the key did reach the server, so its absence above is not for want of sending it
    assertThat(server.keyOf(server.requests().get(0))).contains(API_KEY);
  }

  @Test
  void testCloseTwiceIsHarmless() {
    LlmClient client = client();
    client.close();
    client.close();
  }
}
