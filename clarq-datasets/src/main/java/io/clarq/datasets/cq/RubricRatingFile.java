package io.clarq.datasets.cq;

import static io.clarq.datasets.jsonl.JsonLines.field;
import static io.clarq.datasets.jsonl.JsonLines.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.cq.ScaleRating;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.file.Path;
import java.util.List;

/**
 * Rubric judgements as JSON Lines, one {@link CqJudgement} a line, written with {@link JsonLines}:
 *
 * <pre>
 * {"id":"102","question":"...","judge":"llm:gpt-4o","naturalness":{"grade":"Good","reason":"..."},
 *  "usefulness":{"grade":"Fair","reason":"..."}}
 * {"id":"231","question":"...","judge":"llm:gpt-4o","unparsed":{"raw":"...","problem":"no JSON object ..."}}
 * </pre>
 */
public final class RubricRatingFile {
  private static final String WHAT = "ratings file";

  private RubricRatingFile() {}

  /** Reads a whole file; the error names the file and line of the first malformed record. */
  public static List<CqJudgement> read(Path file) {
    return JsonLines.readRecords(file, WHAT, RubricRatingFile::fromJson, false);
  }

  /** Reads the finished records of a file being resumed: a last line without its newline is dropped. */
  public static List<CqJudgement> readForResume(Path file) {
    return JsonLines.readRecords(file, WHAT, RubricRatingFile::fromJson, true);
  }

  /** Opens a file for writing judgements one at a time: a new file, or appending to the finished part of one. */
  public static JsonLines.Appender<CqJudgement> open(Path file, boolean append) {
    return JsonLines.open(file, WHAT, append, RubricRatingFile::toJson);
  }

  /**
   * Parses one line of a file.
   *
   * @param where the file and line, to begin error messages with
   * @throws IllegalArgumentException naming {@code where} and the bad field
   */
  public static CqJudgement fromLine(String line, String where) {
    JsonNode o = JsonLines.object(line, where, WHAT);
    try {
      return fromJson(o);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  /** One judgement as a JSON line (without the newline). */
  public static String toJson(CqJudgement j) {
    ObjectNode o = JsonLines.newObject();
    o.put("id", j.id()).put("question", j.question()).put("judge", j.judge());
    if (j.outcome() instanceof RubricRating r) {
      for (RubricScale s : RubricScale.values()) {
        o.putObject(s.key()).put("grade", r.on(s).grade().label()).put("reason", r.on(s).reason());
      }
    } else {
      UnparsedRating u = (UnparsedRating) j.outcome();
      o.putObject("unparsed").put("raw", u.raw()).put("problem", u.problem());
    }
    return o.toString();
  }

  static CqJudgement fromJson(JsonNode o) {
    RubricOutcome outcome;
    if (o.has("unparsed")) {
      JsonNode u = o.get("unparsed");
      outcome = new UnparsedRating(text(u, "raw"), text(u, "problem"));
    } else {
      outcome = rating(o);
    }
    return new CqJudgement(text(o, "id"), text(o, "question"), text(o, "judge"), outcome);
  }

  /**
   * Both scales of a record: each {@code {"grade": "Good", "reason": "..."}} or just {@code "Good"} (no reason); the
   * error names the scale and the grade that is not Good, Fair or Bad.
   */
  static RubricRating rating(JsonNode o) {
    ScaleRating[] r = new ScaleRating[2];
    for (RubricScale s : RubricScale.values()) {
      JsonNode v = field(o, s.key());
      String g = v.isTextual() ? v.asText() : text(v, "grade");
      String reason = v.isTextual() ? "" : v.path("reason").asText("");
      r[s.ordinal()] = new ScaleRating(Grade.parse(g).orElseThrow(() -> new IllegalArgumentException(
          s.key() + " grade \"" + g + "\" is not Good, Fair or Bad")), reason);
    }
    return new RubricRating(r[0], r[1]);
  }
}
