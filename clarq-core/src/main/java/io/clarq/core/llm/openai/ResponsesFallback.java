package io.clarq.core.llm.openai;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The chat client's way to models OpenAI serves only through the Responses API ({@code o3-pro}, {@code gpt-5-pro},
 * the codex models): their chat request is refused with 404 "This model is only supported in v1/responses and not in
 * v1/chat/completions." ({@code type invalid_request_error}, {@code param model}; the body users report, e.g.
 * n8n-io/n8n#18352). Such a model is sent through a Responses API client of the same server, key, headers, body
 * fields and settings for the rest of the client's life, and that is recorded once as a deviation. Thread-safe.
 */
final class ResponsesFallback {
  private static final Pattern ONLY_THERE = Pattern.compile("only supported in v1/responses",
      Pattern.CASE_INSENSITIVE);

  private final Supplier<LlmClient> factory;
  private final Function<String, String> identity;
  private final LlmListener listener;
  private final Set<String> models = ConcurrentHashMap.newKeySet();
  private final Queue<Deviation> made = new ConcurrentLinkedQueue<>();
  private volatile LlmClient client;

  /**
   * @param factory makes the Responses API client, once, when the first model needs it
   * @param identity the identity of a model at the chat client's server, for the deviation
   */
  ResponsesFallback(Supplier<LlmClient> factory, Function<String, String> identity, LlmListener listener) {
    this.factory = factory;
    this.identity = identity;
    this.listener = listener;
  }

  /** Whether {@code error} is the documented refusal of a Responses-only model. */
  static boolean onlyThere(int status, ServerError error) {
    return status == 404 && ONLY_THERE.matcher(error.message()).find();
  }

  /**
   * Switches {@code model} to the Responses API when {@code error} says it is served only there.
   *
   * @return whether the call should go to {@link #chat} now
   */
  boolean switchTo(String model, int status, ServerError error) {
    if (!onlyThere(status, error)) {
      return false;
    }
    if (models.add(model)) {
      // the reason is ours, not the server's words: a deviation is stored in run files, where no echoed secret may go
      Deviation d = new Deviation(identity.apply(model), "sent through the Responses API", "the model is only"
          + " served there (HTTP 404 from chat completions: only supported in v1/responses)");
      made.add(d);
      listener.onDeviation(d);
    }
    return true;
  }

  /** Whether {@code model} goes through the Responses API. */
  boolean serves(String model) {
    return models.contains(model);
  }

  /** Sends {@code request} through the Responses API client. */
  ChatResponse chat(ChatRequest request) throws LlmException {
    return client().chat(request);
  }

  private LlmClient client() {
    LlmClient c = client;
    if (c == null) {
      synchronized (this) {
        c = client;
        if (c == null) {
          c = factory.get();
          client = c;
        }
      }
    }
    return c;
  }

  /** The switches made, then the Responses API client's own deviations (a seed not sent, say). */
  List<Deviation> deviations() {
    List<Deviation> out = new ArrayList<>(made);
    LlmClient c = client;
    if (c != null) {
      out.addAll(c.deviations());
    }
    return out;
  }
}
