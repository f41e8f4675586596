package io.clarq.eval.clarqllm;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The requests a run's agents would send, rendered without a model: every {@link #client client} made on it answers
 * at once with a fixed reply and records the request's size here. A dry run builds the run's real agents on such
 * clients and lets them make their calls for the selected items, so that a forecast counts the calls the code makes
 * and measures the prompts it would send ({@link TokenEstimate}) instead of guessing them.
 */
public final class RenderedCalls {
  /** The reply every rendering client gives: a short question, so that an agent that parses one reads it. */
  public static final String REPLY = "Which detail is missing?";

  private final List<Call> calls = new ArrayList<>();

  /**
   * One rendered request.
   *
   * @param model the model it names
   * @param inputTokens the estimated tokens of its messages
   * @param maxTokens its {@code max_tokens}, 0 when it sets none
   */
  public record Call(String model, long inputTokens, int maxTokens) {
    public Call {
      Objects.requireNonNull(model, "model");
      if (inputTokens < 0 || maxTokens < 0) {
        throw new IllegalArgumentException("illegal rendered call: " + inputTokens + " input tokens, max_tokens "
            + maxTokens);
      }
    }
  }

  /** The calls rendered since the last {@link #take}, in order, and forgets them. */
  public synchronized List<Call> take() {
    List<Call> taken = List.copyOf(calls);
    calls.clear();
    return taken;
  }

  private synchronized void add(Call c) {
    calls.add(c);
  }

  /** A client of {@code model} that records each request here and answers {@link #REPLY}; it calls no model. */
  public LlmClient client(String model) {
    Objects.requireNonNull(model, "model");
    return new LlmClient() {
      @Override
      public ChatResponse chat(ChatRequest request) {
        long tokens = 0;
        for (ChatMessage m : request.messages()) {
          tokens += TokenEstimate.tokens(m.content());
        }
        add(new Call(request.model().isEmpty() ? model : request.model(), tokens, request.maxTokens().orElse(0)));
        return ChatResponse.ofText(REPLY);
      }

      @Override
      public String model() {
        return model;
      }

      @Override
      public void close() {}
    };
  }
}
