package io.clarq.core.clarqllm.seeker.rule;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A seeker that follows fixed rules, deterministic and instant: a baseline and the other half of {@code clarq demo}.
 *
 * <ol>
 *   <li>First turn: asks how to do its task, naming its role and task.
 *   <li>Then it follows up, one topic a turn: the things the provider's latest informative reply mentions (English:
 *       noun phrases and names; Chinese: clauses), then those of earlier replies, then the briefing items no reply
 *       has mentioned yet. A topic is asked once.
 *   <li>It says "Goodbye" (Chinese "再见") when the provider says it has enough information or nothing is left to ask.
 * </ol>
 *
 * <p>Stateless: everything is read from the turn's history, so one instance serves many dialogues at once.
 */
public final class RuleBasedSeeker implements SeekerAgent {
  @Override
  public String name() {
    return "rule-based";
  }

  @Override
  public String next(SeekerTurn turn) {
    Language lang = turn.language();
    Briefing b = turn.briefing();
    if (turn.seekerTurnsSoFar() == 0) {
      return lang == Language.CHINESE
          ? "你好Jax，我是" + b.role() + "。我该怎么完成" + b.task() + "的任务？"
          : "Hello Jax, I am a " + b.role() + ". How do I complete the task of " + b.task() + "?";
    }
    if (FollowUpTopics.stripSpeaker(turn.providerLine())
        .equals(FollowUpTopics.stripSpeaker(FixedReplies.enoughInformation(lang)))) {
      return goodbye(lang);
    }
    List<String> asked = new ArrayList<>();
    List<String> replies = new ArrayList<>();
    for (Utterance u : turn.history()) {
      (u.speaker() == Speaker.SEEKER ? asked : replies).add(u.text().toLowerCase(Locale.ROOT));
    }
    for (String topic : topics(turn, replies)) {
      String t = topic.toLowerCase(Locale.ROOT);
      if (asked.stream().noneMatch(a -> a.contains(t))) {
        return question(lang, topic, b.items().contains(topic));
      }
    }
    return goodbye(lang);
  }

  private static List<String> topics(SeekerTurn turn, List<String> repliesLowered) {
    List<String> out = new ArrayList<>();
    List<Utterance> h = turn.history();
    for (int i = h.size() - 1; i > 0; i--) {
      Utterance u = h.get(i);
      if (u.speaker() == Speaker.PROVIDER && FollowUpTopics.informative(turn.language(), u.text(), turn.briefing())
          && !repeatsEarlierReply(h, i)) {
        out.addAll(FollowUpTopics.of(turn.language(), u.text()));
      }
    }
    for (String item : turn.briefing().items()) {
      String lower = item.toLowerCase(Locale.ROOT);
      if (repliesLowered.stream().noneMatch(r -> r.contains(lower))) {
        out.add(item);
      }
    }
    return out;
  }

  /** A reply that contains an earlier reply says nothing new (a restatement): its wrapper is not a topic. */
  private static boolean repeatsEarlierReply(List<Utterance> h, int at) {
    String text = FollowUpTopics.stripSpeaker(h.get(at).text());
    for (int i = 0; i < at; i++) {
      if (h.get(i).speaker() == Speaker.PROVIDER && text.contains(FollowUpTopics.stripSpeaker(h.get(i).text()))) {
        return true;
      }
    }
    return false;
  }

  private static String question(Language lang, String topic, boolean briefingItem) {
    if (lang == Language.CHINESE) {
      return briefingItem ? "我的" + topic + "有什么用？" : "你说“" + topic + "”，具体该怎么做？";
    }
    String lower = topic.toLowerCase(Locale.ROOT);
    return briefingItem ? "What should I do with the " + lower + "?" : "How do I get or handle " + topic + "?";
  }

  private static String goodbye(Language lang) {
    return lang == Language.CHINESE ? "再见" : "Goodbye";
  }
}
