package io.clarq.core.clarqllm.provider.llm;

import static io.clarq.core.clarqllm.provider.llm.ProviderScript.no;
import static io.clarq.core.clarqllm.provider.llm.ProviderScript.response;
import static io.clarq.core.clarqllm.provider.llm.ProviderScript.type;
import static io.clarq.core.clarqllm.provider.llm.ProviderScript.yes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.provider.llm.ProviderScript.Step;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.testing.ScriptedLlmClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LlmProviderAgentTest {
  private static final ClarqTask EN = SmallTasks.english();
  private static final ClarqTask ZH = SmallTasks.chinese();

  private static ProviderTurn turn(ClarqTask task, TreeCursor cursor, String... lines) {
    List<Utterance> history = new ArrayList<>();
    history.add(Utterance.provider(FixedReplies.opening(task.language())));
    for (int i = 0; i < lines.length; i++) {
      history.add(i % 2 == 0 ? Utterance.seeker(lines[i]) : Utterance.provider(lines[i]));
    }
    return new ProviderTurn(task, history, cursor);
  }

  private static TreeCursor started(ClarqTask task) {
    return task.tree().start().give(NodeId.ROOT);
  }

  private static ProviderReply reply(ProviderScript script, ProviderTurn turn) throws Exception {
    return LlmProviderAgent.builder(script.client()).build().reply(turn);
  }

  @Test
  void testRelevanceGateRefusesUnrelatedThenGivesNodeZero() throws Exception {
    ProviderScript script = new ProviderScript()
        .on(Step.GATE, p -> p.contains("adventurer: How do I collect rubies?") ? yes("related") : no("related"));
    ProviderReply refused = reply(script, turn(EN, EN.tree().start(), "How is the weather?"));
    assertThat(refused.text()).isEqualTo(FixedReplies.notAboutTheTask(Language.ENGLISH));
    assertThat(refused.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(refused.intent()).isEmpty();
    assertThat(refused.llmCalls()).isEqualTo(1);

    ProviderReply opened = reply(script, turn(EN, EN.tree().start(), "How is the weather?", refused.text(),
        "How do I collect rubies?"));
    assertThat(opened.text()).isEqualTo("Jax: " + SmallTasks.ROOT_EN);
    assertThat(opened.kind()).isEqualTo(ReplyKind.RESPONSE_I);
    assertThat(opened.nodes()).containsExactly(NodeId.ROOT);
    assertThat(opened.explanation()).contains("relevance gate");
  }

  @Test
  void testRequestsUseJsonModeTemperatureZeroSeed8848() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.GATE, yes("related")).client();
    LlmProviderAgent.builder(client.withModel("gpt-4o")).build().reply(turn(EN, EN.tree().start(), "How?"));
    ChatRequest r = client.requests().get(0);
    assertThat(r.responseFormat()).isEqualTo(ResponseFormat.JSON_OBJECT);
    assertThat(r.temperature()).contains(0.0);
    assertThat(r.seed()).contains(8848L);
    assertThat(r.model()).isEqualTo("gpt-4o");
  }

  @Test
  void testTypeTwoFirstPassGivesExactlyJaxPlusNodeText() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(2))
        .on(Step.PASS1, p -> p.contains(SmallTasks.MINE_EN) ? yes("answerable") : no("answerable"));
    ProviderReply r = reply(script, turn(EN, started(EN), "How do I collect rubies?", "Jax: " + SmallTasks.ROOT_EN,
        "The monsters won't let me in. How do I enter the mine?"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.MINE_EN);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_I);
    assertThat(r.intent()).contains(Intent.ANSWERABLE_DETAIL);
    assertThat(r.nodes()).containsExactly(NodeId.parse("1"));
    assertThat(r.llmCalls()).isEqualTo(2);
    assertThat(r.explanation()).contains("classified type 2", "pass 1: 1 yes");
  }

  @Test
  void testNodesTriedInDisplayOrderFirstMatchWins() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, yes("answerable")).client();
    ProviderReply r = LlmProviderAgent.builder(client).build().reply(turn(EN, started(EN), "Which mine, and how?"));
    assertThat(r.nodes()).containsExactly(NodeId.parse("1"));
    assertThat(client.requests()).hasSize(2);
  }

  @Test
  void testSecondPassUsesFirstPassAnalysis() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, no("answerable"))
        .on(Step.PASS2, p -> p.contains(SmallTasks.NORTH_EN) && p.contains("scripted no") ? yes("answerable")
            : no("answerable"))
        .client();
    ProviderReply r = LlmProviderAgent.builder(client).build().reply(turn(EN, started(EN), "Where are the rubies?"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.NORTH_EN);
    assertThat(r.nodes()).containsExactly(NodeId.parse("2"));
    assertThat(r.llmCalls()).isEqualTo(1 + 2 + 2); // classify, pass 1 over both nodes, pass 2 until node 2
    assertThat(r.explanation()).contains("pass 1: 1 no, 2 no", "pass 2: 1 no, 2 yes");
  }

  @Test
  void testThirdPassNoticedAmbiguity() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(3)).on(Step.PASS1, no("answerable"))
        .on(Step.PASS2, no("answerable"))
        .on(Step.PASS3, p -> p.contains(SmallTasks.NORTH_EN) ? ProviderScript.pass3(true) : ProviderScript.pass3(false));
    ProviderReply r = reply(script, turn(EN, started(EN), "There are two mines; does it matter which?"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.NORTH_EN);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_I);
    assertThat(r.llmCalls()).isEqualTo(1 + 2 + 2 + 2);
    assertThat(r.explanation()).contains("classified type 3", "pass 3: 1 no, 2 yes");
  }

  @Test
  void testTypeThreeWithoutMatchIsReassurance() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, no("answerable"))
        .on(Step.PASS2, no("answerable")).on(Step.PASS3, ProviderScript.pass3(false))
        .on(Step.REASSURANCE, response("Do not overthink it."));
    ProviderReply r = reply(script, turn(EN, started(EN), "What colour are rubies?"));
    assertThat(r.text()).isEqualTo("Jax: Do not overthink it.");
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.intent()).contains(Intent.UNANSWERABLE_DETAIL);
    assertThat(r.nodes()).isEmpty();
    assertThat(r.llmCalls()).isEqualTo(1 + 6 + 1);
  }

  @Test
  void testTypeOneIsPositiveReply() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(1))
        .on(Step.POSITIVE, response("Jax: Your plan looks good. Any specific questions?"));
    ProviderReply r = reply(script, turn(EN, started(EN), "So I just dig in the mine?"));
    assertThat(r.text()).isEqualTo("Jax: Your plan looks good. Any specific questions?");
    assertThat(r.intent()).contains(Intent.WHOLE_TASK);
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
  }

  @Test
  void testTypeFourConfirmedIsRestatement() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(4)).on(Step.REPEAT, yes("repeat"))
        .on(Step.RESTATEMENT, response("As I said, go to the mine."));
    ProviderReply r = reply(script, turn(EN, started(EN), "Where do I dig again?"));
    assertThat(r.text()).isEqualTo("Jax: As I said, go to the mine.");
    assertThat(r.intent()).contains(Intent.REPEAT);
    assertThat(r.llmCalls()).isEqualTo(3);
  }

  @Test
  void testTypeFourNotAllAnsweredFlipsToTypeTwo() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(4)).on(Step.REPEAT, no("repeat"))
        .on(Step.PASS1, p -> p.contains(SmallTasks.NORTH_EN) ? yes("answerable") : no("answerable"));
    ProviderReply r = reply(script, turn(EN, started(EN), "Where do I dig, and which mine?"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.NORTH_EN);
    assertThat(r.intent()).contains(Intent.ANSWERABLE_DETAIL);
    assertThat(r.explanation()).contains("read as type 2");
  }

  @Test
  void testTypeFiveIsFixedLine() throws Exception {
    ProviderReply r = reply(new ProviderScript().on(Step.INTENT, type(5)), turn(EN, started(EN), "Do you like cats?"));
    assertThat(r.text()).isEqualTo(FixedReplies.unrelatedChat(Language.ENGLISH)).contains("Goodbye");
    assertThat(r.intent()).contains(Intent.UNRELATED);
    assertThat(r.llmCalls()).isEqualTo(1);
  }

  @Test
  void testTypeSixIsReassuranceWithoutMatching() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.INTENT, type(6))
        .on(Step.REASSURANCE, response("Could you ask more specifically?")).client();
    ProviderReply r = LlmProviderAgent.builder(client).build().reply(turn(EN, started(EN), "Anything else?"));
    assertThat(r.text()).isEqualTo("Jax: Could you ask more specifically?");
    assertThat(r.intent()).contains(Intent.VAGUE);
    assertThat(client.requests()).hasSize(2);
  }

  @Test
  void testNoNodeLeftGivesEnoughInformation() throws Exception {
    TreeCursor all = EN.tree().start().giveAll(List.of(NodeId.ROOT, NodeId.parse("1"), NodeId.parse("1.1"),
        NodeId.parse("2")));
    ProviderReply r = reply(new ProviderScript().on(Step.INTENT, type(2)), turn(EN, all, "And then?"));
    assertThat(r.text()).isEqualTo(FixedReplies.enoughInformation(Language.ENGLISH));
    assertThat(r.kind()).isEqualTo(ReplyKind.RESPONSE_II);
    assertThat(r.llmCalls()).isEqualTo(1);
  }

  @Test
  void testGatingOffersOnlyAvailableNodes() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, no("answerable"))
        .on(Step.PASS2, no("answerable")).on(Step.PASS3, ProviderScript.pass3(false)).on(Step.REASSURANCE, response("Relax."))
        .client();
    LlmProviderAgent.builder(client).build().reply(turn(EN, started(EN), "How do I stun them?"));
    assertThat(client.requests()).noneMatch(r -> ProviderScript.firstUserMessage(r).contains(SmallTasks.FOG_EN));
  }

  @Test
  void testUnparsableReplyIsRetriedOnceThenRaised() throws Exception {
    int[] intentCalls = {0};
    ProviderScript once = new ProviderScript()
        .on(Step.INTENT, p -> intentCalls[0]++ == 0 ? "I think type two" : type(5));
    ProviderReply r = reply(once, turn(EN, started(EN), "Hi"));
    assertThat(r.intent()).contains(Intent.UNRELATED);
    assertThat(r.llmCalls()).isEqualTo(2);

    ScriptedLlmClient never = new ProviderScript().on(Step.INTENT, "type 2, I think").client();
    assertThatThrownBy(() -> LlmProviderAgent.builder(never).build().reply(turn(EN, started(EN), "Hi")))
        .isInstanceOf(UnparsedReplyException.class)
        .hasMessageContaining("intent classification").hasMessageContaining("type 2, I think");
    assertThat(never.requests()).hasSize(2);
    assertThat(never.requests().get(1).messages()).extracting(m -> m.content())
        .contains("type 2, I think");

    ProviderScript outOfRange = new ProviderScript().on(Step.INTENT, "{\"type\": 9}");
    assertThatThrownBy(() -> reply(outOfRange, turn(EN, started(EN), "Hi")))
        .isInstanceOf(UnparsedReplyException.class).hasMessageContaining("{\"type\": 9}");

    ProviderScript badNodeCheck = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, "{\"answerable\": \"perhaps\"}");
    assertThatThrownBy(() -> reply(badNodeCheck, turn(EN, started(EN), "How?")))
        .isInstanceOf(UnparsedReplyException.class).hasMessageContaining("pass 1");
  }

  @Test
  void testClassifierIsReplaceable() throws Exception {
    ScriptedLlmClient client = new ProviderScript().client();
    IntentClassifier fixed = t -> IntentReading.of(Intent.UNRELATED, 0, "rule");
    ProviderReply r = LlmProviderAgent.builder(client).intentClassifier(fixed).build()
        .reply(turn(EN, started(EN), "Hi"));
    assertThat(r.intent()).contains(Intent.UNRELATED);
    assertThat(r.llmCalls()).isZero();
    assertThat(client.requests()).isEmpty();
  }

  @Test
  void testMultiInfoMergeAccepted() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, yes("answerable"))
        .on(Step.MERGE, "{\"output\": \"" + SmallTasks.MINE_EN.substring(0, SmallTasks.MINE_EN.length() - 1)
            + ", and you should go to the north mine, as only the North Mine has rubies.\"}");
    ProviderReply r = LlmProviderAgent.builder(script.client()).multiInfo(true).build()
        .reply(turn(EN, started(EN), "How do I get in, and which mine?"));
    assertThat(r.nodes()).containsExactly(NodeId.parse("1"), NodeId.parse("2"));
    assertThat(r.text()).startsWith("Jax: If you stun the monsters").endsWith("only the North Mine has rubies.");
    assertThat(r.explanation()).contains("merge accepted");
    assertThat(r.llmCalls()).isEqualTo(1 + 2 + 1);
  }

  @Test
  void testMultiInfoMergeRefusedFallsBackToConnectors() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.INTENT, type(2)).on(Step.PASS1, yes("answerable"))
        .on(Step.MERGE, "{\"output\": \"Stun the monsters and go north.\"}");
    ProviderReply r = LlmProviderAgent.builder(script.client()).multiInfo(true).build()
        .reply(turn(EN, started(EN), "How do I get in, and which mine?"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.MINE_EN + " Besides, you should go to the North Mine, as"
        + " only the North Mine has rubies.");
    assertThat(r.explanation()).contains("merge refused");
  }

  @Test
  void testMultiInfoSingleMatchIsPlainResponseI() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.INTENT, type(2))
        .on(Step.PASS1, p -> p.contains(SmallTasks.NORTH_EN) ? yes("answerable") : no("answerable")).client();
    ProviderReply r = LlmProviderAgent.builder(client).multiInfo(true).build()
        .reply(turn(EN, started(EN), "Which mine?"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.NORTH_EN);
    assertThat(client.requests()).hasSize(3);
  }

  @Test
  void testChineseGateAndMatching() throws Exception {
    ProviderScript script = new ProviderScript().on(Step.GATE, yes("related")).on(Step.INTENT, type(2))
        .on(Step.PASS1, p -> p.contains(SmallTasks.MINE_ZH) ? yes("answerable") : no("answerable"))
        .on(Step.INTENT, p -> p.contains("再见吧") ? type(5) : type(2));
    ProviderReply opened = reply(script, turn(ZH, ZH.tree().start(), "我该怎么收集红宝石？"));
    assertThat(opened.text()).isEqualTo("Jax: " + SmallTasks.ROOT_ZH);
    ProviderReply r = reply(script, turn(ZH, started(ZH), "我该怎么收集红宝石？", opened.text(), "怪物不让我进去怎么办？"));
    assertThat(r.text()).isEqualTo("Jax: " + SmallTasks.MINE_ZH);
    ProviderReply unrelated = reply(script, turn(ZH, started(ZH), "再见吧"));
    assertThat(unrelated.text()).isEqualTo(FixedReplies.unrelatedChat(Language.CHINESE));
    TreeCursor all = ZH.tree().start().giveAll(List.of(NodeId.ROOT, NodeId.parse("1"), NodeId.parse("1.1"),
        NodeId.parse("2")));
    assertThat(reply(script, turn(ZH, all, "还有呢？")).text()).isEqualTo(FixedReplies.enoughInformation(Language.CHINESE));
  }

  @Test
  void testChinesePromptsAreChinese() throws Exception {
    ScriptedLlmClient client = new ProviderScript().on(Step.INTENT, type(6))
        .on(Step.REASSURANCE, response("别想太多。")).client();
    ProviderReply r = LlmProviderAgent.builder(client).build().reply(turn(ZH, started(ZH), "下一步呢？"));
    assertThat(r.text()).isEqualTo("Jax: 别想太多。");
    assertThat(ProviderScript.firstUserMessage(client.requests().get(0))).contains("冒险者: 下一步呢？", "对方不知道如何进入矿洞");
  }

  @Test
  void testNameSaysModelAndVariant() {
    ScriptedLlmClient client = new ProviderScript().client();
    assertThat(LlmProviderAgent.builder(client.withModel("gpt-4o")).multiInfo(true).build().name())
        .isEqualTo("llm:gpt-4o+multi-info");
    assertThat(LlmProviderAgent.builder(client).build().name()).isEqualTo("llm");
  }
}
