package io.clarq.retrieval.clariq.question;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clariq.ClarifyingQuestion;
import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.core.clariq.QuestionBank;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QuestionRankerTest {
  private static final QuestionBank BANK = new QuestionBank(List.of(
      new ClarifyingQuestion("Q00001", ""),
      new ClarifyingQuestion("Q00002", "are you looking for raspberry pi projects"),
      new ClarifyingQuestion("Q00003", "do you want to buy a raspberry pi"),
      new ClarifyingQuestion("Q00004", "do you want to buy a raspberry pi"),
      new ClarifyingQuestion("Q00005", "are you interested in the history of the obama family"),
      new ClarifyingQuestion("Q00006", "would you like recipes for raspberry pie")));
  private static final QuestionRankerConfig BM25 = QuestionRankerConfig.DEFAULT.withRm3(null);

  @Test
  void testRanksByBm25WithoutTheEmptyQuestion() {
    try (QuestionRanker r = new QuestionRanker(BANK, BM25)) {
      List<String> ids = r.rank("buy a raspberry pi", 10).stream()
          .map(q -> q.question().id()).toList();
      // equal texts tie: bank order decides
      assertThat(ids).startsWith("Q00003", "Q00004").doesNotContain("Q00001", "Q00005");
      assertThat(r.rank("raspberry pi", 10, Set.of("Q00003"))).extracting(q -> q.question().id())
          .doesNotContain("Q00003").contains("Q00004");
    }
  }

  @Test
  void testEmptyQuestionFirstWhenAsked() {
    try (QuestionRanker r = new QuestionRanker(BANK, BM25.withNoQuestion(true))) {
      // Q00002-Q00004 tie on "raspberry pi" (same length): bank order
      assertThat(r.rank("raspberry pi", 2)).extracting(q -> q.question().id()).containsExactly("Q00001", "Q00002");
    }
    assertThatThrownBy(() -> BM25.withBm25(-1f, 0.5f)).hasMessageContaining("illegal k1 value: -1.0");
  }

  @Test
  void testMultiTurnNeverRepeatsAndKnowsWhenToStop() {
    try (QuestionRanker r = new QuestionRanker(BANK, BM25)) {
      MultiTurnSelector selector = new MultiTurnSelector(r, 2, 0, null);
      MultiTurnContext first = new MultiTurnContext("1-0", 201, "buy a raspberry pi", List.of());
      assertThat(selector.select(first).question()).map(ClarifyingQuestion::id).contains("Q00003");
      // the same text under another id is not asked again either
      MultiTurnContext second = new MultiTurnContext("1-1", 201, "buy a raspberry pi",
          List.of(new ConversationTurn("do you want to buy a raspberry pi", "yes")));
      assertThat(selector.select(second).question()).map(ClarifyingQuestion::id).isPresent()
          .get().isNotIn("Q00003", "Q00004");
      MultiTurnContext third = new MultiTurnContext("1-2", 201, "buy a raspberry pi", List.of(
          new ConversationTurn("do you want to buy a raspberry pi", "yes"), new ConversationTurn("x", "y")));
      assertThat(selector.select(third).text()).isEmpty();
      assertThat(selector.select(third).reason()).isEqualTo("asked 2 questions already");
      MultiTurnContext unrelated = new MultiTurnContext("2-0", 202, "quantum chromodynamics", List.of());
      assertThat(selector.select(unrelated).text()).isEmpty();
      assertThat(MultiTurnSelector.query(second)).isEqualTo("buy a raspberry pi do you want to buy a raspberry pi yes");
    }
  }

  @Test
  void testNeedPredictorIsDeterministicAndLearns() {
    List<ClarificationNeedPredictor.Example> train = List.of(
        new ClarificationNeedPredictor.Example("Tell me about dogs.", 4),
        new ClarificationNeedPredictor.Example("Tell me about cats.", 4),
        new ClarificationNeedPredictor.Example("What is the boiling point of water at 2000 meters?", 1),
        new ClarificationNeedPredictor.Example("How tall is the Eiffel Tower in Paris?", 1));
    ClarificationNeedPredictor a = ClarificationNeedPredictor.train(train, 300, 0.5, 0.01);
    ClarificationNeedPredictor b = ClarificationNeedPredictor.train(train, 300, 0.5, 0.01);
    assertThat(a.predict("Tell me about horses.")).isEqualTo(4).isEqualTo(b.predict("Tell me about horses."));
    assertThat(a.predict("What is the melting point of iron at 100 bar?")).isEqualTo(1);
  }
}
