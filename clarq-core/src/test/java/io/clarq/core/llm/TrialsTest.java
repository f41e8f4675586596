package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.prompt.PackAsk;
import org.junit.jupiter.api.Test;

class TrialsTest {
  @Test
  void testTrialOneIsTheReferenceSeedAndTrialTAddsTMinusOne() {
    assertThat(Trials.current()).isEqualTo(1);
    assertThat(Trials.seed()).isEqualTo(8848L);
    assertThat(Trials.seed(3)).isEqualTo(8850L);
    LlmClient none = r -> {
      throw new AssertionError("no call");
    };
    PackAsk ask = new PackAsk(none.withModel("m"), io.clarq.core.prompt.PromptPack.builtIn(
        io.clarq.core.prompt.PackLayout.CLARQ_LLM));
    assertThat(ask.request("p").seed()).contains(8848L);
    try (Trials.Scope outer = Trials.play(2)) {
      assertThat(ask.request("p").seed()).contains(8849L);
      try (Trials.Scope inner = Trials.play(5)) {
        assertThat(Trials.seed()).isEqualTo(8852L);
      }
      assertThat(Trials.current()).isEqualTo(2);
    }
    assertThat(Trials.current()).isEqualTo(1);
    assertThat(ask.request("p").seed()).contains(8848L);
  }

  @Test
  void testTrialZeroIsRefused() {
    assertThatThrownBy(() -> Trials.play(0)).hasMessageContaining("illegal trial 0");
    assertThatThrownBy(() -> Trials.seed(-1)).hasMessageContaining("illegal trial -1");
  }
}
