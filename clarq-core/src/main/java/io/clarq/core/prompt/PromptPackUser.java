package io.clarq.core.prompt;

/**
 * An agent that draws its words from a {@link PromptPack}. A run applies its pack to every such agent, so that the
 * pack recorded in {@code run-config.json} is the one every prompt came from.
 *
 * @param <T> the agent's own type
 */
public interface PromptPackUser<T> {
  /** The pack this agent speaks from. */
  PromptPack prompts();

  /** This agent with another pack, everything else unchanged (this one is not modified). */
  T withPrompts(PromptPack pack);
}
