package io.clarq.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmCapabilities;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.llm.AskerPromptText;
import io.clarq.core.toa.llm.AskerTemplate;
import io.clarq.core.toa.llm.LlmAsker;
import io.clarq.core.toa.llm.LlmChoiceOracle;
import io.clarq.core.toa.llm.LlmPrimaryModel;
import io.clarq.core.toa.llm.LlmYesNoOracle;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every agent is made from a client and a pack; the model and what it can do come from the client. */
class AgentBuilderTest {
  @Test
  void testAPackOfAnotherLayoutIsRefusedNamingBoth() {
    ScriptedLlmClient client = ScriptedLlmClient.replying();
    assertThatThrownBy(() -> LlmJudge.builder(client).prompts(PromptPack.builtIn(PackLayout.TOA)))
        .hasMessageContaining("is a toa pack; this agent speaks from a clarq-llm pack");
    assertThatThrownBy(() -> LlmPrimaryModel.builder(client).prompts(PromptPack.clarq()))
        .hasMessageContaining("is a clarq-llm pack; this agent speaks from a toa pack");
  }

  @Test
  void testTheAgentsReportTheirPack() {
    ScriptedLlmClient client = ScriptedLlmClient.replying();
    PromptPack toa = PromptPack.builtIn(PackLayout.TOA);
    assertThat(LlmPrimaryModel.builder(client).build().prompts()).isEqualTo(toa);
    assertThat(LlmYesNoOracle.builder(client).build().prompts()).isEqualTo(toa);
    assertThat(LlmChoiceOracle.builder(client).build().prompts()).isEqualTo(toa);
    assertThat(LlmAsker.builder(client).build().prompts()).isEqualTo(toa);
    assertThat(LlmJudge.builder(client).build().prompts()).isEqualTo(PromptPack.clarq());
    AskerPromptText paper = AskerPromptText.of("prompt-x", "test", "{context} / {q1} ?", Optional.empty());
    LlmAsker asker = LlmAsker.builder(client).prompt(paper).build();
    assertThat(asker.prompts()).isEqualTo(paper.pack());
    assertThat(asker.prompts().id()).startsWith("prompt-x@");
    // another pack: clarq's templates by the same name in a TOA pack, the one prompt of a TOA asker pack
    assertThat(asker.withPrompts(toa).prompt()).isEqualTo(AskerTemplate.DIRECT);
    assertThat(LlmAsker.builder(client).prompt(AskerTemplate.ENCYCLOPEDIA).build().withPrompts(paper.pack())
        .prompt().label()).isEqualTo(paper.label());
    assertThatThrownBy(() -> AskerPromptText.of("few", "test", "{in_context_examples} {context} {q1}",
        Optional.empty())).hasMessageContaining("is a few-shot prompt");
  }

  @Test
  void testRequestsAskOnlyForWhatTheClientCanDo() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("{\"match\": true}", "Yes");
    JudgeQuestion q = new JudgeQuestion(io.clarq.core.clarqllm.task.Language.ENGLISH, "Mix the flour.", "how", List.of("Jax: mix it."));
    ChatRequest full = LlmJudge.builder(client.withModel("j")).build().request(q);
    assertThat(full.model()).isEqualTo("j");
    assertThat(full.responseFormat()).isEqualTo(ResponseFormat.JSON_OBJECT);
    assertThat(full.seed()).hasValue(PackAsk.SEED);
    ChatRequest plain = LlmJudge.builder(client.withCapabilities(new LlmCapabilities(false, false, false))).build()
        .request(q);
    assertThat(plain.responseFormat()).isEqualTo(ResponseFormat.TEXT);
    assertThat(plain.seed()).isEmpty();
    LlmYesNoOracle oracle = LlmYesNoOracle.builder(client.withCapabilities(LlmCapabilities.ALL.withLogprobs(false)))
        .build();
    var example = io.clarq.core.toa.llm.LlmAgentsTestAccess.example();
    oracle.answer(OracleQuery.of(example.incompleteTask().exampleId(), "q", example.candidates().subList(0, 1)));
    ChatRequest asked = client.requests().get(0);
    assertThat(asked.logprobs()).isFalse();
    assertThat(asked.topLogprobs()).isEmpty();
  }
}
