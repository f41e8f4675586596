package io.clarq.core.cq;

import java.util.Objects;

/**
 * A facet request with the question a person wrote for it (ClariQ-FKw's reference question): what overlap metrics
 * and the rubric judge compare a generated question with.
 *
 * @param request the request and facet
 * @param reference the reference clarifying question, verbatim
 */
public record CqExample(FacetRequest request, String reference) {
  public CqExample {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(reference, "reference");
    if (reference.isBlank()) {
      throw new IllegalArgumentException("illegal example " + request.id() + ": empty reference question");
    }
  }

  public String id() {
    return request.id();
  }
}
