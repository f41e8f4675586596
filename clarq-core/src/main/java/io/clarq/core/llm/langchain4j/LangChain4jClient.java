package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.Redactor;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.pacing.RateBudget;
import io.clarq.core.llm.pacing.RateBudgets;
import io.clarq.core.llm.wire.PacedAttempts;
import io.clarq.core.llm.wire.ThinkBlock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * An {@link LlmClient} over a LangChain4j {@link ChatModel}: Anthropic, Gemini and Ollama through the
 * {@code anthropic:}, {@code gemini:} and {@code ollama:} schemes, or any model a Java user builds (Bedrock, Vertex,
 * Azure, Mistral...) through {@link LangChain4jClients#of}.
 *
 * <p>Messages, temperature, top_p, max tokens and stop sequences are sent as LangChain4j parameters. What the
 * provider cannot take (a seed, JSON mode, log-probabilities) is left out and reported once per client as a
 * {@link Deviation} through the listener, never dropped silently. Replies keep the model's reasoning apart
 * ({@link ChatResponse#reasoning()}, a leading {@code <think>} block included) and say why they ended
 * ({@link io.clarq.core.llm.EndReason}: the vendor's own {@code stop_reason}, {@code finishReason} or
 * {@code done_reason} read from the reply, else LangChain4j's finish reason); the
 * {@link io.clarq.core.llm.ReplyPolicy} above the client ({@link io.clarq.core.llm.LlmClients},
 * {@link LangChain4jClients#of}) refuses the unusable ones. Failures are clarq's exception classes (a bad key,
 * a context window overrun, a rate limit or 5xx that may clear), retried as the settings' {@link RetryPolicy} says
 * (the provider module's own retries are off for the schemes), with at most
 * {@link LlmSettings#maxInFlight()} calls at once. Calls are paced to the limits the server's headers state
 * ({@code anthropic-ratelimit-*}, read through {@link ClarqHttpClient}), one budget per server, key and model
 * ({@link io.clarq.core.llm.pacing.RateBudgets}); a rate-limit 429 waits and spends no attempt
 * ({@link PacedAttempts}). Thread-safe, as LangChain4j's chat models are.
 */
final class LangChain4jClient implements LlmClient {
  private final ChatModel model;
  private final String identity;
  private final Dialect dialect;
  private final Redactor key;
  private final LlmSettings settings;
  private final LlmListener listener;
  private final Semaphore inFlight;
  private final java.util.Map<String, PacedAttempts> attempts = new ConcurrentHashMap<>();
  private final List<Deviation> standing;
  private final Set<String> reported = ConcurrentHashMap.newKeySet();
  private volatile boolean jsonRefused;
  private long nextSlotNanos;

  /**
   * @param standing deviations that hold for every call (body fields the user set), reported on the first call
   */
  LangChain4jClient(ChatModel model, String identity, Dialect dialect, Redactor key, LlmSettings settings,
      LlmListener listener, List<Deviation> standing) {
    this.standing = List.copyOf(standing);
    this.model = Objects.requireNonNull(model, "model");
    this.identity = Objects.requireNonNull(identity, "identity");
    this.dialect = Objects.requireNonNull(dialect, "dialect");
    this.key = Objects.requireNonNull(key, "key");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.inFlight = new Semaphore(settings.maxInFlight(), true);
  }

  /**
   * A client over a model a Java user built. The model keeps its own timeout and retries, so this client tries once
   * ({@link RetryPolicy#NONE}); deviations and replies go nowhere. Replies come back as read:
   * {@link LangChain4jClients#of} puts the reply policy above it.
   */
  static LangChain4jClient of(ChatModel model) {
    return of(model, LlmSettings.DEFAULT.withRetry(RetryPolicy.NONE), LlmListener.NONE);
  }

  /** A client over a model a Java user built, with clarq's retries and limits, telling {@code listener}. */
  static LangChain4jClient of(ChatModel model, LlmSettings settings, LlmListener listener) {
    String provider = String.valueOf(model.provider()).toLowerCase(Locale.ROOT);
    String name = model.defaultRequestParameters() == null ? null : model.defaultRequestParameters().modelName();
    return new LangChain4jClient(model, "langchain4j:" + provider + (name == null ? "" : ":" + name),
        Dialect.generic(provider), Redactor.NONE, settings, listener, List.of());
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    long start = System.nanoTime();
    standing.forEach(d -> deviate(d.name(), d.reason()));
    String name = request.model().isEmpty() ? model() : request.model();
    return attempts.computeIfAbsent(name, m -> new PacedAttempts(dialect.provider() + " chat at " + identity,
        settings.retry(), RateBudgets.shared(identity, key.key(), m, identity, settings.tokensPerMinute(),
            settings.rateLimitPatience()), listener, RateBudget.Sleeper.THREAD, 0))
        .call(request, Optional::empty, ticket -> attempt(request, start, ticket));
  }

  private ChatResponse attempt(ChatRequest request, long start, RateBudget.Ticket ticket)
      throws LlmException, InterruptedException {
    boolean withJson = true;
    while (true) {
      dev.langchain4j.model.chat.request.ChatRequest lc = toLangChain4j(request, withJson);
      waitForRateLimit();
      inFlight.acquire();
      ClarqHttpClient.forgetLastBody();
      try {
        dev.langchain4j.model.chat.response.ChatResponse reply = model.chat(lc);
        return fromLangChain4j(reply, ClarqHttpClient.takeLastBody().flatMap(ProviderEndReasons::json), start);
      } catch (RuntimeException e) {
        Optional<ChatResponse> unread = ClarqHttpClient.takeLastBody().flatMap(ProviderEndReasons::json)
            .flatMap(body -> dialect.unread(body, Duration.ofNanos(System.nanoTime() - start)));
        if (unread.isPresent()) {
          // the server answered whole (a blocked prompt, say) and the module could not read it: the policy names it
          return unread.get();
        }
        if (LangChain4jErrors.unsupported(e) && withJson && lc.parameters().responseFormat() != null
            && dialect.json() == Dialect.Json.TRY) {
          // refused before anything was sent: ask without JSON mode from now on, and say so
          jsonRefused = true;
          withJson = false;
          continue;
        }
        if (LangChain4jErrors.unsupported(e)) {
          throw new LlmException(identity + ": the " + dialect.provider() + " module refuses the request before"
              + " sending it: " + LangChain4jErrors.redact(LangChain4jErrors.rootMessage(e), key));
        }
        throw LangChain4jErrors.map(e, identity, key);
      } finally {
        ticket.observe(ClarqHttpClient.takeLastLimits());
        inFlight.release();
      }
    }
  }

  private dev.langchain4j.model.chat.request.ChatRequest toLangChain4j(ChatRequest request, boolean withJson) {
    List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>();
    for (ChatMessage m : request.messages()) {
      messages.add(switch (m.role()) {
        case SYSTEM -> SystemMessage.from(m.content());
        case USER -> UserMessage.from(m.content());
        case ASSISTANT -> AiMessage.from(m.content());
      });
    }
    DefaultChatRequestParameters.Builder<?> p = dialect.parameters(request);
    if (!request.model().isEmpty()) {
      p.modelName(request.model());
    }
    request.temperature().ifPresent(p::temperature);
    request.topP().ifPresent(p::topP);
    request.maxTokens().ifPresent(p::maxOutputTokens);
    if (!request.stop().isEmpty()) {
      p.stopSequences(request.stop());
    }
    if (request.seed().isPresent() && !dialect.sendsSeed()) {
      deviate("seed not sent", dialect.provider() + " takes no seed per request");
    }
    switch (request.responseFormat()) {
      case TEXT -> { }
      case JSON_OBJECT, JSON_SCHEMA -> json(request, p, withJson);
      default -> throw new IllegalStateException("unknown response format " + request.responseFormat());
    }
    if (request.logprobs() || request.topLogprobs().isPresent()) {
      deviate("logprobs not returned", dialect.provider() + " returns no token log-probabilities here");
    }
    return dev.langchain4j.model.chat.request.ChatRequest.builder().messages(messages).parameters(p.build())
        .build();
  }

  private void json(ChatRequest request, DefaultChatRequestParameters.Builder<?> p, boolean withJson) {
    boolean schema = request.responseFormat() == io.clarq.core.llm.ResponseFormat.JSON_SCHEMA;
    if (dialect.json() == Dialect.Json.NONE) {
      deviate(schema ? "JSON schema not sent" : "JSON mode not sent",
          dialect.provider() + " has no JSON mode without a schema; the prompt alone asks for JSON");
      return;
    }
    if (!withJson || jsonRefused) {
      deviate(schema ? "JSON schema not sent" : "JSON mode not sent",
          "the " + dialect.provider() + " model refuses JSON mode; the prompt alone asks for JSON");
      return;
    }
    if (schema) {
      deviate("JSON schema not enforced", "sent as JSON mode without the schema through " + dialect.provider());
    }
    p.responseFormat(ResponseFormat.JSON);
  }

  private ChatResponse fromLangChain4j(dev.langchain4j.model.chat.response.ChatResponse reply,
      Optional<JsonNode> body, long start) throws LlmException {
    AiMessage ai = reply.aiMessage();
    if (ai == null) {
      throw new io.clarq.core.llm.LlmTransportException(identity + ": a reply without a message",
          io.clarq.core.llm.LlmTransportException.Kind.MALFORMED_REPLY, null);
    }
    StringBuilder reasoning = new StringBuilder(ai.thinking() == null ? "" : ai.thinking());
    // a model thinking in its content (Ollama's without "think", a distill) gets the same split as on the OpenAI wire
    String text = ThinkBlock.takeOff(ai.text() == null ? "" : ai.text(), reasoning);
    return new ChatResponse(text, dialect.endReason(reply, body), dialect.usage(reply, body),
        Duration.ofNanos(System.nanoTime() - start), List.of(), reasoning.toString());
  }

  private void deviate(String name, String reason) {
    if (reported.add(name)) {
      listener.onDeviation(new Deviation(identity, name, reason));
    }
  }

  private void waitForRateLimit() throws InterruptedException {
    int rpm = settings.requestsPerMinute();
    if (rpm <= 0) {
      return;
    }
    long interval = 60_000_000_000L / rpm;
    long wait;
    synchronized (this) {
      long now = System.nanoTime();
      long slot = Math.max(now, nextSlotNanos);
      nextSlotNanos = slot + interval;
      wait = slot - now;
    }
    if (wait > 0) {
      Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
    }
  }

  /** The model's identity ({@code anthropic:claude-... @ url}); never the key. */
  /** The model name the LangChain4j model was built with; empty when it names none. */
  @Override
  public String model() {
    String name = model.defaultRequestParameters() == null ? null : model.defaultRequestParameters().modelName();
    return name == null ? "" : name;
  }

  @Override
  public String toString() {
    return "LangChain4jClient{" + identity + ", key=" + key.key().map(ApiKey::toString).orElse("none") + ", " + settings
        + "}";
  }
}
