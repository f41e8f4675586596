package io.clarq.datasets.toa;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads HotpotQA's original JSON: one array of examples, each with {@code _id}, {@code question}, {@code answer},
 * {@code type}, {@code level}, {@code supporting_facts} and {@code context}. The file is streamed (one example's
 * tree at a time; the train set is 540 MB), and every example is checked as it is read: errors name the file, the
 * example's position and {@code _id}, and what is wrong.
 */
public final class HotpotQaReader {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private HotpotQaReader() {}

  /** Passes every example of the file to the sink, in file order; the first malformed example is an error. */
  public static void stream(Path file, Consumer<HotpotExample> sink) throws IOException {
    stream(file, sink, null);
  }

  /**
   * Passes every well-formed example to the sink and every malformed one (a supporting fact naming a missing
   * sentence, a missing or mistyped field) to {@code skipped}, in file order. A file that is not a JSON array of
   * objects is still an error.
   */
  public static void streamSkipping(Path file, Consumer<HotpotExample> sink, Consumer<MalformedExample> skipped)
      throws IOException {
    stream(file, sink, java.util.Objects.requireNonNull(skipped, "skipped"));
  }

  private static void stream(Path file, Consumer<HotpotExample> sink, Consumer<MalformedExample> skipped)
      throws IOException {
    try (InputStream in = Files.newInputStream(file); JsonParser p = MAPPER.getFactory().createParser(in)) {
      if (p.nextToken() != JsonToken.START_ARRAY) {
        throw new IOException(file + ": expected a JSON array of HotpotQA examples, got " + p.currentToken());
      }
      int position = 0;
      for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        if (t != JsonToken.START_OBJECT) {
          throw new IOException(file + ", example " + position + ": expected an object, got " + t);
        }
        JsonNode node = p.readValueAsTree();
        HotpotExample example;
        try {
          example = toExample(file, position, node);
        } catch (IOException e) {
          if (skipped == null) {
            throw e;
          }
          skipped.accept(new MalformedExample(position, node.path("_id").isTextual() ? node.get("_id").asText() : "",
              e.getMessage()));
          position++;
          continue;
        }
        sink.accept(example);
        position++;
      }
    } catch (JsonProcessingException e) {
      throw new IOException(file + ": not valid HotpotQA JSON at line " + e.getLocation().getLineNr() + ", column "
          + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage(), e);
    }
  }

  /** Every example of the file (for the small sets; prefer {@link #stream} for the full ones). */
  public static List<HotpotExample> readAll(Path file) throws IOException {
    List<HotpotExample> all = new ArrayList<>();
    stream(file, all::add);
    return all;
  }

  static HotpotExample toExample(Path file, int position, JsonNode node) throws IOException {
    String where = file + ", example " + position;
    String id = text(node, "_id", where);
    where += " (_id " + id + ")";
    List<SupportingFact> facts = new ArrayList<>();
    for (JsonNode f : array(node, "supporting_facts", where)) {
      if (!f.isArray() || f.size() != 2 || !f.get(0).isTextual() || !f.get(1).canConvertToInt()) {
        throw new IOException(where + ": supporting fact " + f + " is not [title, sentence index]");
      }
      facts.add(new SupportingFact(f.get(0).asText(), f.get(1).asInt()));
    }
    List<Paragraph> context = new ArrayList<>();
    for (JsonNode para : array(node, "context", where)) {
      if (!para.isArray() || para.size() != 2 || !para.get(0).isTextual() || !para.get(1).isArray()) {
        throw new IOException(where + ": context paragraph " + abbreviate(para) + " is not [title, [sentences]]");
      }
      List<String> sentences = new ArrayList<>();
      for (JsonNode s : para.get(1)) {
        if (!s.isTextual()) {
          throw new IOException(where + ": paragraph \"" + para.get(0).asText() + "\", sentence " + sentences.size()
              + " is not a string: " + s);
        }
        sentences.add(s.asText());
      }
      if (sentences.isEmpty()) {
        throw new IOException(where + ": context paragraph \"" + para.get(0).asText() + "\" has no sentences"
            + " (every paragraph of the distractor setting holds at least one; its facts would be missing)");
      }
      context.add(new Paragraph(para.get(0).asText(), sentences));
    }
    try {
      return new HotpotExample(id, text(node, "question", where), text(node, "answer", where),
          node.path("type").asText(""), node.path("level").asText(""), facts, context);
    } catch (IllegalArgumentException e) {
      throw new IOException(file + ", example " + position + ": " + e.getMessage(), e);
    }
  }

  private static String text(JsonNode node, String field, String where) throws IOException {
    JsonNode v = node.get(field);
    if (v == null || !v.isTextual()) {
      throw new IOException(where + ": missing or non-text \"" + field + "\"");
    }
    return v.asText();
  }

  private static JsonNode array(JsonNode node, String field, String where) throws IOException {
    JsonNode v = node.get(field);
    if (v == null || !v.isArray()) {
      throw new IOException(where + ": missing or non-array \"" + field + "\"");
    }
    return v;
  }

  private static String abbreviate(JsonNode node) {
    String s = node.toString();
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }
}
