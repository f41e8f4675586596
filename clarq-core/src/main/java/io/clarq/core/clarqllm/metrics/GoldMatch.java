package io.clarq.core.clarqllm.metrics;

import io.clarq.core.clarqllm.tree.NodeId;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Where the verbatim stages found one gold line.
 *
 * @param node the gold line's node
 * @param gold the line as the evaluator compares it (speaker prefix and whitespace stripped, lower-cased for
 *     English, trailing punctuation stripped)
 * @param found equal to a whole provider line, contained in one, or left for the judge
 * @param providerLine for found lines, the index of the first provider line holding it (0 = h[4], the first
 *     scored provider line)
 */
public record GoldMatch(NodeId node, String gold, Found found, OptionalInt providerLine) {
  /** How the verbatim stages found a gold line. */
  public enum Found {
    /** Equal to a whole provider line (stage 2). */
    WHOLE_LINE,
    /** Contained in a provider line once trailing punctuation is ignored (stage 3). */
    SUBSTRING,
    /** In no provider line: a leftover, for the judge (stage 4). */
    LEFTOVER
  }

  public GoldMatch {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(gold, "gold");
    Objects.requireNonNull(found, "found");
    Objects.requireNonNull(providerLine, "providerLine");
    if ((found == Found.LEFTOVER) == providerLine.isPresent()) {
      throw new IllegalArgumentException("illegal gold match for node " + node
          + ": a provider line index is given exactly when the line was found");
    }
  }
}
