package io.clarq.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmFieldRefusedException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.wire.OpenAiWire;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request body a client sends to one server, per model, with the adaptations that server asked for and the
 * user's own body fields; thread-safe. A server that refuses a field with its documented error gets the request
 * adapted once for that model: {@code temperature} left out, {@code max_tokens} sent as
 * {@code max_completion_tokens}, the system prompt sent as a {@code developer} message or inside the first user
 * message, any other field it names left out. The adaptation holds for the client's lifetime and is reported once
 * as a {@link Deviation}; so is each user body field ({@code --llm-param}). With no adaptation and no user field the
 * body is exactly {@link OpenAiWire#requestBody}.
 */
final class RequestAdapter {
  /** Adaptations a call may make at most, one after another (each is a new refusal of another field). */
  static final int MAX_STEPS = 8;

  /** How the system prompt goes out. */
  enum SystemRole { SYSTEM, DEVELOPER, USER }

  /** One model's adaptations; immutable. */
  record State(boolean omitTemperature, boolean maxCompletionTokens, SystemRole system, Set<String> dropped) {
    static final State NONE = new State(false, false, SystemRole.SYSTEM, Set.of());

    State {
      dropped = Set.copyOf(dropped);
    }
  }

  // the words servers use when they refuse a field outright, rather than a value being out of range:
  // OpenAI "Unsupported parameter"/"Unsupported value" (codes unsupported_parameter, unsupported_value), Azure
  // "Unrecognized request argument supplied", vLLM (pydantic) "Extra inputs are not permitted" (extra_forbidden),
  // TGI "`temperature` must be strictly positive"
  private static final Pattern REFUSAL_WORDS = Pattern.compile(
      "unsupported|not supported|does not support|unrecognized|unknown (field|parameter|argument)|not permitted"
          + "|not allowed|extra_forbidden|extra inputs|must be strictly positive", Pattern.CASE_INSENSITIVE);
  private static final Set<String> REFUSAL_CODES = Set.of("unsupported_parameter", "unsupported_value",
      "unknown_parameter", "extra_forbidden");
  private static final Pattern QUOTED = Pattern.compile("[`'\"]([A-Za-z_][A-Za-z0-9_]*)[`'\"]");
  private static final Pattern UNRECOGNIZED = Pattern.compile("argument supplied: ([A-Za-z_][A-Za-z0-9_]*)");
  // OpenAI o1-mini: param "messages[0].role", "does not support 'system' with this model"; chat templates that
  // have no system turn (Gemma on vLLM: "System role not supported")
  private static final Pattern ROLE_PARAM = Pattern.compile("messages\\[\\d+]\\.role");
  private static final Pattern SYSTEM_REFUSED = Pattern.compile(
      "system role not supported|'system' with this model|does not support 'system'|system (role|messages?) (is )?"
          + "not (supported|allowed)", Pattern.CASE_INSENSITIVE);
  private static final String SYSTEM_FIELD = "system role";

  private final OpenAiApi api;
  private final Map<String, JsonNode> params;
  private final Function<String, String> identity;
  private final LlmListener listener;
  private final ConcurrentHashMap<String, State> byModel = new ConcurrentHashMap<>();
  private final Set<String> reported = ConcurrentHashMap.newKeySet();
  private final java.util.Queue<Deviation> made = new java.util.concurrent.ConcurrentLinkedQueue<>();

  /**
   * @param params the user's body fields ({@code NullNode} drops one)
   * @param identity the identity of a model at this server, for deviations
   */
  RequestAdapter(Map<String, JsonNode> params, Function<String, String> identity, LlmListener listener) {
    this(OpenAiApi.CHAT_COMPLETIONS, params, identity, listener);
  }

  /** An adapter of {@code api}'s bodies; what the API cannot send is reported once per model as a deviation. */
  RequestAdapter(OpenAiApi api, Map<String, JsonNode> params, Function<String, String> identity,
      LlmListener listener) {
    this.api = api;
    this.params = Map.copyOf(params);
    this.identity = identity;
    this.listener = listener;
  }

  /** The model's adaptations so far. */
  State state(String model) {
    return byModel.getOrDefault(model, State.NONE);
  }

  /**
   * The body for {@code r} under {@code s}; reports the user's body fields for the model the first time.
   *
   * @throws IllegalArgumentException when the request's JSON schema is not JSON
   */
  ObjectNode body(ChatRequest r, String model, String defaultModel, State s) {
    ObjectNode body = api.body(r, defaultModel);
    api.unsent(r).forEach((name, why) -> report(model, name, why));
    if (s.equals(State.NONE) && params.isEmpty()) {
      return body;
    }
    if (s.omitTemperature()) {
      body.remove("temperature");
    }
    if (s.maxCompletionTokens() && body.has("max_tokens")) {
      body = renamed(body, "max_tokens", "max_completion_tokens");
    }
    for (String f : s.dropped()) {
      body.remove(f);
    }
    if (s.system() != SystemRole.SYSTEM) {
      moveSystem((ArrayNode) body.get("messages"), s.system());
    }
    for (Map.Entry<String, JsonNode> p : params.entrySet()) {
      if (p.getValue().isNull()) {
        body.remove(p.getKey());
      } else {
        body.set(p.getKey(), p.getValue().deepCopy());
      }
      report(model, p.getValue().isNull() ? p.getKey() + " dropped"
          : p.getKey() + " set to " + p.getValue(), "--llm-param");
    }
    return body;
  }

  // keeps the field's place, so the body reads as the original with one name changed
  private static ObjectNode renamed(ObjectNode body, String from, String to) {
    ObjectNode out = body.objectNode();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.set(e.getKey().equals(from) ? to : e.getKey(), e.getValue());
    }
    return out;
  }

  private static void moveSystem(ArrayNode messages, SystemRole to) {
    if (to == SystemRole.DEVELOPER) {
      for (JsonNode m : messages) {
        if ("system".equals(m.path("role").asText())) {
          ((ObjectNode) m).put("role", "developer");
        }
      }
      return;
    }
    // USER: the system texts, joined, open the first user message (or become one where the first system was)
    List<String> system = new ArrayList<>();
    int firstSystem = -1;
    for (int i = messages.size() - 1; i >= 0; i--) {
      if ("system".equals(messages.get(i).path("role").asText())) {
        system.add(0, messages.get(i).path("content").asText(""));
        messages.remove(i);
        firstSystem = i;
      }
    }
    if (system.isEmpty()) {
      return;
    }
    String text = String.join("\n\n", system);
    for (JsonNode m : messages) {
      if ("user".equals(m.path("role").asText())) {
        ((ObjectNode) m).put("content", text + "\n\n" + m.path("content").asText(""));
        return;
      }
    }
    messages.insertObject(firstSystem).put("role", "user").put("content", text);
  }

  /**
   * Adapts the model's requests to a refusal of the body {@code sent} under {@code used}, if the error is one.
   *
   * @return whether the call should be sent again at once (adapted now, or by another call since {@code used})
   * @throws LlmFieldRefusedException when the server refuses a field it was already adapted for, or one the user
   *     set
   */
  boolean adapt(String model, State used, ObjectNode sent, int status, ServerError error, String message)
      throws LlmFieldRefusedException {
    if (status != 400 && status != 422) {
      return false;
    }
    String field = refusedField(sent, error, used);
    if (field == null) {
      return false;
    }
    if (params.containsKey(field)) {
      throw new LlmFieldRefusedException(message + " (the server refuses body field " + field + ", set by"
          + " --llm-param: change or drop it)", status, field);
    }
    State next = next(used, field, error);
    if (next == null) {
      throw new LlmFieldRefusedException(message + " (the server refuses " + field + " again after the request was"
          + " adapted to it once: not retried)", status, field);
    }
    State[] before = new State[1];
    State now = byModel.merge(model, next, (cur, n) -> {
      before[0] = cur;
      State merged = next(cur, field, error);
      return merged == null ? cur : merged;
    });
    if (before[0] == null || !before[0].equals(now)) {
      report(model, deviationName(field, next), reason(field, sent, status, error));
    }
    return true;
  }

  // the field a refusal names, if it is one the body holds and the error refuses outright
  private static String refusedField(ObjectNode sent, ServerError error, State used) {
    String all = error.message() + " " + error.param();
    if ((ROLE_PARAM.matcher(error.param()).matches() && all.contains("system"))
        || SYSTEM_REFUSED.matcher(error.message()).find()) {
      return hasRole(sent, "system") || hasRole(sent, "developer") || used.system() == SystemRole.USER
          ? SYSTEM_FIELD : null;
    }
    boolean refusal = REFUSAL_CODES.contains(error.code()) || REFUSAL_CODES.contains(error.type())
        || REFUSAL_WORDS.matcher(error.message()).find();
    if (!refusal) {
      return null;
    }
    if (!error.param().isEmpty() && isField(sent, error.param())) {
      return error.param();
    }
    for (Pattern p : List.of(QUOTED, UNRECOGNIZED)) {
      Matcher m = p.matcher(error.message());
      while (m.find()) {
        if (isField(sent, m.group(1))) {
          return m.group(1);
        }
      }
    }
    return null;
  }

  private static boolean isField(ObjectNode body, String name) {
    return body.has(name) && !name.equals("model") && !name.equals("messages");
  }

  private static boolean hasRole(ObjectNode body, String role) {
    for (JsonNode m : body.path("messages")) {
      if (role.equals(m.path("role").asText())) {
        return true;
      }
    }
    return false;
  }

  // the state after adapting to a refusal of field, or null when there is nothing left to adapt
  private static State next(State s, String field, ServerError error) {
    switch (field) {
      case SYSTEM_FIELD -> {
        // OpenAI's own models take a developer message; other servers' chat templates know only user/assistant
        SystemRole to = s.system() == SystemRole.SYSTEM && ROLE_PARAM.matcher(error.param()).matches()
            ? SystemRole.DEVELOPER : s.system() == SystemRole.USER ? null : SystemRole.USER;
        return to == null ? null : new State(s.omitTemperature(), s.maxCompletionTokens(), to, s.dropped());
      }
      case "temperature" -> {
        return s.omitTemperature() ? null : new State(true, s.maxCompletionTokens(), s.system(), s.dropped());
      }
      case "max_tokens" -> {
        if (!s.maxCompletionTokens() && (error.message().contains("max_completion_tokens")
            || error.is("unsupported_parameter"))) {
          return new State(s.omitTemperature(), true, s.system(), s.dropped());
        }
        return dropping(s, field);
      }
      case "max_completion_tokens" -> {
        return s.maxCompletionTokens() ? null : dropping(s, field);
      }
      default -> {
        return dropping(s, field);
      }
    }
  }

  private static State dropping(State s, String field) {
    if (s.dropped().contains(field)) {
      return null;
    }
    Set<String> d = new TreeSet<>(s.dropped());
    d.add(field);
    return new State(s.omitTemperature(), s.maxCompletionTokens(), s.system(), d);
  }

  private static String deviationName(String field, State next) {
    return switch (field) {
      case SYSTEM_FIELD -> next.system() == SystemRole.DEVELOPER ? "system prompt sent as developer message"
          : "system prompt sent in the first user message";
      case "max_tokens" -> next.maxCompletionTokens() && !next.dropped().contains("max_tokens")
          ? "max_tokens sent as max_completion_tokens" : "max_tokens omitted";
      default -> field + " omitted";
    };
  }

  private static String reason(String field, ObjectNode sent, int status, ServerError error) {
    String http = "HTTP " + status + (error.codeOrType().isEmpty() ? "" : " " + error.codeOrType());
    return switch (field) {
      case SYSTEM_FIELD -> "the model refuses the system role (" + http + ")";
      case "temperature" -> "the model refuses temperature " + (sent.path("temperature").isNumber()
          ? sent.path("temperature").decimalValue().stripTrailingZeros().toPlainString()
          : sent.path("temperature").asText()) + " (" + http + ")";
      default -> "the model refuses " + field + " (" + http + ")";
    };
  }

  private void report(String model, String name, String reason) {
    if (reported.add(model + "\u0000" + name)) {
      Deviation d = new Deviation(identity.apply(model), name, reason);
      made.add(d);
      listener.onDeviation(d);
    }
  }

  /** Every deviation reported so far, in the order first made. */
  java.util.List<Deviation> deviations() {
    return java.util.List.copyOf(made);
  }
}
