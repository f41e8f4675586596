package io.clarq.core.toa.llm;

import io.clarq.core.flm.IncompleteTask;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.Asker;
import java.util.Objects;

/**
 * M2 as a language model: one chat turn with an {@link AskerPrompt} (ours or the paper's), temperature 0, at most
 * 96 tokens. The question is the reply's last line that starts with "Question:" (prefix removed), else its first
 * non-blank line; a blank reply is asked as the empty question (the oracle then finds nothing).
 */
public final class LlmAsker implements Asker {
  private static final int MAX_TOKENS = 96;

  private final LlmClient client;
  private final String model;
  private final AskerPrompt template;

  /**
   * @param client the model's client
   * @param model the model name, "" for the client's default
   * @param template the prompt
   */
  public LlmAsker(LlmClient client, String model, AskerPrompt template) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
    this.template = Objects.requireNonNull(template, "template");
  }

  @Override
  public String ask(IncompleteTask task) throws LlmException {
    ChatRequest request = ChatRequest.builder().model(model).user(template.render(task)).temperature(0.0)
        .maxTokens(MAX_TOKENS).build();
    ChatResponse response = client.chat(request);
    client.accept(request, response);
    return question(response.text());
  }

  /** The question in a reply. */
  static String question(String reply) {
    String[] lines = reply.strip().split("\\R");
    for (int i = lines.length - 1; i >= 0; i--) {
      String line = lines[i].strip();
      if (line.regionMatches(true, 0, "question:", 0, 9)) {
        return line.substring(9).strip();
      }
    }
    for (String line : lines) {
      if (!line.isBlank()) {
        return line.strip();
      }
    }
    return "";
  }

  @Override
  public String describe() {
    return "llm:" + (model.isEmpty() ? "default" : model) + ":" + template.label();
  }
}
