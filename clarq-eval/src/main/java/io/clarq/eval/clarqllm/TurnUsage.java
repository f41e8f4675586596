package io.clarq.eval.clarqllm;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.TokenUsage;
import java.util.ArrayList;
import java.util.List;

/**
 * Tells the runner what each turn cost. Give {@link #listener()} to the model clients of the seeker and provider
 * ({@code LlmClients.fromSpec(spec, env, TurnUsage.listener())}, or wrap another client in
 * {@code io.clarq.core.llm.usage.MeteredLlmClient}): every reply (live or from the cache) that arrives while the
 * runner waits for an agent's utterance is counted into that turn, calls and tokens, on the calling thread, and its
 * reasoning ({@link ChatResponse#reasoning()}) is kept beside the utterance. The same listener hears the clients'
 * {@link Deviation}s from the reference protocol, which the run records. Turns of agents whose clients do not report
 * record the calls the provider states and no tokens.
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

    @Override
    public void onDeviation(Deviation deviation) {
      Tally tally = CURRENT.get();
      if (tally != null) {
        tally.deviations.add(deviation);
      }
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
      if (!response.reasoning().isEmpty()) {
        tally.reasoning.add(response.reasoning());
      }
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
    private final List<String> reasoning = new ArrayList<>();
    private final List<Deviation> deviations = new ArrayList<>();

    private Tally(Tally outer) {
      this.outer = outer;
    }

    int calls() {
      return calls;
    }

    TokenUsage usage() {
      return usage;
    }

    /** The reasoning of the turn's replies, in order, blank lines between; empty when none had any. */
    String reasoning() {
      return String.join("\n\n", reasoning);
    }

    /** The deviations clients reported during the turn. */
    List<Deviation> deviations() {
      return List.copyOf(deviations);
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
