package io.clarq.core.clariq;

import java.util.List;
import java.util.Objects;

/**
 * A synthetic multi-turn ClariQ conversation (the paper's §4.2): a user with one facet in mind is asked several
 * questions of the topic's question set in a given order and answers each as the data records for that facet.
 *
 * @param id the conversation id, {@code <split>-<facet id>-<question id>-...}, e.g. {@code train-F0001-Q00384-Q03442}
 * @param topicId the topic
 * @param facet the facet the user has in mind (its description is never part of a query)
 * @param initialRequest the user's initial request
 * @param questionIds the bank ids of the questions asked, in order
 * @param turns the questions and the recorded answers, in order
 */
public record SyntheticConversation(
    String id, int topicId, Facet facet, String initialRequest, List<String> questionIds,
    List<ConversationTurn> turns) {
  public SyntheticConversation {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(facet, "facet");
    Objects.requireNonNull(initialRequest, "initialRequest");
    questionIds = List.copyOf(questionIds);
    turns = List.copyOf(turns);
    if (questionIds.size() != turns.size() || turns.isEmpty()) {
      throw new IllegalArgumentException("synthetic conversation " + id + ": " + questionIds.size()
          + " question ids for " + turns.size() + " turns: must be equal and at least 1");
    }
    if (id.isBlank() || id.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("illegal conversation id \"" + id + "\": must be non-blank without spaces");
    }
  }

  /**
   * The contexts this conversation yields, exactly as {@link HumanConversation#contexts()} does for a human one:
   * after 0, 1, ... turns, named {@code <id>-<turns>}.
   */
  public List<MultiTurnContext> contexts() {
    return MultiTurnContext.prefixes(id, topicId, initialRequest, turns);
  }
}
