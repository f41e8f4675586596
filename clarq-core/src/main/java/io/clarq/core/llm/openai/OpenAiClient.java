package io.clarq.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.Redactor;
import io.clarq.core.llm.pacing.RateBudget;
import io.clarq.core.llm.pacing.RateBudgets;
import io.clarq.core.llm.pacing.RateLimits;
import io.clarq.core.llm.wire.OpenAiWire;
import io.clarq.core.llm.wire.PacedAttempts;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client for OpenAI's {@code POST {baseUrl}/chat/completions} and the many servers that copy it (vLLM, Ollama,
 * llama.cpp, LM Studio), on the JDK's HttpClient (HTTP/1.1) and Jackson.
 *
 * <p>Failed attempts are retried as {@link io.clarq.core.llm.RetryPolicy} says when a retry can help (408, 409,
 * 5xx, connection failures, timeouts, garbled replies) and never otherwise (400, 401, 403, 404); the exception
 * that ends a call lists every attempt. Calls are paced to the limits the server states in
 * its headers, one budget per server, key and model ({@link RateBudgets}); a rate-limit 429 waits as the server
 * says and costs no attempt. At most {@link LlmSettings#maxInFlight()} requests are on the wire at once (a caller
 * waiting holds no slot), spaced by the optional requests-per-minute limit. The timeout bounds each attempt whole,
 * from sending the request to the last byte of the reply. {@link ChatResponse#latency()} runs from the call to the
 * reply, retries included.
 *
 * <p>Requests adapt: a server that refuses a request field with its documented error (400 or 422) gets the request
 * adapted once for that model and sent again at once, which is no failed attempt; the adaptation holds for the
 * client's lifetime and is reported once to {@link LlmListener#onDeviation} (see {@code docs/llm-clients.md}). The
 * user's body fields ({@link LlmSpec#params()}) go into every body and are reported once each too; extra headers go
 * with every request and are never printed.
 *
 * <p>Replies come back as read, with their {@link io.clarq.core.llm.EndReason} ({@code finish_reason}, a
 * {@code refusal}, {@code tool_calls}); the {@link io.clarq.core.llm.ReplyPolicy} that makes a cut, filtered or
 * refused reply an {@link io.clarq.core.llm.LlmUnusableReplyException} sits above every client
 * ({@link io.clarq.core.llm.LlmClients} applies it; {@code ReplyPolicy.enforce} for a client built here). Reasoning
 * goes to {@link ChatResponse#reasoning()}, never into the text.
 *
 * <p>Bodies: a {@code gzip} or {@code deflate} reply is decoded, a stream the server sent although none was asked for
 * is assembled into the one reply it stands for ({@link io.clarq.core.llm.wire.ReplyBody}) or refused at once, an
 * error inside a choice is that error, two choices of one index are refused, and a redirect is refused naming its
 * {@code Location}.
 *
 * <p>Azure OpenAI: the base URL's query ({@code ?api-version=...}) is kept after the path the client appends, and a
 * base URL whose path holds {@code /openai/deployments/}, or whose host ends in {@code .openai.azure.com} (except the
 * {@code /openai/v1} path, which is plain OpenAI), sends the key as {@code api-key} instead of a bearer token.
 *
 * <p>The same client speaks OpenAI's Responses API ({@code POST {baseUrl}/responses}, the {@code openai-responses}
 * scheme). A chat client whose model is refused with the documented 404 "only supported in v1/responses" sends that
 * model through the Responses API for the rest of its life, recorded as a deviation ({@code ResponsesFallback}).
 */
public final class OpenAiClient implements LlmClient {
  /** OpenAI's own base URL. */
  public static final URI OPENAI_BASE_URL = URI.create("https://api.openai.com/v1");

  private static final Logger LOG = LoggerFactory.getLogger(OpenAiClient.class);

  /** Waits between attempts; tests pass one that records the waits instead. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final URI endpoint;
  private final OpenAiApi api;
  private final ResponsesFallback fallback;
  private final String where;
  private final boolean azureKey;
  private final Map<String, String> headers;
  private final Redactor redactor;
  private final RequestAdapter adapter;
  private final java.util.Set<String> params;
  private final java.util.OptionalLong fixedSeed;
  private final String defaultModel;
  private final Optional<ApiKey> key;
  private final LlmSettings settings;
  private final LlmListener listener;
  private final Sleeper sleeper;
  private final OpenAiExchange exchange;
  private final Semaphore inFlight;
  private final RequestRateLimiter rateLimiter;
  private final java.util.function.Function<String, String> identity;
  private final Map<String, PacedAttempts> attempts = new java.util.concurrent.ConcurrentHashMap<>();

  private OpenAiClient(Builder b) {
    this.api = b.api;
    this.endpoint = OpenAiExchange.endpoint(b.baseUrl, api.route());
    // query and user info may carry secrets (Azure's ?api-key=); messages show only scheme, host, port and path
    this.where = endpoint.getScheme() + "://" + endpoint.getHost()
        + (endpoint.getPort() < 0 ? "" : ":" + endpoint.getPort()) + endpoint.getPath();
    this.azureKey = OpenAiExchange.azureKey(b.baseUrl);
    this.headers = Map.copyOf(b.headers);
    String at = b.baseUrl.equals(OPENAI_BASE_URL) ? "" : " @ " + LlmSpec.withoutCredentials(b.baseUrl);
    this.params = new java.util.TreeSet<>(b.params.keySet());
    this.fixedSeed = LlmClient.SEED_FIELDS.stream().map(b.params::get)
        .filter(s -> s != null && s.isIntegralNumber() && s.canConvertToLong())
        .mapToLong(JsonNode::asLong).findFirst();
    String scheme = api.scheme();
    this.identity = m -> scheme + ":" + (m.isEmpty() ? "(server default)" : m) + at;
    this.adapter = new RequestAdapter(api, b.params, identity, b.listener);
    this.fallback = api == OpenAiApi.CHAT_COMPLETIONS
        ? new ResponsesFallback(b.copy().api(OpenAiApi.RESPONSES)::build, identity, b.listener) : null;
    this.defaultModel = b.model;
    this.key = b.key;
    this.redactor = Redactor.of(b.key, headers.values());
    this.settings = b.settings;
    this.listener = b.listener;
    this.sleeper = b.sleeper;
    this.exchange = new OpenAiExchange(endpoint, settings.timeout(), redactor);
    this.inFlight = new Semaphore(settings.maxInFlight(), true);
    this.rateLimiter = settings.requestsPerMinute() > 0 ? new RequestRateLimiter(settings.requestsPerMinute()) : null;
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    String model = request.model().isEmpty() ? defaultModel : request.model();
    RequestAdapter.State[] used = {adapter.state(model)};
    HttpRequest[] post = {httpRequest(request, model, used[0])};
    long start = System.nanoTime();
    return attempts(model).call(request,
        () -> fallback != null && fallback.serves(model)
            ? Optional.<PacedAttempts.HandOff>of(fallback::chat) : Optional.empty(), ticket -> {
          RequestAdapter.State now = adapter.state(model);
          if (!now.equals(used[0])) {
            used[0] = now;
            post[0] = httpRequest(request, model, now);
          }
          return attempt(request, post[0], model, now, start, ticket);
        });
  }

  // one budget per model: a request may name another model than the client's
  private PacedAttempts attempts(String model) {
    return attempts.computeIfAbsent(model, m -> new PacedAttempts("chat completion at " + where, settings.retry(),
        RateBudgets.shared(endpoint.toString(), key, m, identity.apply(m), settings.tokensPerMinute(),
            settings.rateLimitPatience()), listener, sleeper::sleep, RequestAdapter.MAX_STEPS));
  }

  /** The body this client sends for {@code request} now, byte for byte: what a batch entry carries. */
  public byte[] requestBody(ChatRequest request) {
    String model = request.model().isEmpty() ? defaultModel : request.model();
    return OpenAiWire.toBytes(adapter.body(request, model, defaultModel, adapter.state(model)));
  }

  private HttpRequest httpRequest(ChatRequest request, String model, RequestAdapter.State state)
      throws LlmException {
    byte[] body;
    try {
      body = OpenAiWire.toBytes(adapter.body(request, model, defaultModel, state));
    } catch (IllegalArgumentException e) {
      throw new LlmException(e.getMessage(), e);
    }
    return exchange.post(body, key, azureKey, headers);
  }

  /** The reply, or null when the request was adapted to a refusal and is to be sent again. */
  private ChatResponse attempt(ChatRequest chat, HttpRequest request, String model, RequestAdapter.State used,
      long start, RateBudget.Ticket ticket) throws LlmException, InterruptedException {
    if (rateLimiter != null) {
      Duration wait = rateLimiter.reserve(System.nanoTime());
      if (!wait.isZero()) {
        sleeper.sleep(wait);
      }
    }
    HttpResponse<byte[]> response;
    inFlight.acquire();
    try {
      response = exchange.send(request);
    } finally {
      inFlight.release();
    }
    ticket.observe(RateLimits.read(response.headers()::firstValue, Instant.now()));
    int status = response.statusCode();
    byte[] body = exchange.body(response);
    if (status >= 200 && status < 300) {
      JsonNode root;
      OpenAiWire.Reply reply;
      try {
        // a stream sent although none was asked for is assembled into the one reply it stands for (or refused)
        Optional<ReplyBody.Streaming> streamed = ReplyBody.streaming(response.headers().firstValue("Content-Type"),
            body);
        root = streamed.isPresent() ? StreamedReply.assemble(streamed.get(), body) : OpenAiWire.tree(body);
        Optional<ServerError> error = api.errorIn(root, body);
        if (error.isPresent() || (error = ServerError.inChoice(root)).isPresent()) {
          // a gateway's 200 carrying the server's error: as the status it names, else as a bad gateway
          int named = error.get().status() >= 400 ? error.get().status() : 502;
          return refused(chat, model, used, named, error.get(), response, "HTTP " + status
              + " carrying an error: ");
        }
        OptionalInt shared = OpenAiWire.sharedIndex(root);
        if (shared.isPresent()) {
          // a whole reply, paid for: asking again would buy the same confusion
          throw new LlmException("HTTP " + status + ": " + OpenAiWire.twoChoices(shared.getAsInt())
              + " (not retried)");
        }
        reply = api.read(root, body, Duration.ofNanos(System.nanoTime() - start));
      } catch (UnreadableBodyException e) {
        throw exchange.unreadable(status, e);
      } catch (IllegalArgumentException e) {
        throw new LlmTransportException("HTTP " + status + " with a malformed reply: "
            + redactor.redact(e.getMessage()), LlmTransportException.Kind.MALFORMED_REPLY, null);
      }
      return reply.response();
    }
    if (status >= 300 && status < 400) {
      throw exchange.redirect(response);
    }
    if (status < 400 || status > 599) {
      throw new LlmException("HTTP " + status + ": unexpected status for a chat completion");
    }
    return refused(chat, model, used, status, ServerError.read(body), response, "");
  }

  // an error reply: adapts the request and answers null when the error refuses a field it can do without, else
  // throws the typed error
  private ChatResponse refused(ChatRequest chat, String model, RequestAdapter.State used,
      int status, ServerError error, HttpResponse<byte[]> response, String prefix) throws LlmException {
    LlmHttpException e = OpenAiErrors.fromStatus(status, error, response.headers(), key, redactor::redact);
    if (fallback != null && fallback.switchTo(model, status, error)) {
      return null;
    }
    if (e.getClass() == LlmHttpException.class) {
      ObjectNode sent = adapter.body(chat, model, defaultModel, used);
      if (adapter.adapt(model, used, sent, status, error, prefix + e.getMessage())) {
        LOG.debug("{}: adapted the request for {} after: {}", where, model, e.getMessage());
        return null;
      }
    }
    if (prefix.isEmpty()) {
      throw e;
    }
    throw OpenAiErrors.withMessage(e, prefix + e.getMessage());
  }

  /**
   * Nothing to release: the JDK 17 HttpClient has no close and its selector thread ends when the client is no longer
   * referenced.
   */
  @Override
  public void close() {}

  @Override
  public java.util.List<io.clarq.core.llm.Deviation> deviations() {
    if (fallback == null) {
      return adapter.deviations();
    }
    List<io.clarq.core.llm.Deviation> all = new ArrayList<>(adapter.deviations());
    all.addAll(fallback.deviations());
    return all;
  }

  /** The {@code seed} body field the user set ({@link LlmSpec#params()}), which replaces every request's seed. */
  @Override
  public java.util.OptionalLong fixedSeed() {
    return fixedSeed;
  }

  /** The spec's model, sent with requests that name none. */
  @Override
  public String model() {
    return defaultModel;
  }

  @Override
  public String toString() {
    return "OpenAiClient{" + where + (defaultModel.isEmpty() ? "" : ", model=" + defaultModel)
        + ", key=" + key.map(ApiKey::toString).orElse("none") + (azureKey ? " as api-key" : "")
        + (headers.isEmpty() ? "" : ", headers=" + new java.util.TreeSet<>(headers.keySet()))
        + (params.isEmpty() ? "" : ", params=" + params) + ", " + settings + "}";
  }

  /** Builds an {@link OpenAiClient}; only the base URL is required. */
  public static final class Builder {
    private URI baseUrl;
    private String model = "";
    private Optional<ApiKey> key = Optional.empty();
    private LlmSettings settings = LlmSettings.DEFAULT;
    private LlmListener listener = LlmListener.NONE;
    private Sleeper sleeper = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
    private Map<String, String> headers = Map.of();
    private Map<String, JsonNode> params = Map.of();
    private OpenAiApi api = OpenAiApi.CHAT_COMPLETIONS;

    private Builder() {}

    /** Which API the client speaks; chat completions unless set. */
    Builder api(OpenAiApi api) {
      this.api = Objects.requireNonNull(api, "api");
      return this;
    }

    // a snapshot, for the Responses API client a chat client makes when it falls back
    private Builder copy() {
      Builder c = new Builder();
      c.baseUrl = baseUrl;
      c.model = model;
      c.key = key;
      c.settings = settings;
      c.listener = listener;
      c.sleeper = sleeper;
      c.headers = headers;
      c.params = params;
      c.api = api;
      return c;
    }

    /** The base URL up to and including the version, e.g. {@code http://127.0.0.1:8000/v1}. */
    public Builder baseUrl(URI url) {
      this.baseUrl = Objects.requireNonNull(url, "baseUrl");
      return this;
    }

    /** The model used when a request names none; empty = leave it to the server. */
    public Builder model(String model) {
      this.model = Objects.requireNonNull(model, "model");
      return this;
    }

    public Builder apiKey(Optional<ApiKey> key) {
      this.key = Objects.requireNonNull(key, "key");
      return this;
    }

    public Builder apiKey(ApiKey key) {
      return apiKey(Optional.of(key));
    }

    public Builder settings(LlmSettings settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    public Builder listener(LlmListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /**
     * Extra HTTP headers sent with every request (values are secrets: never printed); a header of the same name as
     * one the client sets ({@code Authorization}, {@code api-key}) replaces it.
     *
     * @throws IllegalArgumentException naming a header the HTTP client does not let a caller set ({@code Host},
     *     {@code Content-Length}, ...)
     */
    public Builder headers(Map<String, String> headers) {
      this.headers = OpenAiExchange.checkedHeaders(headers);
      return this;
    }

    /**
     * Body fields set ({@code JsonNode}) or dropped ({@code NullNode}) in every request, as {@link
     * LlmSpec#paramValues()} gives them; each is reported once as a deviation.
     */
    public Builder params(Map<String, JsonNode> params) {
      this.params = Map.copyOf(params);
      return this;
    }

    public OpenAiClient build() {
      if (baseUrl == null) {
        throw new IllegalArgumentException("OpenAI client: no base URL");
      }
      LlmSpec.parseUrl(baseUrl.toString());
      return new OpenAiClient(this);
    }
  }
}
