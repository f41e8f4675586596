package io.clarq.core.prompt;

import io.clarq.core.llm.LlmClient;

/**
 * What every LLM-backed agent shares: the client it talks to (which carries the model) and the pack it speaks from,
 * both from its {@link AgentBuilder}. It reports its pack ({@link #prompts()}) and makes itself again with another
 * ({@link #withPrompts}), everything else unchanged.
 *
 * @param <T> the agent's own type
 */
public abstract class PackAgent<T> implements PromptPackUser<T> {
  private final LlmClient client;
  private final PromptPack pack;

  protected PackAgent(AgentBuilder<?, T> builder) {
    this.client = builder.client();
    this.pack = builder.pack();
  }

  /** The client this agent talks to. */
  protected final LlmClient client() {
    return client;
  }

  /**
   * The seed this agent's client sends with every request whatever the trial ({@link LlmClient#fixedSeed()}: a
   * {@code seed} body field the user set); a run with trials refuses such an agent, whose trials would all be one.
   */
  public final java.util.OptionalLong fixedSeed() {
    return client.fixedSeed();
  }

  /** The model's name for descriptions: the client's model, or "default" for the server's. */
  protected final String modelName() {
    return client.model().isEmpty() ? "default" : client.model();
  }

  @Override
  public final PromptPack prompts() {
    return pack;
  }

  @Override
  public final T withPrompts(PromptPack other) {
    return toBuilder().prompts(other).build();
  }

  /** A builder holding this agent's client, pack and settings. */
  protected abstract AgentBuilder<?, T> toBuilder();
}
