package io.clarq.core.clariq;

import java.util.Objects;

/**
 * A user's initial request for one ClariQ topic, the only thing a system sees before it decides whether and what
 * to ask (test.tsv holds only these).
 *
 * @param topicId the topic id, e.g. 101
 * @param text the initial request, e.g. "Find me information about the Ritz Carlton Lake Las Vegas."
 */
public record ClariqRequest(int topicId, String text) {
  public ClariqRequest {
    Objects.requireNonNull(text, "text");
    if (topicId < 0) {
      throw new IllegalArgumentException("illegal topic id " + topicId + ": must be non-negative");
    }
  }
}
