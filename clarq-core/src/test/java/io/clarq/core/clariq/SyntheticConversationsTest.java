package io.clarq.core.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SyntheticConversationsTest {
  private static final Facet A = new Facet("F1", "facet one");
  private static final Facet B = new Facet("F2", "facet two");

  private static ClariqRow row(Facet f, String q, String answer) {
    return new ClariqRow(7, "tell me about x", "desc", new ClarificationNeed(3), f, q, "question " + q + "?", answer);
  }

  // facet A: Q2, Q3, Q4 (Q00001 and the repeated Q3 do not count); facet B: Q2 only
  private static final ClariqTopics TOPICS = new ClariqTopics(List.of(
      row(A, "Q2", "a2"), row(A, ClarifyingQuestion.NO_QUESTION_ID, "none"), row(A, "Q3", "a3"), row(A, "Q3", "again"),
      row(A, "Q4", "a4"), row(B, "Q2", "b2")));

  @Test
  void testEveryOrderedChoiceOfDistinctQuestionsPerFacet() {
    List<SyntheticConversation> all = new ArrayList<>();
    SyntheticConversations.generate(ClariqSplit.DEV, TOPICS, List.of(3, 2), all::add);
    // 3!/1! = 6 of two exchanges, 3! = 6 of three, all from facet A; facet B has one question: none
    assertThat(all).extracting(SyntheticConversation::id).containsExactly(
        "dev-F1-Q2-Q3", "dev-F1-Q2-Q4", "dev-F1-Q3-Q2", "dev-F1-Q3-Q4", "dev-F1-Q4-Q2", "dev-F1-Q4-Q3",
        "dev-F1-Q2-Q3-Q4", "dev-F1-Q2-Q4-Q3", "dev-F1-Q3-Q2-Q4", "dev-F1-Q3-Q4-Q2", "dev-F1-Q4-Q2-Q3",
        "dev-F1-Q4-Q3-Q2");
    assertThat(all.get(2).turns()).containsExactly(
        new ConversationTurn("question Q3?", "a3"), new ConversationTurn("question Q2?", "a2"));
    assertThat(all.get(2).facet()).isEqualTo(A);
    assertThat(SyntheticConversations.count(TOPICS, 2)).isEqualTo(6);
    assertThat(SyntheticConversations.count(TOPICS, 3)).isEqualTo(6);
    assertThat(SyntheticConversations.count(TOPICS, 1)).isEqualTo(4);
    assertThat(SyntheticConversations.count(TOPICS, 4)).isZero();
    assertThatThrownBy(() -> SyntheticConversations.generate(ClariqSplit.DEV, TOPICS, List.of(0), c -> { }))
        .hasMessage("illegal conversation length 0: must be at least 1");
  }

  @Test
  void testContextsAreThoseOfAnEqualHumanConversation() {
    List<SyntheticConversation> all = new ArrayList<>();
    SyntheticConversations.generate(ClariqSplit.DEV, TOPICS, List.of(2), all::add);
    SyntheticConversation s = all.get(0);
    HumanConversation h = new HumanConversation(12, 7, "F1", "facet one", "tell me about x", s.turns());
    List<MultiTurnContext> synthetic = s.contexts();
    List<MultiTurnContext> human = h.contexts();
    assertThat(synthetic).extracting(MultiTurnContext::contextId)
        .containsExactly("dev-F1-Q2-Q3-0", "dev-F1-Q2-Q3-1", "dev-F1-Q2-Q3-2");
    assertThat(human).extracting(MultiTurnContext::contextId).containsExactly("12-0", "12-1", "12-2");
    for (int i = 0; i < human.size(); i++) {
      assertThat(synthetic.get(i).topicId()).isEqualTo(human.get(i).topicId());
      assertThat(synthetic.get(i).initialRequest()).isEqualTo(human.get(i).initialRequest());
      assertThat(synthetic.get(i).history()).isEqualTo(human.get(i).history());
    }
  }
}
