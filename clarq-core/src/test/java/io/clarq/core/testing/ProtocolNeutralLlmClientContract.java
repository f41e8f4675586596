package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.LlmAuthenticationException;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmContextLengthException;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@code toString()}; keep {@link LlmClient#accept}, {@link LlmClient#deviations()} and {@link LlmClient#close()}
 * harmless to call at any time; and read every end reason its protocol can say ({@link Ending}) as every other client
 * does, under the one {@link ReplyPolicy}: a natural end is the reply, a cut, filtered or refused reply, tool calls
 * alone and reasoning alone are each an {@link LlmUnusableReplyException} with its raw text, asked once and never
 * cached. A test that needs something a backend lacks is skipped, naming the {@link Capability} (or the
 * {@link Ending} its protocol cannot say).
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
 *   // optional: the end reasons the protocol can say, each written as the vendor documents it
 *   @Override protected Set<Ending> endings() { return EnumSet.of(Ending.STOP, Ending.LENGTH); }
 *   @Override protected void answerEnding(Ending ending, String text) { server.answerEnding(ending, text); }
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
    AUTHENTICATION,
    /**
     * The client is given the key it sends, so it can keep it out of every message; a model a user builds
     * ({@code LangChain4jClients.of(model)}) holds its own key, which clarq never sees.
     */
    KEY_REDACTION
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

  /**
   * How a reply ends, for the end-reason cases: the backend says it in its protocol's own words, and the client's
   * {@link EndReason} and the {@link ReplyPolicy} above it must read it the same whatever the protocol.
   */
  public enum Ending {
    /** A natural end ({@code finish_reason} "stop", {@code stop_reason} "end_turn", {@code finishReason} STOP...). */
    STOP,
    /** Cut at the token limit, some text before the cut. */
    LENGTH,
    /** Cut by a content or safety filter, some text before the cut. */
    CONTENT_FILTER,
    /** The model refused; the text is the refusal. */
    REFUSAL,
    /** A call to a tool named {@code lookup} and no text. */
    TOOL_CALLS,
    /** Reasoning (the text) and no text after it. */
    REASONING_ONLY
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

  /**
   * From now on the backend answers every request with {@code text} in a reply that ends as {@code ending} says, in
   * its protocol's own words (see {@link Ending}). Called only for the {@link #endings()} the protocol can say; the
   * default says none.
   */
  protected void answerEnding(Ending ending, String text) {
    throw new UnsupportedOperationException("this backend scripts no end reasons");
  }

  /**
   * The endings the backend's protocol can say ({@link #answerEnding}); a case for another is skipped naming it
   * (Gemini and Ollama have no refusal, Anthropic, Ollama no content filter). The default, none.
   */
  protected Set<Ending> endings() {
    return EnumSet.noneOf(Ending.class);
  }

  /** Skips the calling test, naming the ending, when the backend's protocol cannot say it. */
  protected final void assumeEnding(Ending ending) {
    Assumptions.assumeTrue(endings().contains(ending),
        () -> "skipped: the backend's protocol has no way to end a reply as " + ending);
  }

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
    assumeCapability(Capability.KEY_REDACTION);
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

  // the end reasons: one case each, the same for every protocol (issue 29: one reply policy above every client)

  /** The reply to {@code request} is unusable for {@code reason}, asked once, never retried, never cached. */
  private LlmUnusableReplyException unusable(ChatRequest request, LlmUnusableReplyException.Reason reason)
      throws Exception {
    Path dir = Files.createTempDirectory("contract-cache");
    try (ResponseCacheFile file = ResponseCacheFile.open(dir.resolve("cache.jsonl"));
        CachingLlmClient cached = new CachingLlmClient(client(), file, "contract", "", CachePolicy.DEFAULT,
            LlmListener.NONE)) {
      Throwable first = catchThrowable(() -> cached.chat(request));
      assertThat(first).as("an unusable reply (%s)", reason).isInstanceOf(LlmUnusableReplyException.class);
      LlmUnusableReplyException e = (LlmUnusableReplyException) first;
      assertThat(e.reason()).isEqualTo(reason);
      assertThat(e.retryable()).isFalse();
      assertThat(received()).as("an unusable reply is not asked again").hasSize(1);
      // never cached: asked again live, and nothing recorded
      assertThat(catchThrowable(() -> cached.chat(request))).isInstanceOf(LlmUnusableReplyException.class);
      assertThat(received()).hasSize(2);
      assertThat(file.size()).isZero();
      return e;
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  @Test
  void testANaturalEndIsTheReplyWithItsEndReason() throws Exception {
    assumeEnding(Ending.STOP);
    answerEnding(Ending.STOP, "Is it in the kitchen?");
    ChatResponse r = client().chat(ask("where?").build());
    assertThat(r.text()).isEqualTo("Is it in the kitchen?");
    assertThat(r.endReason().kind()).isEqualTo(EndReason.Kind.STOP);
    assertThat(r.endReason().field()).as("the protocol's own field is named").isNotEmpty();
  }

  @Test
  void testACutReplyIsUnusableWithItsTextUnlessTheRequestSetTheLimit() throws Exception {
    assumeEnding(Ending.LENGTH);
    answerEnding(Ending.LENGTH, "Where can I find the");
    LlmUnusableReplyException e = unusable(ask("where?").build(), LlmUnusableReplyException.Reason.LENGTH);
    assertThat(e.raw()).isEqualTo("Where can I find the");
    // a request that sets max_tokens gets the text cut there (the reference protocol's one-token answers)
    ChatResponse r = client().chat(ask("yes or no?").maxTokens(4).build());
    assertThat(r.text()).isEqualTo("Where can I find the");
    assertThat(r.endReason().kind()).isEqualTo(EndReason.Kind.LENGTH);
  }

  @Test
  void testAFilteredReplyIsUnusableWithItsText() throws Exception {
    assumeEnding(Ending.CONTENT_FILTER);
    answerEnding(Ending.CONTENT_FILTER, "{\"match\": true}");
    LlmUnusableReplyException e = unusable(ask("does it match?").build(),
        LlmUnusableReplyException.Reason.CONTENT_FILTER);
    assertThat(e.raw()).isEqualTo("{\"match\": true}");
  }

  @Test
  void testARefusalIsUnusableWithItsWords() throws Exception {
    assumeEnding(Ending.REFUSAL);
    answerEnding(Ending.REFUSAL, "I can't help with that request.");
    LlmUnusableReplyException e = unusable(ask("go on").build(), LlmUnusableReplyException.Reason.REFUSAL);
    assertThat(e.raw()).isEqualTo("I can't help with that request.");
  }

  @Test
  void testToolCallsWithoutTextAreUnusableWithTheCalls() throws Exception {
    assumeEnding(Ending.TOOL_CALLS);
    answerEnding(Ending.TOOL_CALLS, "");
    LlmUnusableReplyException e = unusable(ask("look it up").build(), LlmUnusableReplyException.Reason.TOOL_CALLS);
    assertThat(e.raw()).contains("lookup");
  }

  @Test
  void testReasoningWithoutTextIsUnusableWithTheReasoning() throws Exception {
    assumeEnding(Ending.REASONING_ONLY);
    answerEnding(Ending.REASONING_ONLY, "The user wants a question about the room.");
    LlmUnusableReplyException e = unusable(ask("go on").build(),
        LlmUnusableReplyException.Reason.REASONING_ONLY);
    assertThat(e.raw()).isEqualTo("The user wants a question about the room.");
  }
}
