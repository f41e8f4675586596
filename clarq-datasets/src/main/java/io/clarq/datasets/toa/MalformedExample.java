package io.clarq.datasets.toa;

import java.util.Objects;

/**
 * A HotpotQA example that could not be used, skipped by {@link HotpotQaReader#streamSkipping} and
 * {@link FlmGenerator}: a supporting fact that names a missing sentence, a field of the wrong type, no supporting fact
 * to mask.
 *
 * @param position the example's 0-based position in the file
 * @param id its {@code _id}, or "" when it has none
 * @param problem what is wrong, naming the file and example
 */
public record MalformedExample(int position, String id, String problem) {
  public MalformedExample {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(problem, "problem");
    if (position < 0) {
      throw new IllegalArgumentException("illegal example position " + position + ": must be non-negative");
    }
  }
}
