package io.clarq.core.toa.llm;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.flm.IncompleteTask;

/**
 * M2 as a language model: one chat turn with an {@link AskerPrompt} (ours or the paper's, from a pack), temperature
 * 0, at most 96 tokens. The question is the reply's last line that starts with "Question:" (prefix removed), else its
 * first non-blank line; a blank reply is asked as the empty question (the oracle then finds nothing).
 */
public final class LlmAsker extends PackAgent<LlmAsker> implements Asker {
  private static final int MAX_TOKENS = 96;

  private final AskerPrompt template;

  private LlmAsker(Builder b) {
    super(b);
    this.template = b.prompt;
  }

  /**
   * A builder for an asker on this client (its model); default prompt {@link AskerTemplate#DIRECT} in clarq's own TOA
   * pack.
   */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  /** The prompt this asker sends. */
  public AskerPrompt prompt() {
    return template;
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompt(template);
  }

  @Override
  public String ask(IncompleteTask task) throws LlmException {
    ChatRequest request = ChatRequest.builder().model(client().model()).user(template.render(task)).temperature(0.0)
        .maxTokens(MAX_TOKENS).build();
    ChatResponse response = client().chat(request);
    client().accept(request, response);
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
    return "llm:" + modelName() + ":" + template.label();
  }

  /**
   * Makes an {@link LlmAsker}: a client and a pack, with the prompt chosen in it. {@link #prompts} takes a TOA pack
   * (the prompt becomes the same template of it) or a TOA asker pack (its one prompt).
   */
  public static final class Builder extends AgentBuilder<Builder, LlmAsker> {
    private AskerPrompt prompt = AskerTemplate.DIRECT;

    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.TOA));
    }

    @Override
    protected boolean accepts(PackLayout layout) {
      return layout == PackLayout.TOA || layout == PackLayout.TOA_ASKER;
    }

    /** The prompt, with the pack it comes from (default {@link AskerTemplate#DIRECT}, clarq's own). */
    public Builder prompt(AskerPrompt p) {
      this.prompt = java.util.Objects.requireNonNull(p, "prompt");
      return prompts(p.pack());
    }

    @Override
    public LlmAsker build() {
      if (!prompt.pack().equals(pack())) {
        prompt = prompt.in(pack());
      }
      return new LlmAsker(this);
    }
  }
}
