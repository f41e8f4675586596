package io.clarq.core.testing;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An in-process {@link LlmClient} whose replies come from a script; it records every request it saw. */
public final class ScriptedLlmClient implements LlmClient {
  /** Decides the reply text for a request. */
  @FunctionalInterface
  public interface Script {
    String reply(ChatRequest request) throws LlmException;
  }

  private final Script script;
  private final List<ChatRequest> requests = Collections.synchronizedList(new ArrayList<>());

  public ScriptedLlmClient(Script script) {
    this.script = script;
  }

  /** Replies with the given texts in order, then fails. */
  public static ScriptedLlmClient replying(String... replies) {
    List<String> queue = Collections.synchronizedList(new ArrayList<>(List.of(replies)));
    return new ScriptedLlmClient(r -> {
      if (queue.isEmpty()) {
        throw new LlmException("scripted client: no reply left for request " + r);
      }
      return queue.remove(0);
    });
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    requests.add(request);
    return ChatResponse.ofText(script.reply(request));
  }

  /** Every request seen, in order. */
  public List<ChatRequest> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }
}
