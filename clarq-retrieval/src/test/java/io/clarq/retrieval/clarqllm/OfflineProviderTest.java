package io.clarq.retrieval.clarqllm;

import static io.clarq.retrieval.clarqllm.TestTasks.ids;
import static io.clarq.retrieval.clarqllm.TestTasks.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OfflineProviderTest {
  private final OfflineProvider provider = new OfflineProvider();
  private final ClarqTask task = TestTasks.lighthouse();

  @Test
  void testTaskQuestionBeforeStartGetsNodeZero() {
    ProviderReply r = provider.reply(turn(task, List.of(), "How do I relight the northern lighthouse?"));
    assertThat(r.nodes()).isEqualTo(ids("0"));
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_I);
    assertThat(r.text()).isEqualTo("Jax: " + task.tree().root().text());
    assertThat(r.intent()).isEmpty();
  }

  @Test
  void testUnrelatedLineBeforeStartGetsApologyAndNoNode() {
    ProviderReply r = provider.reply(turn(task, List.of(), "Nice weather today, isn't it?"));
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.nodes()).isEmpty();
    assertThat(r.text()).isEqualTo(FixedReplies.notAboutTheTask(Language.ENGLISH));
    assertThat(r.explanation()).contains("relevance gate");
  }

  @Test
  void testGoodbyeInsideALineIsAFarewell() {
    ProviderReply r = provider.reply(turn(task, List.of("0"),
        "Thanks! If there is nothing about the troll, goodbye, Jax."));
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.explanation()).contains("goodbye");
  }

  @Test
  void testLineWithoutAnyTaskWordIsUnrelated() {
    ProviderReply r = provider.reply(turn(task, List.of("0"), "Do you like poetry?"));
    assertThat(r.intent()).contains(Intent.UNRELATED);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.text()).isEqualTo(FixedReplies.unrelatedChat(Language.ENGLISH));
  }

  @Test
  void testNothingAvailableGetsEnoughInformation() {
    ProviderReply r = provider.reply(turn(task, List.of("0", "1", "1.1", "2"),
        "Which lantern should I take to the lighthouse?"));
    assertThat(r.text()).isEqualTo(FixedReplies.enoughInformation(Language.ENGLISH));
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
  }

  @Test
  void testVagueQuestionWithWeakScoresGetsReassurance() {
    ProviderReply r = provider.reply(turn(task, List.of("0"),
        "Thanks. So I go to the lighthouse and relight it. Is there anything else I should know?"));
    assertThat(r.intent()).contains(Intent.VAGUE);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.text()).doesNotContain("troll").doesNotContain("brass");
  }

  @Test
  void testVagueWordsNextToADetailQuestionDoNotMakeTheTurnVague() {
    ProviderReply r = provider.reply(turn(task, List.of("0"),
        "Which lantern should I use for the lamp? Is there anything else I should know?"));
    assertThat(r.nodes()).isEqualTo(ids("2"));
  }

  @Test
  void testDetailThatNoLineAnswersGetsReassurance() {
    ProviderReply r = provider.reply(turn(task, List.of("0", "2"), "What colour is the lighthouse roof?"));
    assertThat(r.intent()).contains(Intent.UNANSWERABLE_DETAIL);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.explanation()).contains("< min score");
  }

  @Test
  void testRepeatedQuestionRestatesTheGivenLine() {
    ProviderReply r = provider.reply(turn(task, List.of("0", "2"), "Which lantern was it again, brass or glass?"));
    assertThat(r.intent()).as(r.explanation()).contains(Intent.REPEAT);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.text()).endsWith(task.tree().node(ids("2").get(0)).text());
  }

  @Test
  void testLaterNodeIsGivenWhenOnlyItMatches() {
    ProviderReply r = provider.reply(turn(task, List.of("0"), "Which lantern should I use?"));
    assertThat(r.nodes()).isEqualTo(ids("2"));
    assertThat(r.intent()).contains(Intent.ANSWERABLE_DETAIL);
  }

  @Test
  void testFirstMatchingNodeInDisplayOrderWinsOverABetterLaterOne() {
    ProviderReply r = provider.reply(turn(task, List.of("0"),
        "How do I get past the bridge? And which lantern, brass or glass, should I use for the lamp?"));
    assertThat(r.nodes()).isEqualTo(ids("1"));
    assertThat(r.explanation()).contains("first node in display order");
  }

  @Test
  void testWeakMatchOnlyGivesTheFirstNode() {
    OfflineProvider strict = new OfflineProvider(new OfflineProviderSettings(0.9, 0.01, 0.25, 0.3, false));
    ProviderReply r = strict.reply(turn(task, List.of("0"), "Which lantern should I use?"));
    assertThat(r.nodes()).isEqualTo(ids("1"));
    assertThat(r.explanation()).contains("no node reaches 0.900");
  }

  @Test
  void testResponseIIsExactlyJaxAndTheNodeText() {
    ProviderReply r = provider.reply(turn(task, List.of("0", "1"), "Where can I get silver coins? My purse is empty."));
    assertThat(r.nodes()).isEqualTo(ids("1.1"));
    assertThat(r.text()).isEqualTo("Jax: " + task.tree().node(ids("1.1").get(0)).text());
    assertThat(r.llmCalls()).isZero();
  }

  @Test
  void testChineseQuestionMatchesByCharacterBigrams() {
    ClarqTask zh = TestTasks.lighthouseChinese();
    ProviderReply r = provider.reply(turn(zh, List.of("0"), "我有铜灯笼和玻璃灯笼，应该用哪个灯笼？"));
    assertThat(r.nodes()).isEqualTo(ids("2"));
    assertThat(r.text()).isEqualTo("Jax: 用铜灯笼，玻璃灯笼会被海风吹裂。");
  }

  @Test
  void testChineseTemplatesAreChinese() {
    ClarqTask zh = TestTasks.lighthouseChinese();
    ProviderReply vague = provider.reply(turn(zh, List.of("0"), "好的，我明白了。还有什么需要注意的吗？"));
    assertThat(vague.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(Language.detect(vague.text())).isEqualTo(Language.CHINESE);
    ProviderReply none = provider.reply(turn(zh, List.of("0", "1", "1.1", "2"), "用哪个灯笼？"));
    assertThat(none.text()).isEqualTo(FixedReplies.enoughInformation(Language.CHINESE));
  }

  @Test
  void testMultiInfoGivesEveryMatchingNodeWithConnectors() {
    OfflineProvider multi = new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(true));
    ProviderReply r = multi.reply(turn(task, List.of("0"),
        "How do I get past the troll on the bridge? And which lantern should I use for the lamp?"));
    assertThat(r.nodes()).isEqualTo(ids("1", "2"));
    assertThat(r.text()).contains(task.tree().node(ids("1").get(0)).text())
        .contains("Besides, " + task.tree().node(ids("2").get(0)).text());
    assertThat(multi.name()).isEqualTo("offline-multi-info");
  }

  @Test
  void testExplanationGivesTheScorePerAvailableNode() {
    ProviderReply r = provider.reply(turn(task, List.of("0"), "Which lantern should I use?"));
    assertThat(r.explanation()).containsPattern("scores 1=0\\.\\d{3} 2=0\\.\\d{3}")
        .contains("question sentences");
  }

  @Test
  void testSameTurnSameReply() {
    var t = turn(task, List.of("0"), "How do I cross the bridge?");
    assertThat(new OfflineProvider().reply(t)).isEqualTo(provider.reply(t)).isEqualTo(provider.reply(t));
  }

  @Test
  void testSettingsRejectBadThresholdNamingIt() {
    assertThatThrownBy(() -> new OfflineProviderSettings(1.5, 0.1, 0.2, 0.3, false))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal matchThreshold 1.5: must be in [0, 1]");
    assertThatThrownBy(() -> new OfflineProviderSettings(0.1, 0.2, 0.2, 0.3, false))
        .hasMessage("illegal minScore 0.2: must not exceed matchThreshold 0.1");
    assertThat(provider.toString()).contains("matchThreshold=0.1");
    assertThat(Optional.of(provider.name())).contains("offline");
  }
}
