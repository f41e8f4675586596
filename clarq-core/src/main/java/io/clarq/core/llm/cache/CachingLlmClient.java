package io.clarq.core.llm.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmReplayMissException;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.ReplyPolicy;
import java.util.Objects;
import java.util.Optional;

/**
 * A response cache around any {@link LlmClient}. A hit replays the recorded reply (same text, finish reason, usage
 * and log-probabilities; latency zero) without calling the model; a miss calls it, and the reply is recorded when
 * the caller {@linkplain #accept accepts} it (parsed it, or delivered it as free text): a reply the caller could not
 * use is never recorded, so it cannot pin a failure on every rerun. Only deterministic requests (temperature 0 or a
 * seed) are cached unless the policy says otherwise; failures, blank replies and replies the {@link ReplyPolicy}
 * refuses are never recorded. A recorded reply the policy refuses (a cut or refused line written before the policy
 * held for its client: its {@code finish_reason} or {@code end_reason} says so) is never replayed as usable: in
 * replay-only mode it is the {@link io.clarq.core.llm.LlmUnusableReplyException} a live call would have been,
 * otherwise the model is asked again and the accepted reply replaces it. In replay-only mode a miss fails with
 * {@link LlmReplayMissException} and the model is never called.
 *
 * <p>Closing this client closes the cache file and the wrapped client.
 */
public final class CachingLlmClient implements io.clarq.core.llm.LlmClientDecorator {
  private final LlmClient delegate;
  private final ResponseCacheFile file;
  private final String endpoint;
  private final String defaultModel;
  private final CachePolicy policy;
  private final LlmListener listener;

  /**
   * @param endpoint the server the delegate talks to (part of the key: the same prompt to another server is
   *     another entry)
   * @param defaultModel the model the delegate uses when a request names none (part of the key)
   * @param listener told of hits
   */
  public CachingLlmClient(LlmClient delegate, ResponseCacheFile file, String endpoint, String defaultModel,
      CachePolicy policy, LlmListener listener) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.file = Objects.requireNonNull(file, "file");
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    this.defaultModel = Objects.requireNonNull(defaultModel, "defaultModel");
    this.policy = Objects.requireNonNull(policy, "policy");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /** A cache around a client made from {@code spec}: endpoint and default model come from the spec. */
  public static CachingLlmClient forSpec(LlmClient delegate, LlmSpec spec, ResponseCacheFile file,
      CachePolicy policy, LlmListener listener) {
    return new CachingLlmClient(delegate, file, endpointOf(spec), spec.model(), policy, listener);
  }

  /**
   * The endpoint part of the key for {@code spec}: its base URL, else its scheme. Replicas (several base URLs) are
   * one endpoint: their URLs sorted and joined with commas, so the order they were given in does not matter. A URL
   * with user info or a query (Azure's {@code ?api-version=}, which may sit beside a secret) is keyed without them
   * ({@link LlmSpec#withoutCredentials}): the canonical request, endpoint included, is written to the cache file.
   */
  public static String endpointOf(LlmSpec spec) {
    // the user's body fields change every request sent: another entry (none given: the key is as it always was)
    String params = spec.params().isEmpty() ? "" : " with " + spec.params();
    if (spec.baseUrls().isEmpty()) {
      return spec.scheme() + ":" + params;
    }
    return String.join(",", spec.baseUrls().stream()
        .map(u -> u.getRawUserInfo() == null && u.getRawQuery() == null && u.getRawFragment() == null
            ? u.toString().replaceAll("/+$", "") : LlmSpec.withoutCredentials(u))
        .sorted().toList()) + params;
  }

  @Override
  public LlmClient delegate() {
    return delegate;
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    boolean replayOnly = policy.mode() == CachePolicy.Mode.REPLAY_ONLY;
    boolean cacheable = policy.cacheNondeterministic() || request.deterministic();
    if (!cacheable && !replayOnly) {
      return delegate.chat(request);
    }
    ObjectNode canonical = CacheKey.canonical(request, endpoint, defaultModel);
    String key = CacheKey.of(canonical);
    Optional<ChatResponse> hit = file.get(key);
    if (hit.isPresent() && (replayOnly || ReplyPolicy.usable(request, hit.get()))) {
      // the reply was had under these deviations: a replay makes them as surely as the live call did
      file.deviations(key).forEach(listener::onDeviation);
      listener.onCacheHit(request, hit.get());
      // a reply recorded before the policy held for its client (a cut or refused line) is never replayed as usable
      ReplyPolicy.check(request, hit.get(), "reply replayed from " + file.path());
      return hit.get();
    }
    if (hit.isPresent()) {
      // such a reply is asked for again; accepting the new one records it in place of the old (ResponseCacheFile)
      return delegate.chat(request);
    }
    if (replayOnly) {
      throw new LlmReplayMissException("replay-only cache " + file.path() + " has no reply for this request (key "
          + key.substring(0, 12) + ", " + describe(request) + "); no live call was made. Run once without "
          + "replay-only to record it" + (cacheable ? "" : ", and cache non-deterministic requests too"));
    }
    return delegate.chat(request);
  }

  /**
   * Records the reply, unless it is blank or unusable by the {@link ReplyPolicy}, the request is not cacheable, or
   * the key is recorded already with a usable reply (one the policy refuses is replaced).
   */
  @Override
  public void accept(ChatRequest request, ChatResponse response) {
    if (!ReplyPolicy.usable(request, response)) {
      return;
    }
    delegate.accept(request, response);
    boolean cacheable = policy.cacheNondeterministic() || request.deterministic();
    if (policy.mode() == CachePolicy.Mode.REPLAY_ONLY || !cacheable || response.text().isBlank()) {
      return;
    }
    ObjectNode canonical = CacheKey.canonical(request, endpoint, defaultModel);
    String key = CacheKey.of(canonical);
    Optional<ChatResponse> recorded = file.get(key);
    if (recorded.isPresent() && !ReplyPolicy.usable(request, recorded.get())) {
      file.replace(key, canonical, response, delegate.deviations());
    } else {
      file.put(key, canonical, response, delegate.deviations());
    }
  }




  private String describe(ChatRequest r) {
    String model = r.model().isEmpty() ? defaultModel : r.model();
    String last = r.messages().get(r.messages().size() - 1).content().replaceAll("\\s+", " ");
    ChatMessage.Role role = r.messages().get(r.messages().size() - 1).role();
    return "model " + (model.isEmpty() ? "(server default)" : model) + " at " + endpoint + ", "
        + r.messages().size() + " messages, last " + role.wireName() + ": \""
        + (last.length() > 80 ? last.substring(0, 80) + "..." : last) + "\"";
  }

  /** The cache file. */
  public ResponseCacheFile file() {
    return file;
  }

  @Override
  public void close() {
    try {
      file.close();
    } finally {
      delegate.close();
    }
  }
}
