package io.clarq.eval.run;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenUsage;
import java.util.Objects;

/**
 * Wraps the model client of a seeker or provider so the runner can tell what each turn cost: every call made while
 * the runner waits for an agent's utterance is counted into that turn (calls and tokens), on the calling thread.
 * Agents whose clients are not wrapped still run; their turns record the calls the provider reports and no tokens.
 */
public final class MeteredLlmClient implements LlmClient {
  private static final ThreadLocal<Tally> CURRENT = new ThreadLocal<>();

  private final LlmClient delegate;

  public MeteredLlmClient(LlmClient delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public ChatResponse chat(ChatRequest request) throws LlmException {
    ChatResponse response = delegate.chat(request);
    Tally tally = CURRENT.get();
    if (tally != null) {
      tally.calls++;
      tally.usage = tally.usage.plus(response.usage());
    }
    return response;
  }

  @Override
  public void close() {
    delegate.close();
  }

  /** Starts counting the calls this thread makes, until {@link Tally#close()}. */
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
