package io.clarq.core.llm.cache;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The cache key of a request: the SHA-256 of a canonical JSON holding the endpoint (base URL or scheme), the model
 * actually asked for, every message and every generation parameter, with fixed field order and unset values written
 * as null, so two requests share a key exactly when a server would see the same call. A request of trial
 * {@code t > 1} of a run with trials ({@link ChatRequest#trial()}, with its seed {@code 8848 + t - 1}) also holds
 * {@code "trial": t} in its canonical form, so a cache never makes two trials identical, even for a request without a
 * seed; trial 1's key is the key a run without trials has, so caches recorded before trials existed replay. The key
 * is a function of the request alone: whatever thread makes the request, it gets its trial's key.
 */
public final class CacheKey {
  /** Bumped when the canonical form changes, so old records are never mistaken for new ones. */
  static final int VERSION = 1;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private CacheKey() {}

  /**
   * The canonical request, with its trial when above 1 ({@link ChatRequest#trial()}).
   *
   * @param endpoint the server (base URL, or the scheme when it uses its default)
   * @param defaultModel the model used when the request names none
   */
  public static ObjectNode canonical(ChatRequest r, String endpoint, String defaultModel) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("v", VERSION);
    n.put("endpoint", endpoint);
    n.put("model", r.model().isEmpty() ? defaultModel : r.model());
    ArrayNode messages = n.putArray("messages");
    for (ChatMessage m : r.messages()) {
      messages.addArray().add(m.role().wireName()).add(m.content());
    }
    n.put("temperature", r.temperature().orElse(null));
    n.put("top_p", r.topP().orElse(null));
    n.put("seed", r.seed().orElse(null));
    n.put("max_tokens", r.maxTokens().orElse(null));
    ArrayNode stop = n.putArray("stop");
    r.stop().forEach(stop::add);
    n.put("response_format", r.responseFormat().name());
    n.put("json_schema", r.jsonSchema().orElse(null));
    n.put("logprobs", r.logprobs());
    n.put("top_logprobs", r.topLogprobs().orElse(null));
    if (r.trial() > 1) {
      n.put("trial", r.trial());
    }
    return n;
  }

  /** The hex SHA-256 of the canonical request's compact JSON. */
  public static String of(ObjectNode canonical) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(MAPPER.writeValueAsString(canonical).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot hash a cache key", e);
    }
  }

  /** The key of {@code r} sent to {@code endpoint}. */
  public static String of(ChatRequest r, String endpoint, String defaultModel) {
    return of(canonical(r, endpoint, defaultModel));
  }
}
