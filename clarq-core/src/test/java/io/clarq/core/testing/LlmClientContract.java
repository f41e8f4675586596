package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
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
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link ProtocolNeutralLlmClientContract} run against {@link FakeOpenAiServer} (OpenAI's protocol, or another
 * provider's through {@link #wire()}), plus what only a wire shows: the finish reason, usage and log-probabilities as
 * the protocol carries them; a transient fault retried; the key sent to the server and nowhere else. An
 * implementation's test extends this class and says how to build a client that talks to a base URL:
 *
 * <pre>{@code
 * class MyOpenAiClientContractTest extends LlmClientContract {
 *   @Override
 *   protected LlmClient createClient(URI baseUrl, Optional<ApiKey> key, LlmSettings settings) {
 *     return new MyOpenAiClient(baseUrl, key, settings);   // every call goes to baseUrl (a loopback server)
 *   }
 *
 *   @Override protected boolean returnsLogprobs() { return false; }   // when the protocol has none
 * }
 * }</pre>
 */
public abstract class LlmClientContract extends ProtocolNeutralLlmClientContract {
  protected FakeOpenAiServer server;

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

  @Override
  protected Set<Capability> capabilities() {
    Set<Capability> all = EnumSet.allOf(Capability.class);
    if (!reportsContextLength()) {
      all.remove(Capability.CONTEXT_LENGTH_ERRORS);
    }
    return all;
  }

  @BeforeEach
  void startServer() {
    server = FakeOpenAiServer.start(wire(), r -> FakeReply.text("echo: " + r.lastUserMessage()).withUsage(12, 3));
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  /** A client with {@code apiKey}, two attempts without backoff and a 5 s timeout. */
  @Override
  protected LlmClient newClient(String apiKey) {
    return createClient(server.baseUrl(), Optional.of(ApiKey.of(apiKey, "contract")),
        LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(5))
            .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(2).withBackoff(Duration.ZERO, Duration.ZERO)));
  }

  @Override
  protected void answer(UnaryOperator<String> reply, Duration latency) {
    server.respondWith(r -> FakeReply.text(reply.apply(r.lastUserMessage())).withUsage(12, 3).after(latency));
  }

  @Override
  protected void failWith(Failure failure) {
    FakeReply reply = switch (failure) {
      case BAD_REQUEST -> FakeReply.error(400, "invalid_request_error", "'messages' must be a list");
      case BAD_REQUEST_QUOTING_THE_KEY -> FakeReply.error(400, "bad", "your key " + API_KEY + " is odd");
      case UNAUTHORIZED -> FakeReply.unauthorized();
      case CONTEXT_LENGTH -> FakeReply.contextLengthExceeded();
      case UNAVAILABLE -> FakeReply.unavailable();
      case GARBLED -> FakeReply.malformedJson();
    };
    server.respondWith(r -> reply);
  }

  @Override
  protected void answerEnding(Ending ending, String text) {
    String body = server.wire().ending(ending, text).orElseThrow(() -> new IllegalStateException(
        server.wire() + " cannot end a reply as " + ending));
    server.respondWith(r -> FakeReply.body(200, body));
  }

  /** What the wire can say ({@link Wire#ending}). */
  @Override
  protected Set<Ending> endings() {
    Set<Ending> can = EnumSet.noneOf(Ending.class);
    for (Ending e : Ending.values()) {
      if (server.wire().ending(e, "").isPresent()) {
        can.add(e);
      }
    }
    return can;
  }

  @Override
  protected List<List<ChatMessage>> received() {
    return server.requests().stream().map(RecordedRequest::messages).toList();
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
  void testServerErrorsAreLlmExceptions() {
    server.respondWith(r -> FakeReply.unavailable());
    assertThatThrownBy(() -> client().chat(ask("q").build())).isInstanceOf(LlmException.class)
        .hasMessageContaining("503");
  }

  @Test
  void testRecoversFromATransientFault() throws Exception {
    server.enqueue(FakeReply.droppedConnection());
    assertThat(client().chat(ask("still there?").build()).text()).isEqualTo("echo: still there?");
  }

  @Test
  void testTheKeyNeverShowsEvenWhenTheServerEchoesIt() {
    assumeCapability(Capability.KEY_REDACTION);
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
}
