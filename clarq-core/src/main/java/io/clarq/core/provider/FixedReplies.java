package io.clarq.core.provider;

import io.clarq.core.task.Language;
import java.util.Locale;

/** The reference provider's fixed lines and its "Jax: " speaker prefix. */
public final class FixedReplies {
  /** The provider's speaker prefix. */
  public static final String PREFIX = "Jax: ";

  private FixedReplies() {}

  /** The opening line the provider always starts with. */
  public static String opening(Language language) {
    return language == Language.CHINESE ? "Jax: 有什么可以帮助你？" : "Jax: what can help you?";
  }

  /** The reply to a detail question when no node is available any more. */
  public static String enoughInformation(Language language) {
    return language == Language.CHINESE
        ? "Jax: 你已经收集到足够完成任务的信息。"
        : "Jax: You have already collected enough information to complete the task.";
  }

  /** The relevance gate's apology when the seeker's first lines are not about the task (reference wording). */
  public static String notAboutTheTask(Language language) {
    return language == Language.CHINESE
        ? "Jax: 抱歉，我可能没有理解你的诉求，而且与任务无关的事情我不太清楚。"
        : "Jax: I am sorry, I might not have understood your request, and I am not very clear on matters unrelated"
            + " to the task.";
  }

  /** The fixed Response II to unrelated chat (type 5), which tells the seeker how to end (reference wording). */
  public static String unrelatedChat(Language language) {
    return language == Language.CHINESE
        ? "Jax: 抱歉，我可能没有理解你的诉求，而且与任务无关的事情我不太清楚。如果你想结束对话，你可以和我说再见。"
        : "Jax: I am sorry, I might not have understood your request, and I am not very clear on matters unrelated"
            + " to the task. If you want to end the conversation, you can said Goodbye to me.";
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
