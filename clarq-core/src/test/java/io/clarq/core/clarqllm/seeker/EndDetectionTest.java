package io.clarq.core.clarqllm.seeker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.task.Language;
import org.junit.jupiter.api.Test;

class EndDetectionTest {
  private static boolean en(String line) {
    return EndDetection.REFERENCE.ends(line, Language.ENGLISH);
  }

  private static boolean zh(String line) {
    return EndDetection.REFERENCE.ends(line, Language.CHINESE);
  }

  @Test
  void testReferenceEnglishIsCaseSensitiveAndNeedsAMark() {
    assertThat(en("Goodbye")).isTrue();
    assertThat(en("Thanks, Goodbye!")).isTrue();
    assertThat(en("Goodbye Jax")).isTrue();
    assertThat(en("Got it.Goodbye")).isTrue();
    assertThat(en("Great\nGoodbye")).isTrue();
    assertThat(en("goodbye")).isFalse();
    assertThat(en("Thanks, goodbye!")).isFalse();
    assertThat(en("Goodbye?")).isFalse();
    assertThat(en("Goodbyes")).isFalse();
    assertThat(en("How do I enter the mine?")).isFalse();
  }

  @Test
  void testReferenceChinese() {
    assertThat(zh("再见")).isTrue();
    assertThat(zh("谢谢，再见！")).isTrue();
    assertThat(zh("再见Jax")).isTrue();
    assertThat(zh("好的再见")).isFalse();
    assertThat(zh("再见？")).isFalse();
    assertThat(zh("Goodbye")).isFalse();
  }

  @Test
  void testLenientAcceptsAnyCase() {
    assertThat(EndDetection.LENIENT.ends("thanks, goodbye", Language.ENGLISH)).isTrue();
    assertThat(EndDetection.LENIENT.ends("OK bye", Language.ENGLISH)).isTrue();
    assertThat(EndDetection.LENIENT.ends("好的再见", Language.CHINESE)).isTrue();
    assertThat(EndDetection.LENIENT.ends("maybe I should buy eyes", Language.ENGLISH)).isFalse();
  }

  @Test
  void testParseNamesChoices() {
    assertThat(EndDetection.parse("Lenient")).isEqualTo(EndDetection.LENIENT);
    assertThatThrownBy(() -> EndDetection.parse("strict")).hasMessageContaining("\"strict\"")
        .hasMessageContaining("reference or lenient");
  }
}
