package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LlmClient} must do, whatever protocol it speaks: return what the model said; carry every message
 * in order, byte for byte; answer many threads at once, each with its own reply; fail only with an
 * {@link LlmException}, typed so a runner can tell a refused request (not retried, not an outage) from a server that
 * is down ({@link LlmException#infrastructure()}); never show the API key in an exception, a stack trace or
 * {@code toString()}; and keep {@link LlmClient#accept}, {@link LlmClient#deviations()} and {@link LlmClient#close()}
 * harmless to call at any time. A test that needs something a backend lacks is skipped, naming the
 * {@link Capability}.
 *
 * <p>A test class for a client supplies a backend the suite can steer (a loopback server speaking the client's
 * protocol, as its provider documents it) and a client that talks to it. Clients speaking an OpenAI-style HTTP
 * protocol get all of that from {@link LlmClientContract}, which extends this suite with the wire checks. For a
 * client of your own, against a backend of your own:
 *
 * <pre>{@code
 * class MyClientContractTest extends ProtocolNeutralLlmClientContract {
 *   private final MyLoopbackServer server = MyLoopbackServer.start();      // answers on 127.0.0.1 only
 *
 *   @AfterEach void stop() { server.close(); }
 *
 *   @Override protected LlmClient newClient(String apiKey) { return new MyClient(server.url(), apiKey); }
 *   @Override protected void answer(UnaryOperator<String> reply, Duration latency) { server.answer(reply, latency); }
 *   @Override protected void failWith(Failure failure) { server.failEveryRequest(failure); }
 *   @Override protected List<List<ChatMessage>> received() { return server.messagesOfEachRequest(); }
 * }
 * }</pre>
 */
public abstract class ProtocolNeutralLlmClientContract {
  /** The key clients are given; it must never appear anywhere the suite can see. */
  protected static final String API_KEY = "sk-contract-7f3a9c2e1b5dSECRET";

  /** What a backend or its client may lack; a test that needs a missing one is skipped, naming it. */
  public enum Capability {
    /** The server reports a prompt over the context window as an error (Ollama cuts it silently instead). */
    CONTEXT_LENGTH_ERRORS,
    /** The server checks a key and refuses a bad one. */
    AUTHENTICATION
  }

  /** How the backend fails every request until {@link #answer} is called again. */
  public enum Failure {
    /** The request is refused as malformed (HTTP 400 or the protocol's like). */
    BAD_REQUEST,
    /** The request is refused as malformed, and the server's message quotes the client's key back. */
    BAD_REQUEST_QUOTING_THE_KEY,
    /** The key is refused (HTTP 401). */
    UNAUTHORIZED,
    /** The prompt is over the model's context window. */
    CONTEXT_LENGTH,
    /** The server is down for a while (HTTP 503). */
    UNAVAILABLE,
    /** The server answers with a body that is not the protocol's (garbled JSON). */
    GARBLED
  }

  private final List<LlmClient> clients = new ArrayList<>();

  /**
   * A client of the backend with {@code apiKey}, a timeout of a few seconds and at most two attempts a call without
   * backoff. The suite closes it.
   */
  protected abstract LlmClient newClient(String apiKey);

  /**
   * From now on the backend answers every request with {@code reply} applied to the request's last user message,
   * after {@code latency}.
   */
  protected abstract void answer(UnaryOperator<String> reply, Duration latency);

  /** From now on the backend fails every request so, until {@link #answer} is called. */
  protected abstract void failWith(Failure failure);

  /** The messages of every request the backend received, in order of arrival, as the backend read them. */
  protected abstract List<List<ChatMessage>> received();

  /** What this backend and client can do; the default, everything. */
  protected Set<Capability> capabilities() {
    return EnumSet.allOf(Capability.class);
  }

  /** Skips the calling test, naming the capability, when the backend lacks it. */
  protected final void assumeCapability(Capability capability) {
    Assumptions.assumeTrue(capabilities().contains(capability),
        () -> "skipped: the client or its backend lacks capability " + capability);
  }

  /** A client with the contract key, registered to be closed after the test. */
  protected final LlmClient client() {
    LlmClient c = newClient(API_KEY);
    clients.add(c);
    return c;
  }

  @AfterEach
  void closeClients() {
    clients.forEach(LlmClient::close);
  }

  /** A request the client may cache (temperature 0). */
  protected static ChatRequest.Builder ask(String question) {
    return ChatRequest.builder().system("You answer briefly.").user(question).temperature(0.0);
  }

  @Test
  void testRepliesWithWhatTheModelSaid() throws Exception {
    answer(q -> "echo: " + q, Duration.ZERO);
    ChatResponse r = client().chat(ask("how are you?").build());
    assertThat(r.text()).isEqualTo("echo: how are you?");
  }

  @Test
  void testCarriesEveryMessageInOrderByteForByte() throws Exception {
    answer(q -> "echo: " + q, Duration.ZERO);
    String tricky = "第一步：预热烤箱 \"quoted\" \\ back\\slash\n\ttab 😀 </s>";
    ChatRequest request = ChatRequest.builder().system("sys " + tricky).user("u1").assistant("a1 " + tricky)
        .user(tricky).temperature(0.0).build();
    assertThat(client().chat(request).text()).isEqualTo("echo: " + tricky);
    assertThat(received()).hasSize(1);
    assertThat(received().get(0)).containsExactly(ChatMessage.system("sys " + tricky), ChatMessage.user("u1"),
        ChatMessage.assistant("a1 " + tricky), ChatMessage.user(tricky));
  }

  @Test
  void testAnswersManyThreadsAtOnceEachWithItsOwnReply() throws Exception {
    LlmClient client = client();
    answer(q -> "echo: " + q, Duration.ofMillis(20));
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
  void testABadRequestIsRefusedOnceNeitherRetryableNorAnOutage() {
    failWith(Failure.BAD_REQUEST);
    Throwable e = catchThrowable(() -> client().chat(ask("q").build()));
    assertThat(e).isInstanceOf(LlmException.class);
    LlmException l = (LlmException) e;
    assertThat(l.retryable()).as("a bad request is not retryable: %s", e).isFalse();
    assertThat(l.infrastructure()).as("a bad request is not an outage: %s", e).isFalse();
    assertThat(received()).as("a refused request is not sent again").hasSize(1);
  }

  @Test
  void testAServerThatIsDownIsAnInfrastructureFailure() {
    failWith(Failure.UNAVAILABLE);
    Throwable e = catchThrowable(() -> client().chat(ask("q").build()));
    assertThat(e).isInstanceOf(LlmException.class);
    assertThat(((LlmException) e).infrastructure()).as("a 503 is an outage: %s", e).isTrue();
  }

  @Test
  void testAGarbledReplyIsAnLlmExceptionNeverAnUncheckedOne() {
    failWith(Failure.GARBLED);
    assertThat(catchThrowable(() -> client().chat(ask("q").build()))).isInstanceOf(LlmException.class);
  }

  @Test
  void testARefusedKeyIsAnAuthenticationError() {
    assumeCapability(Capability.AUTHENTICATION);
    failWith(Failure.UNAUTHORIZED);
    Throwable e = catchThrowable(() -> client().chat(ask("q").build()));
    assertThat(e).isInstanceOf(LlmAuthenticationException.class);
    assertThat(((LlmException) e).infrastructure()).isFalse();
  }

  @Test
  void testContextLengthIsTypedAndAskedOnce() {
    assumeCapability(Capability.CONTEXT_LENGTH_ERRORS);
    failWith(Failure.CONTEXT_LENGTH);
    assertThat(catchThrowable(() -> client().chat(ask("a very long prompt").build())))
        .isInstanceOf(LlmContextLengthException.class);
    assertThat(received()).hasSize(1);
  }

  @Test
  void testTheKeyNeverShowsInExceptionsOrToString() {
    LlmClient client = client();
    List<Throwable> errors = new ArrayList<>();
    for (Failure f : Failure.values()) {
      failWith(f);
      errors.add(catchThrowable(() -> client.chat(ask("q " + f).build())));
    }
    assertThat(errors).allSatisfy(e -> assertThat(e).isInstanceOf(LlmException.class));
    for (Throwable e : errors) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      assertThat(trace.toString()).doesNotContain(API_KEY);
    }
    assertThat(client.toString()).doesNotContain(API_KEY);
  }

  @Test
  void testAcceptingAReplyOnceOrTwiceChangesNoLaterReply() throws Exception {
    LlmClient client = client();
    answer(q -> "first: " + q, Duration.ZERO);
    ChatRequest request = ask("accept me").build();
    ChatResponse r = client.chat(request);
    client.accept(request, r);
    client.accept(request, r);
    assertThat(client.chat(ask("another").build()).text()).isEqualTo("first: another");
  }

  @Test
  void testAReplyNotAcceptedIsNeverReplayed() throws Exception {
    LlmClient client = client();
    answer(q -> "first: " + q, Duration.ZERO);
    ChatRequest request = ask("unusable").build();
    client.chat(request);
    answer(q -> "second: " + q, Duration.ZERO);
    assertThat(client.chat(request).text()).isEqualTo("second: unusable");
  }

  @Test
  void testDeviationsAreAListThatOnlyGrows() throws Exception {
    LlmClient client = client();
    answer(q -> "echo: " + q, Duration.ZERO);
    List<Deviation> before = List.copyOf(client.deviations());
    client.chat(ask("q").logprobs(true).topLogprobs(1).build());
    List<Deviation> after = client.deviations();
    assertThat(after).isNotNull();
    assertThat(after).containsAll(before);
    assertThat(after).doesNotHaveDuplicates();
  }

  @Test
  void testAskingForLogprobsNeverFailsARequest() throws Exception {
    answer(q -> "echo: " + q, Duration.ZERO);
    ChatResponse r = client().chat(ask("same?").logprobs(true).topLogprobs(1).build());
    assertThat(r.text()).isEqualTo("echo: same?");
    assertThat(r.logprobs()).isNotNull();
  }

  @Test
  void testCloseTwiceIsHarmless() {
    LlmClient client = client();
    client.close();
    client.close();
  }
}
