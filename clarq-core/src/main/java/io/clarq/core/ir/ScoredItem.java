package io.clarq.core.ir;

import java.util.Objects;

/**
 * One line of a ranking as a run file gives it: an item (question or document id) and its score.
 *
 * @param id the item id
 * @param score the system's score; higher is better
 */
public record ScoredItem(String id, double score) {
  public ScoredItem {
    Objects.requireNonNull(id, "id");
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("illegal score NaN for " + id);
    }
  }
}
