package io.clarq.core.toa.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import org.junit.jupiter.api.Test;

class LlmAgentsTest {
  static FlmExample example() {
    return FlmExample.mask(new HotpotExample("e1", "Where was the director of Jaws born?", "Cincinnati", "bridge",
        "hard", java.util.List.of(new SupportingFact("Jaws", 0), new SupportingFact("Steven Spielberg", 0)),
        java.util.List.of(
            new Paragraph("Jaws", java.util.List.of("Jaws is a film directed by Steven Spielberg.")),
            new Paragraph("Steven Spielberg", java.util.List.of("Spielberg was born in Cincinnati.", " He is 77.")),
            new Paragraph("Ohio", java.util.List.of("Ohio is a state.")))), 1);
  }

  @Test
  void testAskerSendsTemplateAndParsesQuestion() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("Where was Steven Spielberg born?\n",
        "Spielberg's birthplace is missing.\nQuestion: Where was Spielberg born?", "   ");
    LlmAsker asker = LlmAsker.builder(client.withModel("m")).prompt(AskerTemplate.REASON_THEN_ASK).build();
    IncompleteTask task = example().incompleteTask();
    assertThat(asker.ask(task)).isEqualTo("Where was Steven Spielberg born?");
    assertThat(asker.ask(task)).isEqualTo("Where was Spielberg born?");
    assertThat(asker.ask(task)).isEmpty();
    ChatRequest sent = client.requests().get(0);
    assertThat(sent.model()).isEqualTo("m");
    assertThat(sent.temperature()).hasValue(0.0);
    String prompt = sent.messages().get(0).content();
    assertThat(prompt).contains("Question: Where was the director of Jaws born?")
        .contains("Jaws: Jaws is a film directed by Steven Spielberg.")
        .doesNotContain("Cincinnati").doesNotContain("{context}");
    assertThat(asker.describe()).isEqualTo("llm:m:reason_then_ask");
  }

  @Test
  void testEveryTemplateUsesQuestionAndContext() {
    IncompleteTask task = new IncompleteTask("QQQ", "CCC");
    for (AskerTemplate t : AskerTemplate.values()) {
      assertThat(t.render(task)).contains("QQQ").contains("CCC").doesNotContain("{");
    }
    assertThat(AskerTemplate.parse("Reason-Then-Ask")).isEqualTo(AskerTemplate.REASON_THEN_ASK);
    assertThatThrownBy(() -> AskerTemplate.parse("clever"))
        .hasMessage("unknown asker template \"clever\": known are direct, encyclopedia, reason-then-ask");
  }

  @Test
  void testPrimaryModelPromptAndShortAnswer() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("Answer: Cincinnati, Ohio\nBecause...", "\n\n");
    LlmPrimaryModel m1 = LlmPrimaryModel.builder(client).build();
    assertThat(m1.answer("Where?", "ctx")).isEqualTo("Cincinnati, Ohio");
    // a blank reply is unparsed, never scored as an empty answer
    assertThatThrownBy(() -> m1.answer("Where?", "ctx")).isInstanceOf(LlmUnparsedReplyException.class)
        .hasMessageContaining("primary model answer: blank reply");
    assertThat(client.requests().get(0).messages().get(0).content())
        .isEqualTo("Context:\nctx\n\nQuestion: Where?\nAnswer in as few words as possible.\nAnswer:");
    assertThat(client.requests().get(0).maxTokens()).hasValue(32);
    assertThat(m1.describe()).isEqualTo("llm:default");
  }
}
