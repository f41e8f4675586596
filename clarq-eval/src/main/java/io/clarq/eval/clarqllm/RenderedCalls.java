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
  /**
   * The reply every rendering client gives: an asking agent's action asking a short question (JSON, as clarq's asking
   * agents answer), which an agent reading free text takes as its question.
   */
  public static final String REPLY = "{\"action\": \"ask\", \"text\": \"Which detail is missing?\"}";

  private final List<Call> calls = new ArrayList<>();

  /**
   * One rendered request.
   *
   * @param source who sent it: the option that named its model ("--generator")
   * @param model the model it names
   * @param inputTokens the estimated tokens of its messages
   * @param maxTokens its {@code max_tokens}, 0 when it sets none
   * @param replies how many of its messages are the model's earlier replies (a retry's conversation)
   */
  public record Call(String source, String model, long inputTokens, int maxTokens, int replies) {
    public Call {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(model, "model");
      if (inputTokens < 0 || maxTokens < 0 || replies < 0) {
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

  /**
   * A client of {@code model} that records each request here as sent by {@code source} and answers {@link #REPLY};
   * it calls no model.
   */
  public LlmClient client(String source, String model) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(model, "model");
    return new LlmClient() {
      @Override
      public ChatResponse chat(ChatRequest request) {
        long tokens = 0;
        int replies = 0;
        for (ChatMessage m : request.messages()) {
          tokens += TokenEstimate.tokens(m.content());
          replies += m.role() == ChatMessage.Role.ASSISTANT ? 1 : 0;
        }
        add(new Call(source, request.model().isEmpty() ? model : request.model(), tokens,
            request.maxTokens().orElse(0), replies));
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
