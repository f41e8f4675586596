package io.clarq.core.clarqllm.seeker.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.prompt.EchoPack;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.ScriptedLlmClient;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference seeker's and judge's rules (reference-prompts/README.md, "Seeker" and "Judge") with an echo pack. */
class ReferenceSeekerRulesTest {
  private static final Briefing BRIEFING = new Briefing("adventurer", "open the gate", List.of("A key"),
      List.of("Swim"), List.of("Forest"), List.of("adventurer", "open the gate", "A key \nA rope", "Swim", ""));

  @TempDir Path dir;

  private static SeekerTurn turn(String... lines) {
    List<Utterance> h = new java.util.ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      h.add(i % 2 == 0 ? Utterance.provider(lines[i]) : Utterance.seeker(lines[i]));
    }
    return new SeekerTurn("dialogue-1", Language.ENGLISH, BRIEFING, h);
  }

  @Test
  void testTheBriefingUsesTheVerbatimBackgroundAndTheEndingForThePartsPresent() {
    PromptPack pack = EchoPack.write(dir, PackBehaviour.REFERENCE);
    assertThat(SeekerBriefing.render(pack, BRIEFING)).isEqualTo("seeker/briefing_start|role=adventurer|task=open the"
        + " gate|en" + "seeker/briefing_items|items=A key \nA rope|en" + "seeker/briefing_skills|skills=Swim|en"
        + "seeker/briefing_end_items_skills|role=adventurer|task=open the gate|en");
    Briefing one = new Briefing("a", "b", List.of(), List.of(), List.of(), List.of("a", "b", "", "", "s"));
    assertThat(SeekerBriefing.render(pack, one)).endsWith("seeker/briefing_end|role=a|task=b|en");
    Briefing zh = new Briefing("冒险者", "开门", List.of("钥匙"), List.of("游泳"), List.of("森林"));
    assertThat(SeekerBriefing.render(pack, zh)).endsWith("seeker/briefing_end|role=冒险者|task=开门|zh");
  }

  @Test
  void testCompletionModeOpeningTemplateAndReplyCleanUp() throws Exception {
    PromptPack pack = EchoPack.write(dir, PackBehaviour.REFERENCE);
    ScriptedLlmClient c = ScriptedLlmClient.replying("You: Which key?", "YOU: kept", "you: x\n", "  You: kept");
    LlmSeeker s = LlmSeeker.builder(c.withModel("m")).mode(LlmSeeker.Mode.COMPLETION).prompts(pack).build();
    assertThat(s.next(turn("Jax: some other opening"))).isEqualTo("Which key?");
    assertThat(c.requests().get(0).messages().get(0).content()).startsWith("seeker/completion_first|briefing=")
        .doesNotContain("some other opening");
    assertThat(s.next(turn("Jax: open", "hi", "Jax: Go"))).isEqualTo("YOU: kept");
    assertThat(c.requests().get(1).messages().get(0).content())
        .endsWith("|transcript=Jax: open\nYou: hi\nJax: Go|en");
    assertThat(s.next(turn("Jax: open"))).isEqualTo("x\n");
    assertThat(s.next(turn("Jax: open"))).isEqualTo("  You: kept");
    assertThat(c.requests().get(0).responseFormat()).isNotEqualTo(io.clarq.core.llm.ResponseFormat.JSON_OBJECT);
  }

  @Test
  void testChatModeKeepsTheReplyAsItIsAndABlankReplyIsUnparsed() throws Exception {
    PromptPack pack = EchoPack.write(dir, PackBehaviour.REFERENCE);
    ScriptedLlmClient c = ScriptedLlmClient.replying(" You: which?\n", " \n");
    LlmSeeker s = LlmSeeker.builder(c.withModel("m")).mode(LlmSeeker.Mode.CHAT).prompts(pack).build();
    assertThat(s.next(turn("Jax: open", "hi", "Jax: Go"))).isEqualTo(" You: which?\n");
    assertThat(c.requests().get(0).messages()).extracting(ChatMessage::role).containsExactly(ChatMessage.Role.SYSTEM,
        ChatMessage.Role.USER, ChatMessage.Role.ASSISTANT, ChatMessage.Role.USER);
    assertThatThrownBy(() -> s.next(turn("Jax: open"))).isInstanceOf(io.clarq.core.llm.LlmUnparsedReplyException.class);
  }

  @Test
  void testTheJudgeRendersItemsWithPunctuationInTheGoldLinesLanguage() throws Exception {
    PromptPack pack = EchoPack.write(dir, PackBehaviour.REFERENCE);
    ScriptedLlmClient c = ScriptedLlmClient.replying("{\"analysis\": \"a\", \"match\": \"no\"}", "{\"analysis\": \"\"}");
    LlmJudge judge = LlmJudge.builder(c.withModel("m")).prompts(pack).build();
    // the question says Chinese, the gold line is English: the reference decides on the gold line
    JudgeQuestion q = new JudgeQuestion(Language.CHINESE, "take the key", "which key", List.of("go north", "ok!"));
    assertThat(judge.judge(q).orElseThrow().isMatch()).isTrue();   // "no" is a non-empty string: truthy
    assertThat(c.requests().get(0).messages().get(0).content()).isEqualTo("judge/judge|generated_items="
        + "judge/judge_generated_item|index=1|line=go north.|en\njudge/judge_generated_item|index=2|line=ok!|en"
        + "|gold_items=judge/judge_gold_item|gold=take the key.|index=1|purpose=which key.|en|en");
    assertThat(judge.judge(q).orElseThrow().outcome()).isEqualTo(io.clarq.core.clarqllm.judge.Verdict.Outcome.UNPARSED);
    assertThat(c.requests()).hasSize(2);
  }
}
