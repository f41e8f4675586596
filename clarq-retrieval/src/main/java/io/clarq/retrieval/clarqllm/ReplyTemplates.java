package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.task.Language;

/**
 * The offline provider's Response II lines in both languages. None of them carries task content: a reassurance
 * never invents a step, and only the restatement of a repeated question repeats a line the seeker already has.
 */
final class ReplyTemplates {
  private ReplyTemplates() {}

  /** Before the task started, to a line that is not about the task: the pack's apology. */
  static String notAboutTheTask(Language language) {
    return FixedReplies.notAboutTheTask(language);
  }

  /** To a question about the whole task (type 1): positive, without claiming the seeker has everything. */
  static String wholeTask(Language language) {
    return zh(language)
        ? "Jax: 是的，这就是你的任务。如果哪一步还不清楚，可以具体问我。"
        : "Jax: Yes, that is the task. If any step is still unclear to you, ask me about it.";
  }

  /** To a vague question or a detail no line answers (types 3 and 6): a reassurance without new content. */
  static String reassurance(Language language) {
    return zh(language)
        ? "Jax: 别钻牛角尖，这个任务比看上去简单，那些细节不必操心。"
        : "Jax: No need to dig that deep; this task is simpler than it looks, so let those details go.";
  }

  /** To a question that was already answered (type 4): the earlier answer again. */
  static String restatement(Language language, String earlierText) {
    return zh(language) ? "Jax: 我之前说过：" + earlierText : "Jax: As I said before: " + earlierText;
  }

  /** To unrelated chat (type 5): the pack's fixed line. */
  static String unrelated(Language language) {
    return FixedReplies.unrelatedChat(language);
  }

  /** To a goodbye that did not end the dialogue (a lowercase "goodbye" inside a longer line). */
  static String farewell(Language language) {
    return zh(language) ? "Jax: 再见，祝你顺利完成任务。" : "Jax: Goodbye, and good luck with the task.";
  }

  /** To a detail question when no node is available any more: the pack's fixed line. */
  static String enoughInformation(Language language) {
    return FixedReplies.enoughInformation(language);
  }

  private static boolean zh(Language language) {
    return language == Language.CHINESE;
  }
}
