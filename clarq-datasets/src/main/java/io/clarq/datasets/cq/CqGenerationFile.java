package io.clarq.datasets.cq;

import static io.clarq.datasets.jsonl.JsonLines.field;
import static io.clarq.datasets.jsonl.JsonLines.text;
import static io.clarq.datasets.jsonl.JsonLines.texts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.file.Path;
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
 * "question" and "facet_satisfied" repeat the chosen candidate for readers that look no further. Written with
 * {@link JsonLines}: an interrupted run keeps every finished question.
 */
public final class CqGenerationFile {
  private static final String WHAT = "generation file";

  private CqGenerationFile() {}

  /** Reads a whole file; the error names the file and line of the first malformed record. */
  public static List<CqGeneration> read(Path file) {
    List<CqGeneration> all = JsonLines.readRecords(file, WHAT, CqGenerationFile::fromJson, false);
    java.util.Map<String, Integer> first = new java.util.HashMap<>();
    for (int i = 0; i < all.size(); i++) {
      Integer before = first.putIfAbsent(all.get(i).example().id(), i);
      if (before != null) {
        throw new IllegalArgumentException(WHAT + " " + file + ", line " + lineOfRecord(file, i) + ": id "
            + all.get(i).example().id() + " again (first on line " + lineOfRecord(file, before) + "); each question"
            + " once, or it would be rated and counted twice: remove one of the lines");
      }
    }
    return all;
  }

  /** The 1-based line of the {@code k}-th record (blank lines hold none). */
  private static int lineOfRecord(Path file, int k) {
    try {
      String[] lines = io.clarq.core.files.TextFiles.readUtf8(file).split("\n", -1);
      for (int i = 0, seen = 0; i < lines.length; i++) {
        if (!lines[i].isBlank() && seen++ == k) {
          return i + 1;
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // it was read a moment ago
    }
    throw new IllegalStateException("record " + k + " not found in " + file);
  }

  /** Reads the finished records of a file being resumed: a last line without its newline is dropped. */
  public static List<CqGeneration> readForResume(Path file) {
    return JsonLines.readRecords(file, WHAT, CqGenerationFile::fromJson, true);
  }

  /** Opens a file for writing records one at a time: a new file, or appending to the finished part of one. */
  public static JsonLines.Appender<CqGeneration> open(Path file, boolean append) {
    return JsonLines.open(file, WHAT, append, CqGenerationFile::toJson);
  }

  /**
   * Parses one line of a file.
   *
   * @param where the file and line, to begin error messages with
   * @throws IllegalArgumentException naming {@code where} and the bad field
   */
  public static CqGeneration fromLine(String line, String where) {
    JsonNode o = JsonLines.object(line, where, WHAT);
    try {
      return fromJson(o);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  /** One record as a JSON line (without the newline). */
  public static String toJson(CqGeneration g) {
    FacetRequest r = g.example().request();
    GeneratedQuestion q = g.generated();
    ObjectNode o = JsonLines.newObject();
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
}
