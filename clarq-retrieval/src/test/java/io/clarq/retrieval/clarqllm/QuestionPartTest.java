package io.clarq.retrieval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import org.junit.jupiter.api.Test;

class QuestionPartTest {
  @Test
  void testKeepsOnlyQuestionSentences() {
    QuestionPart q = QuestionPart.of(Language.ENGLISH,
        "Thanks, Jax. I will cross the bridge.\nWhere do I get coins? Also, which lantern should I take?");
    assertThat(q.questions()).containsExactly("Where do I get coins?", "Also, which lantern should I take?");
    assertThat(q.text()).isEqualTo("Where do I get coins? Also, which lantern should I take?");
    assertThat(q.sentences()).isEqualTo(q.questions());
  }

  @Test
  void testTurnWithoutQuestionIsTakenWhole() {
    QuestionPart q = QuestionPart.of(Language.ENGLISH, "  Tell me about the bridge.  ");
    assertThat(q.asks()).isFalse();
    assertThat(q.sentences()).containsExactly("Tell me about the bridge.");
  }

  @Test
  void testChineseQuestionsEndWithFullWidthMarkOrParticle() {
    QuestionPart q = QuestionPart.of(Language.CHINESE, "谢谢。我该用哪个灯笼？钱袋是空的，需要先赚钱吗");
    assertThat(q.questions()).containsExactly("我该用哪个灯笼？", "钱袋是空的，需要先赚钱吗");
  }
}
