package io.clarq.core.cq;

import java.util.Objects;

/**
 * A generated question with the example it answers: one line of a generation file, and what the rubric judge and the
 * overlap metrics read.
 *
 * @param example the request, facet and reference question
 * @param generated the generator's answer to {@code example.request()}
 */
public record CqGeneration(CqExample example, GeneratedQuestion generated) {
  public CqGeneration {
    Objects.requireNonNull(example, "example");
    Objects.requireNonNull(generated, "generated");
    if (!example.id().equals(generated.requestId())) {
      throw new IllegalArgumentException("illegal generation: question for request " + generated.requestId()
          + " paired with example " + example.id());
    }
  }
}
