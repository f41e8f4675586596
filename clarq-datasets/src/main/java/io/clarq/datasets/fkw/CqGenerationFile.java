package io.clarq.datasets.fkw;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Generated questions as JSON Lines, one {@link CqGeneration} a line:
 *
 * <pre>
 * {"id":"102","topic_id":"107","request":"...","facet":"...","reference":"...","question":"...",
 *  "facet_satisfied":true,"generator":"template","ranking":"SINGLE","chosen":0,
 *  "candidates":[{"form":"...","text":"...","attempts":1,"rejected":[],"missing_facet_words":[],"score":null}]}
 * </pre>
 *
 * "question" and "facet_satisfied" repeat the chosen candidate for readers that look no further. Lines are written
 * whole and flushed one at a time ({@link Appender}), so an interrupted run keeps every finished question; on
 * {@link #readForResume} a last line cut short by the interruption is dropped.
 */
public final class CqGenerationFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private CqGenerationFile() {}

  /** Reads a whole file; the error names the file and line of the first malformed record. */
  public static List<CqGeneration> read(Path file) {
    return read(file, false);
  }

  /** Reads the finished records of a file being resumed: a last line without its newline is dropped. */
  public static List<CqGeneration> readForResume(Path file) {
    return read(file, true);
  }

  private static List<CqGeneration> read(Path file, boolean dropCutLastLine) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read generation file " + file, e);
    }
    String[] lines = text.split("\n", -1);
    int usable = lines.length;
    if (!text.isEmpty() && !text.endsWith("\n") && dropCutLastLine) {
      usable--;
    }
    List<CqGeneration> out = new ArrayList<>();
    for (int i = 0; i < usable; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        out.add(fromJson(JSON.readTree(lines[i])));
      } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException(
            "generation file " + file + ", line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** One record as a JSON line (without the newline). */
  public static String toJson(CqGeneration g) {
    FacetRequest r = g.example().request();
    GeneratedQuestion q = g.generated();
    ObjectNode o = JSON.createObjectNode();
    o.put("id", r.id()).put("topic_id", r.topicId()).put("request", r.request()).put("facet", r.facet())
        .put("reference", g.example().reference()).put("question", q.question())
        .put("facet_satisfied", q.facetSatisfied()).put("generator", q.generator())
        .put("ranking", q.ranking().name()).put("chosen", q.chosen());
    ArrayNode cands = o.putArray("candidates");
    for (QuestionCandidate c : q.candidates()) {
      ObjectNode co = cands.addObject();
      co.put("form", c.form()).put("text", c.text()).put("attempts", c.attempts());
      c.rejected().forEach(co.putArray("rejected")::add);
      c.missingFacetWords().forEach(co.putArray("missing_facet_words")::add);
      if (c.score().isPresent()) {
        co.put("score", c.score().getAsDouble());
      } else {
        co.putNull("score");
      }
    }
    return o.toString();
  }

  /** Parses one JSON record; the message names the missing or bad field. */
  static CqGeneration fromJson(JsonNode o) {
    FacetRequest r = new FacetRequest(text(o, "id"), text(o, "topic_id"), text(o, "request"), text(o, "facet"));
    List<QuestionCandidate> cands = new ArrayList<>();
    for (JsonNode c : field(o, "candidates")) {
      JsonNode score = c.get("score");
      cands.add(new QuestionCandidate(text(c, "form"), text(c, "text"), field(c, "attempts").asInt(),
          texts(c, "rejected"), texts(c, "missing_facet_words"),
          score == null || score.isNull() ? OptionalDouble.empty() : OptionalDouble.of(score.asDouble())));
    }
    String generator = text(o, "generator");
    String ranking = text(o, "ranking");
    int chosen = field(o, "chosen").asInt();
    GeneratedQuestion q;
    try {
      q = new GeneratedQuestion(r.id(), generator, GeneratedQuestion.Ranking.valueOf(ranking), cands, chosen);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad ranking or candidates: " + e.getMessage(), e);
    }
    return new CqGeneration(new CqExample(r, text(o, "reference")), q);
  }

  private static JsonNode field(JsonNode o, String name) {
    JsonNode v = o.get(name);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field \"" + name + "\"");
    }
    return v;
  }

  private static String text(JsonNode o, String name) {
    JsonNode v = field(o, name);
    if (!v.isTextual()) {
      throw new IllegalArgumentException("field \"" + name + "\" must be a string, got " + v);
    }
    return v.asText();
  }

  private static List<String> texts(JsonNode o, String name) {
    List<String> out = new ArrayList<>();
    JsonNode v = o.get(name);
    if (v != null) {
      v.forEach(x -> out.add(x.asText()));
    }
    return out;
  }

  /** Opens a file for writing records one at a time: a new file, or appending to the finished part of one. */
  public static Appender open(Path file, boolean append) {
    try {
      if (append && Files.exists(file)) {
        // cut a half-written last line so the next record starts on its own line
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (!text.isEmpty() && !text.endsWith("\n")) {
          Files.writeString(file, text.substring(0, text.lastIndexOf('\n') + 1), StandardCharsets.UTF_8);
        }
      }
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      BufferedWriter w = append
          ? Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
          : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      return new Appender(w);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open generation file " + file, e);
    }
  }

  /** Writes whole records, flushing each, so an interruption leaves every finished record readable. */
  public static final class Appender implements AutoCloseable {
    private final BufferedWriter writer;

    private Appender(BufferedWriter writer) {
      this.writer = writer;
    }

    /** Writes one record and flushes it. */
    public synchronized void write(CqGeneration g) {
      try {
        writer.write(toJson(g));
        writer.write('\n');
        writer.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write generated question " + g.example().id(), e);
      }
    }

    @Override
    public synchronized void close() {
      try {
        writer.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close generation file", e);
      }
    }
  }
}
