package io.clarq.core.toa.llm;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.toa.PrimaryModel;
import java.util.Map;

/**
 * M1 as a language model, with the spec's short-answer instruction (the pack's {@code primary/answer} template):
 * temperature 0, at most 32 tokens; the answer is the reply's first non-blank line, with a leading "Answer:" removed.
 * A reply with no answer in it (empty, blank, only "Answer:") is an unparsed reply ({@link
 * io.clarq.core.llm.LlmUnparsedReplyException}), never scored as an empty answer.
 */
public final class LlmPrimaryModel extends PackAgent<LlmPrimaryModel> implements PrimaryModel {
  private static final int MAX_TOKENS = 32;

  private LlmPrimaryModel(Builder b) {
    super(b);
  }

  /** A builder for a primary model on this client (its model); default pack clarq's own TOA pack. */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  /** The prompt for a question and a rendered context. */
  public String prompt(String question, String context) {
    return prompts().render("primary/answer", Map.of("question", question, "context", context));
  }

  @Override
  public String answer(String question, String context) throws LlmException {
    ChatRequest request = ChatRequest.builder().model(client().model()).user(prompt(question, context))
        .temperature(0.0).maxTokens(MAX_TOKENS).build();
    return StructuredAsk.text(client(), request, "primary model answer", LlmPrimaryModel::shortAnswer);
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts());
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
    return "llm:" + modelName();
  }

  /** Makes an {@link LlmPrimaryModel}: a client and a TOA pack. */
  public static final class Builder extends AgentBuilder<Builder, LlmPrimaryModel> {
    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.TOA));
    }

    @Override
    public LlmPrimaryModel build() {
      return new LlmPrimaryModel(this);
    }
  }
}
