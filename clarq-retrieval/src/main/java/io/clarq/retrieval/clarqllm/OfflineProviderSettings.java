package io.clarq.retrieval.clarqllm;

/**
 * The offline provider's thresholds, on the TF-IDF cosine between the question part of a seeker turn and a node's
 * text and purpose (0 to 1). Defaults, tuned on task types 1-13 only: {@link #DEFAULTS}.
 *
 * @param matchThreshold a node "matches well enough" at or above this score; the first such node in display order
 *     is given
 * @param minScore below this best score nothing matches at all: Response II
 * @param vagueThreshold a vague or confirming turn ("anything else?", "is that correct?") gets a node only when the
 *     best score reaches this
 * @param repeatThreshold when nothing available matches, an already given node scoring this much makes the turn a
 *     repeat (the earlier answer is restated)
 * @param multiInfo give every available node that matches well enough in one reply (the multi-info provider)
 *     instead of one node
 */
public record OfflineProviderSettings(
    double matchThreshold, double minScore, double vagueThreshold, double repeatThreshold, boolean multiInfo) {
  /**
   * The defaults were tuned on ClarQ-LLM task types 1 to this (by provider-audit on the published runs); figures on
   * those types are not held out and reports say so.
   */
  public static final int TUNED_UP_TO_TYPE = 13;

  /** The tuned defaults, single-node replies. */
  public static final OfflineProviderSettings DEFAULTS = new OfflineProviderSettings(0.10, 0.04, 0.25, 0.30, false);

  public OfflineProviderSettings {
    check("matchThreshold", matchThreshold);
    check("minScore", minScore);
    check("vagueThreshold", vagueThreshold);
    check("repeatThreshold", repeatThreshold);
    if (minScore > matchThreshold) {
      throw new IllegalArgumentException("illegal minScore " + minScore + ": must not exceed matchThreshold "
          + matchThreshold);
    }
  }

  private static void check(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException("illegal " + name + " " + value + ": must be in [0, 1]");
    }
  }

  /** These settings with multi-info replies switched on or off. */
  public OfflineProviderSettings withMultiInfo(boolean on) {
    return new OfflineProviderSettings(matchThreshold, minScore, vagueThreshold, repeatThreshold, on);
  }
}
