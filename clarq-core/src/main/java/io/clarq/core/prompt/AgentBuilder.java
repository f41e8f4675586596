package io.clarq.core.prompt;

import io.clarq.core.llm.LlmClient;
import java.util.Objects;

/**
 * The one way an LLM-backed agent is made: {@code LlmJudge.builder(client).prompts(pack).build()}. The client carries
 * the model and what it can do ({@link LlmClient#model()}, {@link LlmClient#capabilities()}: bind a model with
 * {@link LlmClient#withModel}); the pack carries the words, clarq's own of the agent's layout unless another is given.
 * An agent's own settings (a seeker's mode, an oracle's seed) are further methods of its builder.
 *
 * @param <B> the builder's own type
 * @param <T> the agent it builds
 */
public abstract class AgentBuilder<B extends AgentBuilder<B, T>, T> {
  private final LlmClient client;
  private PromptPack pack;

  /**
   * @param client the model's client
   * @param defaultPack the pack used unless {@link #prompts} gives another; its layout is the one the agent reads
   */
  protected AgentBuilder(LlmClient client, PromptPack defaultPack) {
    this.client = Objects.requireNonNull(client, "client");
    this.pack = Objects.requireNonNull(defaultPack, "defaultPack");
  }

  /**
   * The prompt pack the agent speaks from.
   *
   * @throws IllegalArgumentException when the pack's layout is not one the agent reads, naming both
   */
  public final B prompts(PromptPack other) {
    Objects.requireNonNull(other, "pack");
    if (!accepts(other.layout())) {
      throw new IllegalArgumentException("prompt pack " + other.id() + " is a " + other.layout() + " pack; this "
          + "agent speaks from a " + pack.layout() + " pack");
    }
    this.pack = other;
    return self();
  }

  /** Whether the agent reads packs of {@code layout}; the default, only its default pack's layout. */
  protected boolean accepts(PackLayout layout) {
    return layout == pack.layout();
  }

  /** The client given. */
  public final LlmClient client() {
    return client;
  }

  /** The pack given, or the default. */
  public final PromptPack pack() {
    return pack;
  }

  @SuppressWarnings("unchecked")
  protected final B self() {
    return (B) this;
  }

  /** The agent. */
  public abstract T build();
}
