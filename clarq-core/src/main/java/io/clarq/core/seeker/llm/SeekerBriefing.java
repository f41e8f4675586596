package io.clarq.core.seeker.llm;

import io.clarq.core.task.Briefing;
import io.clarq.core.task.Language;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline seeker's briefing, rebuilt from the task's {@link Briefing} as clarq-llm-protocol.md §3 describes:
 * the role in a game and the task to learn from Jax; the items, skills/actions and scenes when present; that they
 * are guaranteed to suffice; to ask clarification questions when Jax is unclear; to say "goodbye" when done.
 */
public final class SeekerBriefing {
  private SeekerBriefing() {}

  /** The briefing text in the task's language. */
  public static String render(Briefing b, Language language) {
    return language == Language.CHINESE ? chinese(b) : english(b);
  }

  private static String english(Briefing b) {
    StringBuilder sb = new StringBuilder("You are a " + b.role() + " in a game. Talk to Jax to find out how to complete"
        + " the task of " + b.task() + " with what you have.\n");
    List<String> what = new ArrayList<>();
    if (!b.items().isEmpty()) {
      sb.append("\nYou carry these items:\n").append(String.join("\n", b.items())).append('\n');
      what.add("your items");
    }
    if (!b.skills().isEmpty()) {
      sb.append("\nYou can use these skills/actions:\n").append(String.join("\n", b.skills())).append('\n');
      what.add("your skills/actions");
    }
    if (!b.scenes().isEmpty()) {
      sb.append("\nUnless a restriction says otherwise, you can go to these scenes in the game:\n")
          .append(String.join("\n", b.scenes())).append('\n');
      what.add(0, "the scenes");
    }
    String listed = joinEnglish(what);
    sb.append("\nAsk Jax how to complete the task of ").append(b.task());
    if (!listed.isEmpty()) {
      sb.append(" using ").append(listed);
    }
    sb.append(". If Jax's answer is unclear or ambiguous, ask clarification questions until you understand what he "
        + "means and have gathered enough information to complete the task.");
    if (!listed.isEmpty()) {
      sb.append(" Rest assured that ").append(listed).append(" listed above are enough to complete the task of ")
          .append(b.task()).append('.');
    }
    sb.append(" Once you know how to complete the task, say \"goodbye\" to Jax to end the conversation.\n")
        .append("Remember, you are a ").append(b.role())
        .append(": talk to Jax and ask him questions to find the concrete steps of the task.");
    return sb.toString();
  }

  private static String chinese(Briefing b) {
    StringBuilder sb = new StringBuilder("你是游戏中的一名" + b.role() + "。你需要和Jax交谈，弄清楚如何利用你现有的东西完成“" + b.task()
        + "”的任务。\n");
    List<String> what = new ArrayList<>();
    if (!b.items().isEmpty()) {
      sb.append("\n你的背包里有这些物品：\n").append(String.join("\n", b.items())).append('\n');
      what.add("你的物品");
    }
    if (!b.skills().isEmpty()) {
      sb.append("\n你会这些技能/动作：\n").append(String.join("\n", b.skills())).append('\n');
      what.add("你的技能/动作");
    }
    if (!b.scenes().isEmpty()) {
      sb.append("\n除非有明确限制，你可以前往游戏中的这些场景：\n").append(String.join("\n", b.scenes())).append('\n');
      what.add(0, "这些场景");
    }
    String listed = String.join("、", what);
    sb.append("\n请向Jax询问如何").append(listed.isEmpty() ? "" : "利用" + listed).append("完成“").append(b.task())
        .append("”的任务。如果Jax的回答不清楚或有歧义，请提出澄清问题，直到理解他的意思并收集到足够完成任务的信息。");
    if (!listed.isEmpty()) {
      sb.append("请放心，上面列出的").append(listed).append("一定足以完成“").append(b.task()).append("”的任务。");
    }
    sb.append("一旦弄清楚如何完成任务，请对Jax说“再见”来结束对话。\n记住，你是").append(b.role())
        .append("：请和Jax交谈，向他提问，找到完成任务的具体步骤。");
    return sb.toString();
  }

  private static String joinEnglish(List<String> parts) {
    if (parts.size() <= 1) {
      return String.join("", parts);
    }
    return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
  }
}
