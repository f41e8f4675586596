package io.clarq.datasets.cq;

import static io.clarq.datasets.jsonl.JsonLines.text;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.cq.HumanRating;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * People's rubric ratings of generated questions, to validate a judge against: JSON Lines in the form of a ratings
 * file ({@link RubricRatingFile}), where each scale is a grade or an object with one, and "question" and "judge" are
 * optional:
 *
 * <pre>
 * {"id":"102","naturalness":"Good","usefulness":"Fair"}
 * {"id":"231","question":"...","naturalness":{"grade":"Bad","reason":"not a question"},"usefulness":"Bad"}
 * </pre>
 *
 * Errors name the file and line: a grade other than Good/Fair/Bad, a missing field, an id given twice.
 */
public final class HumanRatingsFile {
  private HumanRatingsFile() {}

  /** Reads a whole file. */
  public static List<HumanRating> read(Path file) {
    Set<String> ids = new HashSet<>();
    return JsonLines.readRecords(file, "human ratings file", o -> {
      HumanRating r = fromJson(o);
      if (!ids.add(r.id())) {
        throw new IllegalArgumentException("id " + r.id() + " is rated twice");
      }
      return r;
    }, false);
  }

  static HumanRating fromJson(JsonNode o) {
    JsonNode q = o.get("question");
    return new HumanRating(text(o, "id"), q == null || q.isNull() ? Optional.empty() : Optional.of(q.asText()),
        RubricRatingFile.rating(o));
  }
}
