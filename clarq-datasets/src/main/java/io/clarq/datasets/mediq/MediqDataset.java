package io.clarq.datasets.mediq;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.PatientProfile;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads MediQ's case files (one JSON object a line: {@code id}, {@code question}, {@code context}, {@code options},
 * {@code answer}, {@code answer_idx}, {@code facts}, {@code patient}); the cases keep the file's order and its strings
 * byte for byte.
 *
 * <pre>{@code
 * List<MediqCase> cases = MediqDataset.load(Path.of("data/mediq/data"), MediqSplit.CRAFT_MD);
 * }</pre>
 */
public final class MediqDataset {
  private MediqDataset() {}

  /**
   * The cases of {@code split} in {@code folder}.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed case or a repeated id
   * @throws java.io.UncheckedIOException when the file cannot be read
   */
  public static List<MediqCase> load(Path folder, MediqSplit split) {
    return read(folder.resolve(split.file()));
  }

  /**
   * The cases of one file.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed case or a repeated id
   */
  public static List<MediqCase> read(Path file) {
    List<MediqCase> cases = JsonLines.readRecords(file, "MediQ case file", MediqDataset::parse, false);
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < cases.size(); i++) {
      if (!seen.add(cases.get(i).id())) {
        throw new IllegalArgumentException("MediQ case file " + file + ": id " + cases.get(i).id()
            + " appears more than once (case " + (i + 1) + ")");
      }
    }
    return cases;
  }

  /**
   * One case from its JSON object.
   *
   * @throws IllegalArgumentException naming the missing or malformed field
   */
  public static MediqCase parse(JsonNode o) {
    int caseId = JsonLines.integer(o, "id");
    try {
      JsonNode opts = o.get("options");
      if (opts == null || !opts.isObject()) {
        throw new IllegalArgumentException("\"options\" must be an object of letters A-D");
      }
      Map<String, String> options = new LinkedHashMap<>();
      opts.fields().forEachRemaining(e -> options.put(e.getKey(), textOf(e.getValue(), "options." + e.getKey())));
      List<String> facts = o.has("facts") && !o.get("facts").isNull() ? JsonLines.texts(o, "facts") : List.of();
      return new MediqCase(caseId, JsonLines.text(o, "question"), JsonLines.texts(o, "context"), options,
          JsonLines.text(o, "answer_idx"), JsonLines.text(o, "answer"), facts, profile(o.get("patient")));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException("case " + caseId + ": " + e.getMessage(), e);
    }
  }

  private static Optional<PatientProfile> profile(JsonNode p) {
    if (p == null || p.isNull()) {
      return Optional.empty();
    }
    if (!p.isObject()) {
      throw new IllegalArgumentException("\"patient\" must be an object");
    }
    return Optional.of(new PatientProfile(optionalText(p, "age"), optionalText(p, "gender")));
  }

  private static Optional<String> optionalText(JsonNode o, String field) {
    JsonNode v = o.get(field);
    return v == null || v.isNull() ? Optional.empty() : Optional.of(textOf(v, "patient." + field));
  }

  private static String textOf(JsonNode v, String field) {
    if (!v.isTextual()) {
      throw new IllegalArgumentException("\"" + field + "\" must be a string, got " + v);
    }
    return v.asText();
  }

  /** The ids of {@code cases}, in order (for messages and fingerprints). */
  public static List<Integer> ids(List<MediqCase> cases) {
    List<Integer> ids = new ArrayList<>(cases.size());
    cases.forEach(c -> ids.add(c.id()));
    return ids;
  }
}
