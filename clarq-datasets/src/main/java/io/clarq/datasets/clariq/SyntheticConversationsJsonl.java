package io.clarq.datasets.clariq;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.clariq.Facet;
import io.clarq.core.clariq.SyntheticConversation;
import io.clarq.core.clariq.SyntheticConversations;
import io.clarq.core.files.AtomicFiles;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Synthetic multi-turn conversations as JSON Lines, one a line, fields in a fixed order:
 *
 * <pre>{"id":"train-F0001-Q00384-Q03442","topic_id":1,"facet_id":"F0001","facet":"...",
 *  "initial_request":"...","turns":[{"question_id":"Q00384","question":"...","answer":"..."}, ...]}</pre>
 *
 * Written streaming (no conversation is kept) through a temporary file that replaces the target only when complete.
 */
public final class SyntheticConversationsJsonl {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SyntheticConversationsJsonl() {}

  /**
   * Generates the split's conversations of the given lengths into {@code file} and returns how many of each length
   * were written. A run that fails or is killed leaves any earlier {@code file} as it was.
   */
  public static SortedMap<Integer, Long> write(Path file, ClariqSplit split, ClariqTopics topics, List<Integer> lengths) {
    SortedMap<Integer, Long> counts = new TreeMap<>();
    AtomicFiles.write(file, out -> {
      try {
        SyntheticConversations.generate(split, topics, lengths, c -> {
          try {
            out.write(toLine(c));
            out.write('\n');
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          counts.merge(c.turns().size(), 1L, Long::sum);
        });
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    });
    return counts;
  }

  /** One conversation as its JSON line (without the line break). */
  public static String toLine(SyntheticConversation c) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("id", c.id());
    o.put("topic_id", c.topicId());
    o.put("facet_id", c.facet().id());
    o.put("facet", c.facet().description());
    o.put("initial_request", c.initialRequest());
    ArrayNode turns = o.putArray("turns");
    for (int i = 0; i < c.turns().size(); i++) {
      turns.addObject().put("question_id", c.questionIds().get(i)).put("question", c.turns().get(i).question())
          .put("answer", c.turns().get(i).answer());
    }
    try {
      return MAPPER.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write conversation " + c.id(), e);
    }
  }

  /** Streams the conversations of a file to {@code sink}; errors name the file and line. */
  public static void forEach(Path file, Consumer<SyntheticConversation> sink) throws IOException {
    JsonLines.forEach(file, node -> sink.accept(fromJson(node)));
  }

  static SyntheticConversation fromJson(JsonNode o) {
    JsonNode array = JsonLines.field(o, "turns");
    if (!array.isArray()) {
      throw new IllegalArgumentException("field \"turns\" must be an array, got " + array);
    }
    List<String> ids = new ArrayList<>();
    List<ConversationTurn> turns = new ArrayList<>();
    for (JsonNode t : array) {
      ids.add(JsonLines.text(t, "question_id"));
      turns.add(new ConversationTurn(JsonLines.text(t, "question"), JsonLines.text(t, "answer")));
    }
    return new SyntheticConversation(JsonLines.text(o, "id"), JsonLines.integer(o, "topic_id"),
        new Facet(JsonLines.text(o, "facet_id"), JsonLines.text(o, "facet")), JsonLines.text(o, "initial_request"),
        ids, turns);
  }
}
