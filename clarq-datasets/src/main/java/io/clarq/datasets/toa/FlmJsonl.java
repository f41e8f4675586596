package io.clarq.datasets.toa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The FLM examples file: JSON Lines, one masked example a line, fields in a fixed order so that equal examples
 * give equal bytes:
 *
 * <pre>{"id":"&lt;_id&gt;/k","source_id":"&lt;_id&gt;","question":"...","answer":"...",
 *  "masked":{"title":"...","sentence":0},
 *  "facts":[{"title":"...","sentence":0,"text":"...","supporting":true}, ...]}</pre>
 *
 * {@code facts} holds every context sentence in context order, so the complete context (supporting facts), the
 * incomplete one (without the masked fact) and the candidate responses (all facts) follow from it.
 */
public final class FlmJsonl {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private FlmJsonl() {}

  /** One example as its JSON line (without the line break). */
  public static String toLine(FlmExample e) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("id", e.id());
    o.put("source_id", e.sourceId());
    o.put("question", e.question());
    o.put("answer", e.answer());
    ObjectNode masked = o.putObject("masked");
    masked.put("title", e.maskedFact().title());
    masked.put("sentence", e.maskedFact().sentenceIndex());
    ArrayNode facts = o.putArray("facts");
    for (Fact f : e.facts()) {
      facts.addObject()
          .put("title", f.title())
          .put("sentence", f.sentenceIndex())
          .put("text", f.text())
          .put("supporting", f.role() == FactRole.SUPPORTING);
    }
    try {
      return MAPPER.writeValueAsString(o);
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException("cannot write FLM example " + e.id(), ex);
    }
  }

  /** Writes one example and a line break. */
  public static void write(Writer out, FlmExample e) throws IOException {
    out.write(toLine(e));
    out.write('\n');
  }

  /** Reads every example; errors name the file and line. */
  public static List<FlmExample> read(Path file) throws IOException {
    List<FlmExample> examples = new ArrayList<>();
    JsonLines.forEach(file, node -> examples.add(fromJson(node)));
    return examples;
  }

  static FlmExample fromJson(JsonNode o) throws IOException {
    List<Fact> facts = new ArrayList<>();
    JsonNode factArray = JsonLines.field(o, "facts");
    if (!factArray.isArray()) {
      throw new IOException("field \"facts\" must be an array, got " + factArray);
    }
    for (JsonNode f : factArray) {
      facts.add(new Fact(JsonLines.text(f, "title"), JsonLines.integer(f, "sentence"), JsonLines.text(f, "text"),
          JsonLines.bool(f, "supporting") ? FactRole.SUPPORTING : FactRole.DISTRACTOR));
    }
    JsonNode m = JsonLines.field(o, "masked");
    String title = JsonLines.text(m, "title");
    int sentence = JsonLines.integer(m, "sentence");
    String id = JsonLines.text(o, "id");
    Fact masked = facts.stream()
        .filter(f -> f.title().equals(title) && f.sentenceIndex() == sentence)
        .findFirst()
        .orElseThrow(() -> new IOException("example " + id + ": masked fact \"" + title + "\"#" + sentence
            + " is not among its facts"));
    return new FlmExample(id, JsonLines.text(o, "source_id"), JsonLines.text(o, "question"),
        JsonLines.text(o, "answer"), facts, masked);
  }
}
