package io.clarq.eval.clarqllm;

import static io.clarq.core.clarqllm.provider.llm.ProviderScript.no;
import static io.clarq.core.clarqllm.provider.llm.ProviderScript.response;
import static io.clarq.core.clarqllm.provider.llm.ProviderScript.type;
import static io.clarq.core.clarqllm.provider.llm.ProviderScript.yes;
import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.provider.llm.ProviderScript;
import io.clarq.core.clarqllm.provider.llm.ProviderScript.Step;
import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.transcript.TurnRecord;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.llm.usage.MeteredLlmClient;
import io.clarq.core.testing.ScriptedLlmClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole dialogues: the LLM provider and a Completion-mode LLM seeker, both on scripted models, through the runner's
 * dialogue loop. The provider script decides each step from the seeker line being answered.
 */
class WholeDialogueTest {
  /** Seeker lines (English) and what the provider's model is scripted to make of each. */
  private static final String OFF_TOPIC = "Nice weather today, isn't it?";
  private static final String ASK_TASK = "How do I collect rubies?";
  private static final String ASK_ENTER = "The monsters won't let me in. How do I enter the mine?";
  private static final String ASK_AGAIN = "So how do I stun them, exactly? You told me about the mine already.";
  private static final String CONFIRM = "So my plan is to stun the monsters and dig, right?";
  private static final String CHAT = "Do you like cats?";
  private static final String VAGUE = "Anything else?";
  private static final String WHICH_MINE = "There are several mines; does it matter which one?";
  private static final String MORE = "What else do I need to know?";

  private static ProviderScript englishProvider() {
    return new ProviderScript()
        .on(Step.GATE, p -> p.contains("adventurer: " + ASK_TASK) ? yes("related") : no("related"))
        .on(Step.INTENT, p -> {
          String last = lastSeekerLine(p);
          return switch (last) {
            case ASK_ENTER -> type(2);
            case ASK_AGAIN -> type(4);
            case CONFIRM -> type(1);
            case CHAT -> type(5);
            case VAGUE -> type(6);
            case WHICH_MINE -> type(3);
            default -> type(2);
          };
        })
        .on(Step.REPEAT, no("repeat"))
        .on(Step.PASS1, p -> p.contains(ASK_ENTER) && p.contains(SmallTasks.MINE_EN) ? yes("answerable")
            : no("answerable"))
        .on(Step.PASS2, p -> p.contains(ASK_AGAIN) && p.contains(SmallTasks.FOG_EN) ? yes("answerable")
            : no("answerable"))
        .on(Step.PASS3, p -> ProviderScript.pass3(p.contains(WHICH_MINE) && p.contains(SmallTasks.NORTH_EN)))
        .on(Step.POSITIVE, response("Your plan sounds good. Any specific questions?"))
        .on(Step.REASSURANCE, response("Don't overthink it."));
  }

  private static String lastSeekerLine(String intentPrompt) {
    String transcript = intentPrompt.substring(0, intentPrompt.indexOf("\n\nLines you have not given yet"));
    String last = transcript.substring(transcript.lastIndexOf('\n') + 1);
    return last.substring(last.indexOf(": ") + 2);
  }

  @Test
  void testEnglishDialogueCoversEveryProviderBranchAndEndsByGoodbye() {
    ClarqTask task = SmallTasks.english();
    ScriptedLlmClient seekerModel = ScriptedLlmClient.replying(OFF_TOPIC, "You: " + ASK_TASK, ASK_ENTER, ASK_AGAIN,
        CONFIRM, CHAT, VAGUE, WHICH_MINE, MORE, "Thanks, goodbye then.", "Got it. Goodbye!");
    ScriptedLlmClient providerModel = englishProvider().client();
    DialogueLoop loop = new DialogueLoop(LlmSeeker.builder(new MeteredLlmClient(seekerModel, TurnUsage.listener())).mode(LlmSeeker.Mode.COMPLETION).build(), LlmProviderAgent.builder(providerModel).build(), EndDetection.REFERENCE, 12, false);

    DialogueRecord r = loop.play(task);

    assertThat(r.finished()).isTrue();
    assertThat(r.dialogue().endReason()).isEqualTo(EndReason.GOODBYE);
    assertThat(r.dialogue().lines()).containsExactly(
        FixedReplies.opening(Language.ENGLISH),
        OFF_TOPIC, FixedReplies.notAboutTheTask(Language.ENGLISH),
        ASK_TASK, "Jax: " + SmallTasks.ROOT_EN,
        ASK_ENTER, "Jax: " + SmallTasks.MINE_EN,
        ASK_AGAIN, "Jax: " + SmallTasks.FOG_EN,
        CONFIRM, "Jax: Your plan sounds good. Any specific questions?",
        CHAT, FixedReplies.unrelatedChat(Language.ENGLISH),
        VAGUE, "Jax: Don't overthink it.",
        WHICH_MINE, "Jax: " + SmallTasks.NORTH_EN,
        MORE, FixedReplies.enoughInformation(Language.ENGLISH),
        "Thanks, goodbye then.", FixedReplies.enoughInformation(Language.ENGLISH),
        "Got it. Goodbye!");
    List<TurnRecord> turns = r.turns();
    assertThat(turns.get(4).nodes()).containsExactly(NodeId.ROOT);
    assertThat(turns.get(6).intent()).contains(Intent.ANSWERABLE_DETAIL);
    assertThat(turns.get(8).nodes()).containsExactly(NodeId.parse("1.1"));
    assertThat(turns.get(10).replyKind()).contains(ReplyKind.RESPONSE_II);
    assertThat(turns.get(10).intent()).contains(Intent.WHOLE_TASK);
    assertThat(turns.get(12).intent()).contains(Intent.UNRELATED);
    assertThat(turns.get(14).intent()).contains(Intent.VAGUE);
    assertThat(turns.get(16).nodes()).containsExactly(NodeId.parse("2"));
    assertThat(turns.get(18).llmCalls()).hasValue(1);
    assertThat(turns.get(1).llmCalls()).hasValue(1); // the seeker's call, seen through the metered client
    assertThat(r.totalLlmCalls()).isEqualTo(seekerModel.requests().size() + providerModel.requests().size());
  }

  @Test
  void testChineseDialogueEndsAtTurnCap() {
    ClarqTask task = SmallTasks.chinese();
    String[] seekerLines = new String[12];
    seekerLines[0] = "我该怎么收集红宝石？";
    for (int i = 1; i < 12; i++) {
      seekerLines[i] = "还有别的吗？" + i;
    }
    ScriptedLlmClient seekerModel = ScriptedLlmClient.replying(seekerLines);
    ScriptedLlmClient providerModel = new ProviderScript().on(Step.GATE, yes("related")).on(Step.INTENT, type(6))
        .on(Step.REASSURANCE, response("别想太多。")).client();
    DialogueLoop loop = new DialogueLoop(LlmSeeker.builder(seekerModel).mode(LlmSeeker.Mode.CHAT).build(),
        LlmProviderAgent.builder(providerModel).build(), EndDetection.REFERENCE, 12, false);

    DialogueRecord r = loop.play(task);

    assertThat(r.dialogue().endReason()).isEqualTo(EndReason.TURN_CAP);
    assertThat(r.dialogue().utterances()).hasSize(24); // more than 22 messages: 12 seeker lines, the last unanswered
    assertThat(r.dialogue().seekerLines()).hasSize(12).last().isEqualTo("还有别的吗？11");
    assertThat(r.dialogue().lines().get(2)).isEqualTo("Jax: " + SmallTasks.ROOT_ZH);
    assertThat(r.dialogue().lines().get(4)).isEqualTo("Jax: 别想太多。");
    assertThat(r.dialogue().lines().get(0)).isEqualTo(FixedReplies.opening(Language.CHINESE));
  }

  @Test
  void testChineseGoodbyeEndsAndLenientOptionEndsLowercase() {
    ScriptedLlmClient providerModel = new ProviderScript().on(Step.GATE, yes("related")).client();
    DialogueRecord zh = new DialogueLoop(LlmSeeker.builder(ScriptedLlmClient.replying("怎么做？", "好的，再见！")).mode(LlmSeeker.Mode.CHAT).build(), LlmProviderAgent.builder(providerModel).build(), EndDetection.REFERENCE, 12, false)
        .play(SmallTasks.chinese());
    assertThat(zh.dialogue().endReason()).isEqualTo(EndReason.GOODBYE);
    assertThat(zh.dialogue().utterances()).hasSize(4);

    DialogueRecord en = new DialogueLoop(LlmSeeker.builder(ScriptedLlmClient.replying("How?", "thanks, goodbye")).mode(LlmSeeker.Mode.CHAT).build(), LlmProviderAgent.builder(providerModel).build(), EndDetection.LENIENT, 12, false)
        .play(SmallTasks.english());
    assertThat(en.dialogue().endReason()).isEqualTo(EndReason.GOODBYE);
  }

  @Test
  void testInfrastructureFailureIsRecordedWithCauseAndWhatWasSaid() {
    ScriptedLlmClient providerModel = new ProviderScript().on(Step.GATE, yes("related")).client();
    DialogueRecord r = new DialogueLoop(LlmSeeker.builder(ScriptedLlmClient.replying("How?")).mode(LlmSeeker.Mode.CHAT).build(),
        LlmProviderAgent.builder(providerModel).build(), EndDetection.REFERENCE, 12, false).play(SmallTasks.english());
    assertThat(r.finished()).isFalse();
    assertThat(r.error()).hasValueSatisfying(e -> assertThat(e).startsWith("seeker: LlmException: scripted client:"));
    assertThat(r.dialogue().utterances()).hasSize(3);
  }
}
