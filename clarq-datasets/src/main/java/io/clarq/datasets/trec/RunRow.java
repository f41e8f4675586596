package io.clarq.datasets.trec;

import java.util.Objects;

/**
 * One line of a TREC run: {@code <topic> Q0 <item> <rank> <score> <tag>}, with the line it came from.
 *
 * @param line 1-based line in the file (0 for rows made in memory)
 * @param topic the topic id as written
 * @param item the ranked item: a question id or a document id
 * @param rank the rank column (ignored by trec_eval and the ClariQ tool, kept for writing)
 * @param score the score column; rankings are ordered by it
 * @param tag the run tag
 */
public record RunRow(int line, String topic, String item, int rank, double score, String tag) {
  public RunRow {
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(tag, "tag");
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("illegal score NaN for topic " + topic + ", item " + item);
    }
  }
}
