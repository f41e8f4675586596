package io.clarq.core.clarqllm.provider;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.prompt.PromptPack;
import java.util.Locale;

/**
 * The provider's fixed lines, from clarq's own {@link PromptPack} (its own words, serving the reference's four roles;
 * recordings made with another pack are read with that pack's lines), and the "Jax: " speaker prefix rules.
 */
public final class FixedReplies {
  /** The provider's speaker prefix. */
  public static final String PREFIX = "Jax: ";

  private FixedReplies() {}

  /** The opening line the provider always starts with (clarq's own prompt pack). */
  public static String opening(Language language) {
    return PromptPack.clarq().fixed("opening", language);
  }

  /** The reply to a detail question when no node is available any more. */
  public static String enoughInformation(Language language) {
    return PromptPack.clarq().fixed("enough_info", language);
  }

  /** The relevance gate's apology when the seeker's first lines are not about the task. */
  public static String notAboutTheTask(Language language) {
    return PromptPack.clarq().fixed("gate_unrelated", language);
  }

  /** The fixed Response II to unrelated chat (type 5), which tells the seeker how to end. */
  public static String unrelatedChat(Language language) {
    return PromptPack.clarq().fixed("type5_unrelated", language);
  }

  /** Prefixes "Jax: " unless the text already starts with "jax:" (any case). */
  public static String withPrefix(String text) {
    String t = text.strip();
    return t.toLowerCase(Locale.ROOT).startsWith("jax:") ? t : PREFIX + t;
  }

  /** Removes a leading "jax:" (any case) and the white space around the rest, as the reference's consumers do. */
  public static String stripPrefix(String text) {
    String t = text.strip();
    if (t.length() >= 4 && t.substring(0, 4).equalsIgnoreCase("jax:")) {
      t = t.substring(4).strip();
    }
    return t;
  }
}
