package io.clarq.core.toa.llm;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.toa.PrimaryModel;
import java.util.Objects;

/**
 * M1 as a language model, with the spec's short-answer instruction "Answer in as few words as possible": temperature
 * 0, at most 32 tokens; the answer is the reply's first non-blank line, with a leading "Answer:" removed. A reply
 * with no answer in it (empty, blank, only "Answer:") is an unparsed reply ({@link
 * io.clarq.core.llm.LlmUnparsedReplyException}), never scored as an empty answer.
 */
public final class LlmPrimaryModel implements PrimaryModel {
  /** The instruction the spec prescribes. */
  public static final String INSTRUCTION = "Answer in as few words as possible.";
  private static final int MAX_TOKENS = 32;

  private final LlmClient client;
  private final String model;

  /**
   * @param client the model's client
   * @param model the model name, "" for the client's default
   */
  public LlmPrimaryModel(LlmClient client, String model) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
  }

  /** The prompt for a question and a rendered context. */
  public static String prompt(String question, String context) {
    return "Context:\n" + context + "\n\nQuestion: " + question + "\n" + INSTRUCTION + "\nAnswer:";
  }

  @Override
  public String answer(String question, String context) throws LlmException {
    ChatRequest request = ChatRequest.builder().model(model).user(prompt(question, context)).temperature(0.0)
        .maxTokens(MAX_TOKENS).build();
    return StructuredAsk.text(client, request, "primary model answer", LlmPrimaryModel::shortAnswer);
  }

  static String shortAnswer(String reply) {
    for (String line : reply.strip().split("\\R")) {
      String l = line.strip();
      if (l.regionMatches(true, 0, "answer:", 0, 7)) {
        l = l.substring(7).strip();
      }
      if (!l.isEmpty()) {
        return l;
      }
    }
    return "";
  }

  @Override
  public String describe() {
    return "llm:" + (model.isEmpty() ? "default" : model);
  }
}
