package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.HumanConversation;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.core.clariq.SyntheticConversation;
import io.clarq.core.clariq.SyntheticConversations;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.retrieval.clariq.question.MultiTurnSelector;
import io.clarq.retrieval.clariq.question.QuestionRanker;
import io.clarq.retrieval.clariq.question.QuestionRankerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A synthetic conversation feeds multi-turn selection and the question ranker exactly as a human one does. */
class SyntheticMultiTurnTest {
  @Test
  void testSyntheticAndHumanConversationsWithTheSameExchangesGetTheSameQuestions() {
    ClariqDataDir data = new ClariqDataDir(SharedData.require("clariq"));
    List<SyntheticConversation> synthetic = new ArrayList<>();
    // the first two facets of dev (rows of topic 101) are enough; every 97th of their conversations
    var firstRows = new io.clarq.core.clariq.ClariqTopics(data.topics(ClariqSplit.DEV).rows().subList(0, 60));
    SyntheticConversations.generate(ClariqSplit.DEV, firstRows, List.of(3), c -> {
      if (synthetic.size() < 8 && Math.floorMod(c.id().hashCode(), 97) == 0) {
        synthetic.add(c);
      }
    });
    assertThat(synthetic).hasSize(8);
    List<HumanConversation> human = new ArrayList<>();
    for (int i = 0; i < synthetic.size(); i++) {
      SyntheticConversation s = synthetic.get(i);
      human.add(new HumanConversation(i, s.topicId(), s.facet().id(), s.facet().description(), s.initialRequest(),
          s.turns()));
    }
    List<MultiTurnContext> fromSynthetic = new ArrayList<>();
    synthetic.forEach(s -> fromSynthetic.addAll(s.contexts()));
    List<MultiTurnContext> fromHuman = MultiTurnSelection.contexts(human, Set.of());
    assertThat(fromSynthetic).hasSameSizeAs(fromHuman).hasSize(synthetic.size() * 4);
    try (QuestionRanker ranker = new QuestionRanker(data.questionBank(), QuestionRankerConfig.DEFAULT)) {
      MultiTurnSelector selector = new MultiTurnSelector(ranker, 3, 0, null);
      List<MultiTurnRunRow> a = MultiTurnSelection.select(selector, fromSynthetic, "t");
      List<MultiTurnRunRow> b = MultiTurnSelection.select(selector, fromHuman, "t");
      for (int i = 0; i < a.size(); i++) {
        assertThat(a.get(i).question()).isEqualTo(b.get(i).question());
        assertThat(a.get(i).score()).isEqualTo(b.get(i).score());
        String query = MultiTurnSelector.query(fromSynthetic.get(i));
        assertThat(query).isEqualTo(MultiTurnSelector.query(fromHuman.get(i)));
        assertThat(ranker.rank(query, 10)).isEqualTo(ranker.rank(MultiTurnSelector.query(fromHuman.get(i)), 10));
      }
      // the contexts after three exchanges ask nothing more (--max-questions 3), as for human conversations
      assertThat(a.get(3).question()).isEmpty();
      assertThat(a.get(0).question()).isNotEmpty();
    }
  }
}
