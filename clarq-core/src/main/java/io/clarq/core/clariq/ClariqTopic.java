package io.clarq.core.clariq;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A labelled ClariQ topic: the request, its clarification need (taken from the topic's first row, as the
 * official tool does), its facets and the questions judged relevant to it (the union over facets).
 *
 * @param id the topic id
 * @param initialRequest the user's initial request
 * @param description the TREC description
 * @param need the clarification-need label
 * @param facets the facets in file order
 * @param relevantQuestionIds the distinct question ids over all rows of the topic, in file order
 */
public record ClariqTopic(
    int id,
    String initialRequest,
    String description,
    ClarificationNeed need,
    List<Facet> facets,
    Set<String> relevantQuestionIds) {
  public ClariqTopic {
    Objects.requireNonNull(initialRequest, "initialRequest");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(need, "need");
    facets = List.copyOf(facets);
    relevantQuestionIds = Collections.unmodifiableSet(new LinkedHashSet<>(relevantQuestionIds));
    if (id < 0) {
      throw new IllegalArgumentException("illegal topic id " + id + ": must be non-negative");
    }
  }

  /** The request alone, as a system sees it. */
  public ClariqRequest request() {
    return new ClariqRequest(id, initialRequest);
  }
}
