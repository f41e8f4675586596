package io.clarq.eval.run;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.TokenUsage;

/**
 * Tells the runner what each turn cost. Give {@link #listener()} to the model clients of the seeker and provider
 * ({@code LlmClients.fromSpec(spec, env, TurnUsage.listener())}, or wrap another client in
 * {@code io.clarq.core.llm.usage.MeteredLlmClient}): every reply (live or from the cache) that arrives while the
 * runner waits for an agent's utterance is counted into that turn, calls and tokens, on the calling thread. Turns of
 * agents whose clients do not report record the calls the provider states and no tokens.
 */
public final class TurnUsage {
  private static final ThreadLocal<Tally> CURRENT = new ThreadLocal<>();

  private static final LlmListener LISTENER = new LlmListener() {
    @Override
    public void onResponse(ChatRequest request, ChatResponse response) {
      count(response);
    }

    @Override
    public void onCacheHit(ChatRequest request, ChatResponse response) {
      count(response);
    }
  };

  private TurnUsage() {}

  /** The listener to give the agents' clients. */
  public static LlmListener listener() {
    return LISTENER;
  }

  private static void count(ChatResponse response) {
    Tally tally = CURRENT.get();
    if (tally != null) {
      tally.calls++;
      tally.usage = tally.usage.plus(response.usage());
    }
  }

  /** Starts counting the replies this thread receives, until {@link Tally#close()}. */
  static Tally open() {
    Tally t = new Tally(CURRENT.get());
    CURRENT.set(t);
    return t;
  }

  /** The calls and tokens of one turn. */
  static final class Tally implements AutoCloseable {
    private final Tally outer;
    private int calls;
    private TokenUsage usage = TokenUsage.ZERO;

    private Tally(Tally outer) {
      this.outer = outer;
    }

    int calls() {
      return calls;
    }

    TokenUsage usage() {
      return usage;
    }

    @Override
    public void close() {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }
}
