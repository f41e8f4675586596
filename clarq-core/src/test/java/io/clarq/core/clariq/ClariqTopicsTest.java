package io.clarq.core.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClariqTopicsTest {
  private static ClariqRow row(int topic, int need, String facet, String q) {
    return new ClariqRow(topic, "req " + topic, "desc", new ClarificationNeed(need), new Facet(facet, "f"), q, "q?", "a");
  }

  @Test
  void testTopicTakesFirstRowAndUnionOfQuestions() {
    ClariqTopics topics = new ClariqTopics(List.of(
        row(7, 2, "F1", "Q2"), row(3, 1, "F3", "Q1"), row(7, 4, "F2", "Q5"), row(7, 2, "F1", "Q2")));
    assertThat(topics.topics()).extracting(ClariqTopic::id).containsExactly(7, 3);
    ClariqTopic t7 = topics.topic(7).orElseThrow();
    assertThat(t7.need().level()).isEqualTo(2);
    assertThat(t7.relevantQuestionIds()).containsExactly("Q2", "Q5");
    assertThat(t7.facets()).extracting(Facet::id).containsExactly("F1", "F2");
    assertThat(topics.topicsById().firstKey()).isEqualTo(3);
    assertThat(topics.facetToTopic()).containsEntry("F3", 3).hasSize(3);
  }

  @Test
  void testValuesThatCannotBeBuilt() {
    assertThatThrownBy(() -> new ClarificationNeed(5)).hasMessage("illegal clarification need 5: must be 1-4");
    assertThatThrownBy(() -> ClarificationNeed.parse("two"))
        .hasMessage("illegal clarification need \"two\": must be an integer 1-4");
    assertThatThrownBy(() -> new QuestionBank(List.of(new ClarifyingQuestion("Q1", "a"), new ClarifyingQuestion("Q1", "b"))))
        .hasMessage("question id Q1 appears twice in the question bank");
    assertThatThrownBy(() -> ClariqSplit.parse("valid")).hasMessageContaining("\"valid\"");
  }

  @Test
  void testHumanConversationContexts() {
    HumanConversation c = new HumanConversation(4, 237, "F0549", "f", "req",
        List.of(new ConversationTurn("q1", "a1"), new ConversationTurn("q2", "a2")));
    assertThat(c.contexts()).extracting(MultiTurnContext::contextId).containsExactly("4-0", "4-1", "4-2");
    assertThat(c.contexts().get(1).history()).containsExactly(new ConversationTurn("q1", "a1"));
  }
}
