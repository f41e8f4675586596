package io.clarq.core.clariq;

import java.util.List;
import java.util.Objects;

/**
 * One conversation of ClariQ's human-generated multi-turn data: a topic, the facet the user had in mind, the
 * request and up to three question-answer exchanges.
 *
 * @param index the row index (first column of the file)
 * @param topicId the topic id
 * @param facetId the facet id
 * @param facet the facet description
 * @param initialRequest the user's initial request
 * @param turns the exchanges in order
 */
public record HumanConversation(
    int index, int topicId, String facetId, String facet, String initialRequest, List<ConversationTurn> turns) {
  public HumanConversation {
    Objects.requireNonNull(facetId, "facetId");
    Objects.requireNonNull(facet, "facet");
    Objects.requireNonNull(initialRequest, "initialRequest");
    turns = List.copyOf(turns);
  }

  /**
   * The contexts this conversation yields: after 0, 1, ... turns, named {@code <index>-<turns>} (so {@code 7-0} is
   * the request alone and {@code 7-2} the request plus two exchanges).
   */
  public List<MultiTurnContext> contexts() {
    return MultiTurnContext.prefixes(Integer.toString(index), topicId, initialRequest, turns);
  }
}
