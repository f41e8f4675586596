package io.clarq.datasets.clariq;

import io.clarq.core.clariq.ConversationTurn;
import io.clarq.datasets.trec.FileFormatException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A clarification per topic, for retrieval-based document relevance: a TSV with the header
 * {@code topic_id question answer} (ClariQ's dialect), one row per topic.
 */
public final class ClarificationsTsv {
  /** The header. */
  public static final List<String> HEADER = List.of("topic_id", "question", "answer");

  private ClarificationsTsv() {}

  /** Topic id -> the question asked and the answer given; a repeated topic is an error naming the line. */
  public static Map<String, ConversationTurn> read(Path file) {
    String kind = "clarifications file";
    Map<String, ConversationTurn> out = new LinkedHashMap<>();
    for (ClariqTsv.Line l : ClariqTsv.read(file, kind, HEADER)) {
      if (out.put(l.cells().get(0), new ConversationTurn(l.cells().get(1), l.cells().get(2))) != null) {
        throw new FileFormatException(kind, file, l.number(), "topic " + l.cells().get(0) + " appears twice");
      }
    }
    return out;
  }
}
