package io.clarq.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.clarq.core.llm.TokenLogprob;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A loopback OpenAI-compatible server for tests: {@code POST /v1/chat/completions} on 127.0.0.1 and a free
 * port. Replies come first from a queue ({@link #enqueue}, for faults at a given moment), then from a responder, a
 * function of the request (so a multi-agent dialogue can be scripted by system prompt or last message). Each reply
 * may wait its own latency. The server counts calls and the most it ever served at once, and records every request.
 *
 * <pre>{@code
 * try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("yes").withUsage(12, 1))) {
 *   server.enqueue(FakeReply.rateLimited(1));             // the first call gets 429 Retry-After: 1
 *   LlmClient client = OpenAiClient.builder().baseUrl(server.baseUrl()).build();
 *   ...
 *   assertThat(server.callCount()).isEqualTo(2);
 * }
 * }</pre>
 */
public final class FakeOpenAiServer implements AutoCloseable {
  static {
    // the JDK server writes headers and body separately; without TCP_NODELAY, Nagle's algorithm and delayed ACKs
    // add ~40 ms to small replies on loopback. Read once, when the first server starts.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final AtomicInteger SERVERS = new AtomicInteger();

  private final Wire wire;
  private final HttpServer server;
  private final ExecutorService executor;
  private volatile Function<RecordedRequest, FakeReply> responder;
  private final Queue<FakeReply> queued = new ConcurrentLinkedQueue<>();
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final List<RecordedRequest> requests = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean keepRequests = true;

  private FakeOpenAiServer(Wire wire, Function<RecordedRequest, FakeReply> responder) throws IOException {
    this.wire = Objects.requireNonNull(wire, "wire");
    this.responder = Objects.requireNonNull(responder, "responder");
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 1024);
    int id = SERVERS.incrementAndGet();
    AtomicInteger threads = new AtomicInteger();
    // unbounded: a reply's latency must never be stretched by waiting for a handler thread
    this.executor = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "fake-openai-" + id + "-" + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  /** A server whose every call fails with 500 until {@link #respondWith} or {@link #enqueue} says otherwise. */
  public static FakeOpenAiServer start() {
    return start(r -> FakeReply.error(500, "no_script", "fake server: no reply scripted"));
  }

  /** A server answering every call with {@code responder}'s reply. */
  public static FakeOpenAiServer start(Function<RecordedRequest, FakeReply> responder) {
    return start(null, responder);
  }

  /**
   * A server speaking another provider's wire protocol ({@link ProviderWires}): its route, its reply and error
   * bodies, its key header. The same {@link FakeReply}s script it; {@code null} means OpenAI's protocol.
   */
  public static FakeOpenAiServer start(Wire wire, Function<RecordedRequest, FakeReply> responder) {
    try {
      return new FakeOpenAiServer(wire == null ? OPENAI : wire, responder);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the fake OpenAI server on 127.0.0.1", e);
    }
  }

  /** {@code http://127.0.0.1:PORT/v1}, or the base URL form of the server's {@link Wire}. */
  public URI baseUrl() {
    return URI.create("http://127.0.0.1:" + port() + wire.basePath());
  }

  /** The protocol this server speaks. */
  public Wire wire() {
    return wire;
  }

  /** The API key {@code request} carried, in whichever header or parameter its protocol puts it. */
  public Optional<String> keyOf(RecordedRequest request) {
    return wire.keyOf(request);
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** Replaces the responder. */
  public void respondWith(Function<RecordedRequest, FakeReply> newResponder) {
    this.responder = Objects.requireNonNull(newResponder, "responder");
  }

  /** Queues replies served, in order, before the responder is asked again. */
  public void enqueue(FakeReply... replies) {
    queued.addAll(List.of(replies));
  }

  /** Requests received so far (every path, faults included). */
  public int callCount() {
    return calls.get();
  }

  /** The most requests ever being handled at once. */
  public int maxConcurrent() {
    return maxInFlight.get();
  }

  /** Every request received, in arrival order. */
  public List<RecordedRequest> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /**
   * Stops keeping the requests it receives (calls and the concurrency peak are still counted), so a long-running
   * server, such as the benchmarks' model server answering tens of thousands of calls, stays within a fixed heap.
   * {@link #requests()} is then empty.
   */
  public FakeOpenAiServer withoutKeepingRequests() {
    keepRequests = false;
    requests.clear();
    return this;
  }

  /** Forgets calls, requests, the concurrency peak and queued replies; keeps the responder. */
  public void reset() {
    queued.clear();
    requests.clear();
    calls.set(0);
    maxInFlight.set(0);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    boolean counted = true;
    try {
      RecordedRequest request = record(ex);
      FakeReply reply = replyTo(request);
      if (!reply.latency().isZero() && reply.kind() != FakeReply.Kind.DRIPPED_BODY) {
        try {
          Thread.sleep(reply.latency().toMillis(), reply.latency().toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("fake server stopped", e);
        }
      }
      // leave the count before the reply's last byte goes out: once the client has its reply it may send the next
      // request, and that one must not meet this one still counted
      inFlight.decrementAndGet();
      counted = false;
      send(ex, reply, request);
    } finally {
      if (counted) {
        inFlight.decrementAndGet();
      }
    }
  }

  private RecordedRequest record(HttpExchange ex) throws IOException {
    byte[] in = ex.getRequestBody().readAllBytes();
    String body = new String(in, StandardCharsets.UTF_8);
    JsonNode json;
    try {
      json = in.length == 0 ? MissingNode.getInstance() : MAPPER.readTree(in);
    } catch (IOException e) {
      json = MissingNode.getInstance();
    }
    Map<String, List<String>> headers = new TreeMap<>();
    ex.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
    String query = ex.getRequestURI().getRawQuery();
    RecordedRequest r = new RecordedRequest(ex.getRequestMethod(), ex.getRequestURI().getPath(),
        query == null ? "" : query, headers, body, json, System.nanoTime());
    if (keepRequests) {
      requests.add(r);
    }
    calls.incrementAndGet();
    return r;
  }

  private FakeReply replyTo(RecordedRequest r) {
    if (!"POST".equals(r.method()) || !wire.routes(r.path())) {
      return FakeReply.error(404, "not_found", "fake server: no route " + r.method() + " " + r.path());
    }
    FakeReply next = queued.poll();
    if (next != null) {
      return next;
    }
    try {
      return Objects.requireNonNull(responder.apply(r), "responder returned null");
    } catch (RuntimeException e) {
      return FakeReply.error(500, "script_failed", "fake server: the responder failed: " + e);
    }
  }

  private void send(HttpExchange ex, FakeReply reply, RecordedRequest request) throws IOException {
    reply.headers().forEach((k, v) -> ex.getResponseHeaders().add(k, v));
    switch (reply.kind()) {
      case COMPLETION -> write(ex, 200, wire.completion(reply, request, calls.get()));
      case ERROR -> write(ex, reply.status(), wire.error(reply, request));
      case MALFORMED_JSON -> write(ex, 200,
          "{\"id\": \"chatcmpl-fake\", \"choices\": [{\"message\": {\"content\": \"cut".getBytes(StandardCharsets.UTF_8));
      case TRUNCATED_BODY -> {
        byte[] full = wire.completion(reply, request, calls.get());
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(200, full.length);
        OutputStream out = ex.getResponseBody();
        out.write(full, 0, full.length / 2);
        out.flush();
        // the JDK server closes the connection when a handler throws: the client sees the body end early
        throw new IOException("fake server: body cut short on purpose");
      }
      case DROPPED_CONNECTION -> throw new IOException("fake server: connection dropped on purpose");
      case RAW_BODY -> write(ex, reply.status(), reply.text().getBytes(StandardCharsets.UTF_8));
      case DRIPPED_BODY -> {
        byte[] full = wire.completion(reply, request, calls.get());
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(200, full.length);
        try (OutputStream out = ex.getResponseBody()) {
          for (byte b : full) {
            out.write(b);
            out.flush();
            try {
              Thread.sleep(reply.latency().toMillis());
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new IOException("fake server stopped", e);
            }
          }
        }
      }
      default -> throw new IllegalStateException("unknown reply kind " + reply.kind());
    }
  }

  private static void write(HttpExchange ex, int status, byte[] body) throws IOException {
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  /** OpenAI's chat completions: https://platform.openai.com/docs/api-reference/chat/create */
  private static final Wire OPENAI = new Wire() {
    @Override
    public String basePath() {
      return "/v1";
    }

    @Override
    public boolean routes(String path) {
      // /v1/chat/completions, or Azure OpenAI's /openai/deployments/DEP/chat/completions and /openai/v1/...
      return path.equals("/v1/chat/completions")
          || path.startsWith("/openai/") && path.endsWith("/chat/completions");
    }

    @Override
    public byte[] completion(FakeReply reply, RecordedRequest request, int call) throws IOException {
      return openAiCompletion(reply, request, call);
    }

    @Override
    public byte[] error(FakeReply reply, RecordedRequest request) throws IOException {
      return openAiError(reply, request);
    }

    @Override
    public Optional<String> keyOf(RecordedRequest request) {
      // OpenAI: "Authorization: Bearer KEY"; Azure OpenAI's deployment URLs: an "api-key" header
      // (learn.microsoft.com/azure/ai-services/openai/reference, "Authentication")
      return request.header("Authorization").map(h -> h.replaceFirst("^Bearer ", ""))
          .or(() -> request.header("api-key"));
    }

    @Override
    public Optional<String> ending(ProtocolNeutralLlmClientContract.Ending ending, String text) {
      return EndingBodies.openAi(ending, text);
    }

    @Override
    public String toString() {
      return "OpenAI";
    }
  };

  private static byte[] openAiCompletion(FakeReply reply, RecordedRequest request, int call) throws IOException {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("id", "chatcmpl-fake-" + call);
    root.put("object", "chat.completion");
    root.put("created", 1_700_000_000L);
    root.put("model", request.model().isEmpty() ? "fake-model" : request.model());
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    choice.putObject("message").put("role", "assistant").put("content", reply.text());
    if (reply.logprobs().isEmpty()) {
      choice.putNull("logprobs");
    } else {
      ArrayNode content = choice.putObject("logprobs").putArray("content");
      for (TokenLogprob t : reply.logprobs()) {
        ObjectNode token = content.addObject().put("token", t.token()).put("logprob", t.logprob());
        ArrayNode top = token.putArray("top_logprobs");
        t.top().forEach(a -> top.addObject().put("token", a.token()).put("logprob", a.logprob()));
      }
    }
    choice.put("finish_reason", reply.finishReason());
    if (reply.usage() != null) {
      root.putObject("usage").put("prompt_tokens", reply.usage().promptTokens())
          .put("completion_tokens", reply.usage().completionTokens())
          .put("total_tokens", reply.usage().totalTokens());
      if (reply.usage().cachedInputTokens() > 0) {
        ((ObjectNode) root.get("usage")).putObject("prompt_tokens_details")
            .put("cached_tokens", reply.usage().cachedInputTokens());
      }
    }
    return MAPPER.writeValueAsBytes(root);
  }

  private static byte[] openAiError(FakeReply reply, RecordedRequest request) throws IOException {
    String message = reply.text();
    if (reply.echoKey()) {
      message += OPENAI.keyOf(request).orElse("(none)");
    }
    ObjectNode root = MAPPER.createObjectNode();
    root.putObject("error").put("message", message)
        .put("type", reply.status() == 429 ? "requests" : "invalid_request_error")
        .put("code", reply.errorCode());
    return MAPPER.writeValueAsBytes(root);
  }
}
