package io.clarq.core.clariq;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The state of a multi-turn ClariQ conversation at the moment the system must pick its next question: the request
 * and the exchanges so far.
 *
 * @param contextId the id a multi-turn run names this context by (first column of the run)
 * @param topicId the topic of the conversation
 * @param initialRequest the user's initial request
 * @param history the earlier questions and answers, oldest first
 */
public record MultiTurnContext(String contextId, int topicId, String initialRequest, List<ConversationTurn> history) {
  public MultiTurnContext {
    Objects.requireNonNull(contextId, "contextId");
    Objects.requireNonNull(initialRequest, "initialRequest");
    history = List.copyOf(history);
    if (contextId.isBlank() || contextId.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("illegal context id \"" + contextId + "\": must be non-blank without spaces");
    }
  }

  /**
   * The contexts of one conversation, human or synthetic: after 0, 1, ... {@code turns.size()} exchanges, named
   * {@code <conversationId>-<exchanges so far>}.
   */
  public static List<MultiTurnContext> prefixes(
      String conversationId, int topicId, String initialRequest, List<ConversationTurn> turns) {
    List<MultiTurnContext> out = new ArrayList<>(turns.size() + 1);
    for (int t = 0; t <= turns.size(); t++) {
      out.add(new MultiTurnContext(conversationId + "-" + t, topicId, initialRequest, turns.subList(0, t)));
    }
    return out;
  }
}
