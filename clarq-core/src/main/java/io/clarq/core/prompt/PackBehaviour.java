package io.clarq.core.prompt;

/**
 * How the agents read model replies and apply the reference's text rules with a {@link PromptPack}. The prompts
 * themselves always come from the pack; these are the few decisions that differ between the paper's code and clarq's
 * own, stricter choices.
 */
public enum PackBehaviour {
  /**
   * The reference code's decisions, for byte-identical traffic: one call per question (no second try); JSON replies
   * read as Python's {@code json.loads} and truthiness would read them ({@code "false"} is a yes, a missing field or
   * a reply that is not one JSON object is <em>unparsed</em> and fails the dialogue, never guessed); the "Jax: "
   * prefix rule checks the reply before stripping it; a merge reply that cannot be read is unparsed.
   */
  REFERENCE,
  /**
   * clarq's own choices: yes/no fields must be booleans (or yes/no words) and a reply that cannot be read is asked
   * once more with a reminder before it counts as unparsed; the "Jax: " prefix rule strips the reply first; an
   * unreadable merge falls back to the connector join.
   */
  CLARQ;

  /** The name used in {@code pack.json} and {@code run-config.json}: "reference" or "clarq". */
  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
