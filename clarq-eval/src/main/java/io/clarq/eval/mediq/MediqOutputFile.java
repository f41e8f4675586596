package io.clarq.eval.mediq;

import static io.clarq.eval.mediq.MediqRecord.required;
import static io.clarq.eval.mediq.MediqRecord.text;
import static io.clarq.eval.mediq.MediqRecord.texts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the output file of the reference MediQ benchmark ({@code --output_filename}: one JSON object a line with
 * {@code id}, {@code interactive_system} and {@code info}) into outcomes, so its runs are scored with clarq's figures
 * and intervals. The expert's turns are not in that file; outcomes read from it have none.
 */
public final class MediqOutputFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private MediqOutputFile() {}

  /**
   * The outcomes of one output file.
   *
   * @param maxQuestions the run's {@code --max_questions}, which the timeout is judged against
   * @throws IllegalArgumentException naming the file and line of a line that is not an output record
   * @throws IOException when the file cannot be read
   */
  public static List<MediqOutcome> read(Path file, int maxQuestions) throws IOException {
    List<MediqOutcome> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      try {
        out.add(outcome(JSON.readTree(lines.get(i)), maxQuestions));
      } catch (IOException | IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException(file + ", line " + (i + 1) + ": not a MediQ output record: "
            + e.getMessage(), e);
      }
    }
    return out;
  }

  /** One output record as an outcome. */
  static MediqOutcome outcome(JsonNode o, int maxQuestions) {
    JsonNode is = required(o, "interactive_system");
    JsonNode info = required(o, "info");
    List<String> answers = new ArrayList<>();
    required(is, "answers").forEach(a -> answers.add(a.asText()));
    Optional<List<String>> facts = Optional.empty();
    if (info.hasNonNull("facts")) {
      List<String> f = new ArrayList<>();
      info.get("facts").forEach(x -> f.add(x.asText()));
      facts = Optional.of(f);
    }
    List<Optional<String>> choices = texts(required(is, "intermediate_choices"));
    return new MediqOutcome(required(o, "id").asInt(), required(info, "correct_answer_idx").asText(),
        text(is.get("letter_choice")), texts(required(is, "questions")), answers, choices, List.of(),
        choices.size() > maxQuestions, maxQuestions, facts);
  }
}
