package io.clarq.core.cq;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a question generator is asked: write one clarifying question for a user's request that asks about one
 * facet of it. The facet is given as keywords (ClariQ-FKw) or as a description (ClariQ's facet_desc); either way
 * its words are the constraint a facet-constrained generator must honour.
 *
 * @param id identifies the request within its data set (ClariQ-FKw: the row index; ClariQ: the facet id)
 * @param topicId the ClariQ topic the request belongs to
 * @param request the user's initial request, verbatim
 * @param facet the facet keywords or description, verbatim
 */
public record FacetRequest(String id, String topicId, String request, String facet) {
  public FacetRequest {
    requireText("id", id);
    requireText("topic id", topicId);
    requireText("request", request);
    requireText("facet", facet);
  }

  private static void requireText(String what, String value) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException("illegal facet request: empty " + what);
    }
  }

  /**
   * The facet's words, lower-cased, in order, without repeats: the words a facet-constrained question must
   * contain. Words are split as {@link OverlapTokens#tokenize} splits them.
   */
  public List<String> facetWords() {
    return OverlapTokens.tokenize(facet).stream().distinct().toList();
  }

  @Override
  public String toString() {
    return "FacetRequest{" + id + ", topic " + topicId + ": \"" + request + "\" / facet \""
        + facet.toLowerCase(Locale.ROOT) + "\"}";
  }
}
