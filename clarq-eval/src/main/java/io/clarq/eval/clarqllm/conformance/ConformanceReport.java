package io.clarq.eval.clarqllm.conformance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of a conformance replay: every record's outcome, with counts per file and in all.
 *
 * @param packId the prompt pack replayed ("reference@...")
 * @param outcomes every record, in file order
 */
public record ConformanceReport(String packId, List<RecordOutcome> outcomes) {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public ConformanceReport {
    outcomes = List.copyOf(outcomes);
  }

  public int records() {
    return outcomes.size();
  }

  public int passed() {
    return (int) outcomes.stream().filter(RecordOutcome::passed).count();
  }

  public int requests() {
    return outcomes.stream().mapToInt(RecordOutcome::requests).sum();
  }

  public int requestsMatched() {
    return outcomes.stream().mapToInt(RecordOutcome::matched).sum();
  }

  /** Whether every record passed (and there was at least one). */
  public boolean allPassed() {
    return !outcomes.isEmpty() && passed() == records();
  }

  /** Per file: records passed/total and requests matched/total, then each failure. */
  public String text() {
    StringBuilder sb = new StringBuilder("prompt pack " + packId + "\n");
    Map<String, List<RecordOutcome>> byFile = new LinkedHashMap<>();
    for (RecordOutcome o : outcomes) {
      byFile.computeIfAbsent(o.file(), f -> new java.util.ArrayList<>()).add(o);
    }
    byFile.forEach((file, list) -> {
      ConformanceReport part = new ConformanceReport(packId, list);
      sb.append(String.format(java.util.Locale.ROOT, "%s: records %d/%d passed, requests %d/%d matched%n", file,
          part.passed(), part.records(), part.requestsMatched(), part.requests()));
      for (RecordOutcome o : list) {
        o.failure().ifPresent(f -> sb.append("  FAIL ").append(o.traceId()).append(" call ").append(f.call())
            .append(": ").append(f.reason()).append('\n'));
      }
    });
    sb.append(String.format(java.util.Locale.ROOT, "all: records %d/%d passed, requests %d/%d matched: %s%n",
        passed(), records(), requestsMatched(), requests(), allPassed() ? "CONFORMANT" : "NOT CONFORMANT"));
    return sb.toString();
  }

  /** {@code {"records", "passed", "requests", "requests_matched", "failures": [{"trace_id", "call", "reason"}]}}. */
  public String json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("prompt_pack", packId);
    root.put("records", records());
    root.put("passed", passed());
    root.put("requests", requests());
    root.put("requests_matched", requestsMatched());
    ArrayNode failures = root.putArray("failures");
    for (RecordOutcome o : outcomes) {
      o.failure().ifPresent(f -> failures.addObject().put("trace_id", o.traceId()).put("call", f.call())
          .put("reason", f.reason()));
    }
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the conformance report", e);
    }
  }
}
