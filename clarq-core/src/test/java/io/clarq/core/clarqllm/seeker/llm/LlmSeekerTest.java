package io.clarq.core.clarqllm.seeker.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.ScriptedLlmClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmSeekerTest {
  private static final ClarqTask EN = SmallTasks.english();

  private static SeekerTurn turn(ClarqTask task, String... lines) {
    List<Utterance> h = new java.util.ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      h.add(i % 2 == 0 ? Utterance.provider(lines[i]) : Utterance.seeker(lines[i]));
    }
    return new SeekerTurn("dialogue-1", task.language(), task.briefing(), h);
  }

  @Test
  void testCompletionFirstTurnPrompt() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("You: How do I collect rubies?");
    LlmSeeker seeker = LlmSeeker.builder(client.withModel("gpt-4o")).mode(LlmSeeker.Mode.COMPLETION).build();
    assertThat(seeker.next(turn(EN, "Jax: what can help you?"))).isEqualTo("How do I collect rubies?");
    ChatRequest r = client.requests().get(0);
    assertThat(r.messages()).hasSize(1);
    assertThat(r.messages().get(0).role()).isEqualTo(ChatMessage.Role.USER);
    String prompt = r.messages().get(0).content();
    // the first-turn template holds the pack's own opening line
    assertThat(prompt).isEqualTo(PromptPack.clarq().template("seeker/completion_first", Language.ENGLISH)
        .render(Map.of("briefing", SeekerBriefing.render(PromptPack.clarq(), EN.briefing()))))
        .contains(PromptPack.clarq().fixed("opening", Language.ENGLISH)).endsWith("You:");
    assertThat(r.temperature()).contains(0.0);
    assertThat(r.seed()).contains(8848L);
    assertThat(seeker.name()).isEqualTo("llm-comp:gpt-4o");
  }

  @Test
  void testCompletionLaterTurnPrefixesSeekerLines() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("you: Which mine?");
    LlmSeeker seeker = LlmSeeker.builder(client).mode(LlmSeeker.Mode.COMPLETION).build();
    assertThat(seeker.next(turn(EN, "Jax: what can help you?", "How do I get rubies?", "Jax: Dig in the mine.")))
        .isEqualTo("Which mine?");
    String prompt = client.requests().get(0).messages().get(0).content();
    assertThat(prompt).isEqualTo(PromptPack.clarq().template("seeker/completion_later", Language.ENGLISH).render(Map.of(
        "briefing", SeekerBriefing.render(PromptPack.clarq(), EN.briefing()),
        "transcript", "Jax: what can help you?\nYou: How do I get rubies?\nJax: Dig in the mine."))).endsWith("You:");
  }

  @Test
  void testChatModeRoles() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("You: keep this prefix");
    LlmSeeker seeker = LlmSeeker.builder(client).mode(LlmSeeker.Mode.CHAT).build();
    assertThat(seeker.next(turn(EN, "Jax: what can help you?", "How?", "Jax: Dig."))).isEqualTo("You: keep this prefix");
    List<ChatMessage> m = client.requests().get(0).messages();
    assertThat(m).extracting(ChatMessage::role).containsExactly(ChatMessage.Role.SYSTEM, ChatMessage.Role.USER,
        ChatMessage.Role.ASSISTANT, ChatMessage.Role.USER);
    assertThat(m).extracting(ChatMessage::content).containsExactly(
        SeekerBriefing.render(PromptPack.clarq(), EN.briefing()), "Jax: what can help you?", "How?", "Jax: Dig.");
  }

  @Test
  void testBriefingListsWhatIsPresentOnly() {
    String full = SeekerBriefing.render(PromptPack.clarq(), EN.briefing());
    assertThat(full).contains("you play a adventurer", "collect rubies", "An air sucker",
        "Summon the excavator to dig", "Fantasy Forest", "\"Goodbye\"", "follow-up questions",
        "with the scenes, your items and your skills/actions");
    String bare = SeekerBriefing.render(PromptPack.clarq(),
        new Briefing("chef", "bake bread", List.of("Flour"), List.of("Knead"), List.of()));
    assertThat(bare).doesNotContain("scenes").contains("Flour", "Knead",
        "with your items and your skills/actions");
    String zh = SeekerBriefing.render(PromptPack.clarq(), SmallTasks.chinese().briefing());
    assertThat(zh).contains("冒险者", "收集红宝石", "一个吸气器", "“再见”", "追问");
  }

  @Test
  void testChineseCompletionHeader() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("我该怎么做？");
    LlmSeeker.builder(client).mode(LlmSeeker.Mode.COMPLETION).build().next(turn(SmallTasks.chinese(), "Jax: 有什么可以帮助你？"));
    assertThat(client.requests().get(0).messages().get(0).content())
        .isEqualTo(PromptPack.clarq().template("seeker/completion_first", Language.CHINESE).render(Map.of("briefing",
            SeekerBriefing.render(PromptPack.clarq(), SmallTasks.chinese().briefing()))))
        .contains(PromptPack.clarq().fixed("opening", Language.CHINESE)).endsWith("You:");
  }

  @Test
  void testBlankOrEmptyReplyIsUnparsedNeverAnEmptyLine() {
    ScriptedLlmClient client = ScriptedLlmClient.replying("", "  \n ", "You:  ");
    LlmSeeker seeker = LlmSeeker.builder(client.withModel("gpt-4o")).mode(LlmSeeker.Mode.COMPLETION).build();
    for (String problem : List.of("empty reply", "blank reply", "nothing usable")) {
      assertThatThrownBy(() -> seeker.next(turn(EN, "Jax: what can help you?")))
          .isInstanceOf(LlmUnparsedReplyException.class).hasMessageContaining("seeker turn: " + problem);
    }
  }
}
