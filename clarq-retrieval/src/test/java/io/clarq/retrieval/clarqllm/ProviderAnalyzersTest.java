package io.clarq.retrieval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import org.junit.jupiter.api.Test;

class ProviderAnalyzersTest {
  @Test
  void testEnglishLowercasesDropsStopWordsAndStems() {
    assertThat(ProviderAnalyzers.terms(Language.ENGLISH, "Which of the Lanterns should I be using for the Troll's bridge?"))
        .containsExactly("lantern", "us", "troll", "bridg");
  }

  @Test
  void testChineseMakesCharacterBigramsAndKeepsLatinWords() {
    assertThat(ProviderAnalyzers.terms(Language.CHINESE, "铜灯笼 Lanterns"))
        .containsExactly("铜灯", "灯笼", "lantern");
  }
}
