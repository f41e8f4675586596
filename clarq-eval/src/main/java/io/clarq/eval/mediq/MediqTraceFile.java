package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.mediq.MediqCase;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One MediQ reference trace file ({@code mediq/reference-traces/README.md}): the run's header (expert and patient
 * classes, the benchmark's command line), and per case every request the reference sent with the reply it got,
 * and the output line the benchmark wrote.
 *
 * @param file where it was read from
 * @param expertClass the reference expert class ("BasicExpert")
 * @param patientClass the reference patient class ("InstructPatient")
 * @param argv the benchmark's command line
 * @param cases the cases, in run order
 */
record MediqTraceFile(Path file, String expertClass, String patientClass, List<String> argv, List<TraceCase> cases) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One recorded request: the keyword arguments sent, the reply's content and its token counts. */
  record TraceRequest(String kind, JsonNode kwargs, String reply, long promptTokens, long completionTokens) {}

  /** One case: its requests in order and the benchmark's output record. */
  record TraceCase(int id, List<TraceRequest> requests, JsonNode output) {
    /** The case as the output record's {@code info} gives it (question, context, options, answer). */
    MediqCase mediqCase() {
      JsonNode info = output.path("info");
      Map<String, String> options = new LinkedHashMap<>();
      info.path("options").fields().forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
      List<String> context = new ArrayList<>();
      info.path("context").forEach(s -> context.add(s.asText()));
      return new MediqCase(id, info.path("question").asText(), context, options,
          info.path("correct_answer_idx").asText(), info.path("correct_answer").asText(), List.of(),
          Optional.empty());
    }
  }

  /**
   * Reads a trace file (gzip-compressed or plain JSON Lines).
   *
   * @throws IllegalArgumentException naming the file and line of a malformed record
   * @throws IOException when the file cannot be read
   */
  static MediqTraceFile read(Path file) throws IOException {
    String expert = null;
    String patient = null;
    List<String> argv = new ArrayList<>();
    List<TraceCase> cases = new ArrayList<>();
    Integer caseId = null;
    List<TraceRequest> requests = new ArrayList<>();
    for (JsonLines.TextLine text : JsonLines.nonBlankLines(file)) {
      String line = text.text();
      String where = text.where();
      JsonNode o;
      try {
        o = JSON.readTree(line);
      } catch (IOException e) {
        throw new IllegalArgumentException(where + ": not JSON: " + e.getMessage(), e);
      }
      switch (o.path("type").asText()) {
        case "header" -> {
          expert = required(o, "expert_class", where);
          patient = required(o, "patient_class", where);
          o.path("benchmark_argv").forEach(a -> argv.add(a.asText()));
        }
        case "case_start" -> {
          caseId = o.path("id").asInt();
          requests = new ArrayList<>();
        }
        case "request" -> {
          if (caseId == null || o.path("case_id").asInt(-1) != caseId) {
            throw new IllegalArgumentException(where + ": a request outside its case");
          }
          JsonNode reply = o.path("reply");
          requests.add(new TraceRequest(o.path("kind").asText(), o.path("kwargs"), reply.path("content").asText(),
              reply.path("usage").path("prompt_tokens").asLong(),
              reply.path("usage").path("completion_tokens").asLong()));
        }
        case "output" -> {
          if (caseId == null || o.path("case_id").asInt(-1) != caseId) {
            throw new IllegalArgumentException(where + ": an output outside its case");
          }
          cases.add(new TraceCase(caseId, List.copyOf(requests), o.path("record")));
          caseId = null;
        }
        default -> { }    // client_init, run_summary
      }
    }
    if (expert == null) {
      throw new IllegalArgumentException(file + ": no header record");
    }
    return new MediqTraceFile(file, expert, patient, List.copyOf(argv), List.copyOf(cases));
  }

  private static String required(JsonNode o, String field, String where) {
    JsonNode v = o.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException(where + ": the header has no \"" + field + "\"");
    }
    return v.asText();
  }

  /** The value of a flag of the command line, if given. */
  Optional<String> flag(String name) {
    int i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.size() ? Optional.of(argv.get(i + 1)) : Optional.empty();
  }

  /** Whether a switch of the command line is given. */
  boolean has(String name) {
    return argv.contains(name);
  }
}
