package io.clarq.eval.clariq;

import io.clarq.core.clariq.HumanConversation;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.retrieval.clariq.question.MultiTurnSelector;
import java.util.ArrayList;
import java.util.List;

/**
 * Multi-turn selection over many contexts, as multi-turn run rows (one per context, rank 1; the question text, or
 * {@code ""} to ask nothing). Contexts come from the human-generated conversations: after 0, 1 and 2 exchanges
 * (and 3, when a conversation is complete), so each conversation yields up to four decisions.
 */
public final class MultiTurnSelection {
  private MultiTurnSelection() {}

  /** The contexts of the human conversations, optionally only those of the given topics (empty: all). */
  public static List<MultiTurnContext> contexts(List<HumanConversation> conversations, java.util.Set<Integer> topics) {
    List<MultiTurnContext> out = new ArrayList<>();
    for (HumanConversation c : conversations) {
      if (topics.isEmpty() || topics.contains(c.topicId())) {
        out.addAll(c.contexts());
      }
    }
    return out;
  }

  /** Selects for every context. */
  public static List<MultiTurnRunRow> select(MultiTurnSelector selector, List<MultiTurnContext> contexts, String tag) {
    List<MultiTurnRunRow> rows = new ArrayList<>(contexts.size());
    for (MultiTurnContext c : contexts) {
      MultiTurnSelector.Selection s = selector.select(c);
      rows.add(new MultiTurnRunRow(0, c.contextId(), s.text(), 1, s.score(), tag));
    }
    return rows;
  }
}
