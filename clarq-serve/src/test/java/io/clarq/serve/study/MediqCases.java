package io.clarq.serve.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small MediQ case files in MediQ's format, written in our own words, and a human-expert study spec over them. */
public final class MediqCases {
  static final ObjectMapper JSON = new ObjectMapper();

  private MediqCases() {}

  /** A case in MediQ's format: the answer is B. */
  public static String caseLine(int id, String complaint, String answer) {
    ObjectNode o = JSON.createObjectNode().put("id", id).put("question", "Which condition best explains "
        + complaint + "?");
    o.putArray("context").add("A " + (20 + id) + "-year-old visits the clinic with " + complaint + ".")
        .add("The symptoms began " + (id + 2) + " days ago.").add("A blood test shows a raised white cell count.");
    o.putObject("options").put("A", "Seasonal allergy").put("B", answer).put("C", "Muscle strain")
        .put("D", "Dehydration");
    o.put("answer", answer).put("answer_idx", "B");
    o.putArray("facts").add("The patient is " + (20 + id) + " years old.").add("The patient has " + complaint + ".")
        .add("The symptoms began " + (id + 2) + " days ago.").add("A blood test shows a raised white cell count.");
    o.putNull("patient");
    return o.toString();
  }

  /** A MediQ data folder under {@code dir} with three craft_md cases (0, 1, 2) and two dev_good cases (10, 11). */
  public static Path data(Path dir) throws Exception {
    Path d = Files.createDirectories(dir.resolve("mediq-data"));
    Files.write(d.resolve("all_craft_md.jsonl"), List.of(caseLine(0, "a fever and a cough", "Pneumonia"),
        caseLine(1, "a burning pain when urinating", "Urinary infection"),
        caseLine(2, "a rash after a hike", "Tick-borne infection")), StandardCharsets.UTF_8);
    Files.write(d.resolve("all_dev_good.jsonl"), List.of(caseLine(10, "headaches in the morning", "Hypertension"),
        caseLine(11, "tiredness and pale skin", "Anaemia")), StandardCharsets.UTF_8);
    return d;
  }

  /** Study "clinic" on craft_md/0, craft_md/2 and dev_good/11 with the offline patient. */
  public static StudySpec spec(Path data, int participants, int each, int maxQuestions) throws Exception {
    return StudySpec.parse(JSON.readTree("{\"name\":\"clinic\",\"mode\":\"human-expert\",\"benchmark\":\"mediq\","
        + "\"participants\":" + participants + ",\"per_participant\":" + each + ",\"cases\":{\"source\":"
        + JSON.writeValueAsString(data.toString()) + ",\"ids\":[\"craft_md/0\",\"craft_md/2\",\"dev_good/11\"]},"
        + "\"max_questions\":" + maxQuestions + "}"), null);
  }
}
