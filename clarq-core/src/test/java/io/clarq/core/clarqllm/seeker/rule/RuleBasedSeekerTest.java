package io.clarq.core.clarqllm.seeker.rule;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Utterance;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleBasedSeekerTest {
  private static final Briefing EN = new Briefing("lighthouse keeper", "relighting the lighthouse",
      List.of("Brass lantern", "Empty purse"), List.of(), List.of("Stone Bridge", "Harbour Market"));
  private static final Briefing ZH = new Briefing("守塔人", "重新点亮灯塔", List.of("铜灯笼"), List.of(),
      List.of("石桥", "港口集市"));
  private final RuleBasedSeeker seeker = new RuleBasedSeeker();

  private static SeekerTurn turn(Language language, Briefing b, String... lines) {
    List<Utterance> h = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      h.add(i % 2 == 0 ? Utterance.provider(lines[i]) : Utterance.seeker(lines[i]));
    }
    return new SeekerTurn("dialogue-1", language, b, h);
  }

  @Test
  void testFirstTurnAsksAboutTheTask() {
    assertThat(seeker.next(turn(Language.ENGLISH, EN, "Jax: what can help you?")))
        .isEqualTo("Hello Jax, I am a lighthouse keeper. How do I complete the task of relighting the lighthouse?");
    assertThat(seeker.next(turn(Language.CHINESE, ZH, "Jax: 有什么可以帮助你？")))
        .isEqualTo("你好Jax，我是守塔人。我该怎么完成重新点亮灯塔的任务？");
  }

  @Test
  void testFollowsUpOnTheNounsOfTheLastReply() {
    String next = seeker.next(turn(Language.ENGLISH, EN, "Jax: what can help you?", "How?",
        "Jax: A troll guards the Stone Bridge and asks a toll of three silver coins."));
    assertThat(next).isEqualTo("How do I get or handle troll?");
  }

  @Test
  void testAsksEachTopicOnceThenMovesOn() {
    String next = seeker.next(turn(Language.ENGLISH, EN, "Jax: what can help you?", "How?",
        "Jax: A troll guards the Stone Bridge.", "How do I get or handle troll?",
        "Jax: You are overthinking it.", "How do I get or handle Stone Bridge?", "Jax: Do not worry."));
    assertThat(next).isEqualTo("What should I do with the brass lantern?");
  }

  @Test
  void testChineseFollowsUpOnClauses() {
    String next = seeker.next(turn(Language.CHINESE, ZH, "Jax: 有什么可以帮助你？", "怎么做？",
        "Jax: 一只巨魔守着石桥，只有交三枚银币才放人过桥。"));
    assertThat(next).isEqualTo("你说“一只巨魔守着石桥”，具体该怎么做？");
  }

  @Test
  void testRestatementGivesNoNewTopic() {
    String next = seeker.next(turn(Language.ENGLISH, EN, "Jax: what can help you?", "How?",
        "Jax: Cross the Stone Bridge.", "How do I get or handle Stone Bridge?",
        "Jax: As I said before: Cross the Stone Bridge."));
    assertThat(next).isEqualTo("What should I do with the brass lantern?").doesNotContain("As I");
  }

  @Test
  void testSaysGoodbyeOnEnoughInformationOrWhenNothingIsLeft() {
    assertThat(seeker.next(turn(Language.ENGLISH, EN, "Jax: what can help you?", "How?",
        FixedReplies.enoughInformation(Language.ENGLISH)))).isEqualTo("Goodbye");
    assertThat(seeker.next(turn(Language.CHINESE, ZH, "Jax: 有什么可以帮助你？", "怎么做？", "Jax: 不用担心。",
        "我的铜灯笼有什么用？", "Jax: 不用担心。"))).isEqualTo("再见");
  }
}
