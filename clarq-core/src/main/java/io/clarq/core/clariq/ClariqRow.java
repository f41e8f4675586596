package io.clarq.core.clariq;

import java.util.Objects;

/**
 * One row of a labelled ClariQ file (train.tsv, dev.tsv, test_with_labels.tsv): a topic, one of its facets, one
 * clarifying question asked about it and the answer a user with that facet gave.
 *
 * @param topicId the topic id
 * @param initialRequest the user's initial request
 * @param topicDescription the TREC description of the topic
 * @param need the topic's clarification-need label
 * @param facet the facet the answer was given for
 * @param questionId the question's bank id
 * @param question the question text
 * @param answer the answer text
 */
public record ClariqRow(
    int topicId,
    String initialRequest,
    String topicDescription,
    ClarificationNeed need,
    Facet facet,
    String questionId,
    String question,
    String answer) {
  public ClariqRow {
    Objects.requireNonNull(initialRequest, "initialRequest");
    Objects.requireNonNull(topicDescription, "topicDescription");
    Objects.requireNonNull(need, "need");
    Objects.requireNonNull(facet, "facet");
    Objects.requireNonNull(questionId, "questionId");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(answer, "answer");
    if (topicId < 0) {
      throw new IllegalArgumentException("illegal topic id " + topicId + ": must be non-negative");
    }
  }
}
