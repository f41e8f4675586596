package io.clarq.eval.clarqllm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** A {@link RunForecast} as results.json keeps it under {@code forecast}: written by a run, read by a merge. */
public final class ForecastJson {
  private ForecastJson() {}

  /**
   * Writes {@code f} into {@code o}: dialogues, finished, basis, and per role calls and tokens as [low, high], and
   * {@code "mode": "batch"} for a role asked through a batch API.
   */
  public static void write(RunForecast f, ObjectNode o) {
    o.put("dialogues", f.dialogues()).put("finished_before", f.finished()).put("basis", f.basis());
    ObjectNode rs = o.putObject("roles");
    for (RunForecast.RoleForecast r : f.roles()) {
      ObjectNode ro = rs.putObject(r.role());
      ro.put("model", r.model());
      ro.putArray("calls").add(r.calls().low()).add(r.calls().high());
      ro.putArray("input_tokens").add(r.inputTokens().low()).add(r.inputTokens().high());
      ro.putArray("output_tokens").add(r.outputTokens().low()).add(r.outputTokens().high());
      if (r.batch()) {
        ro.put("mode", "batch");
      }
    }
  }

  /**
   * The forecast {@link #write} wrote into {@code o} (the {@code forecast} of a results.json; {@code actual} and
   * {@code calls_within_forecast} beside it are not read).
   *
   * @throws IllegalArgumentException naming what is missing or malformed
   */
  public static RunForecast read(JsonNode o) {
    List<RunForecast.RoleForecast> roles = new ArrayList<>();
    if (!o.path("roles").isObject() || o.path("roles").isEmpty()) {
      throw new IllegalArgumentException("forecast: no roles");
    }
    for (var it = o.path("roles").fields(); it.hasNext(); ) {
      var field = it.next();
      String role = field.getKey();
      JsonNode r = field.getValue();
      if (!r.isObject()) {
        throw new IllegalArgumentException("forecast: role " + role + " is not an object");
      }
      roles.add(new RunForecast.RoleForecast(role, r.path("model").asText(), range(r, "calls"),
          range(r, "input_tokens"), range(r, "output_tokens"), mode(r, role)));
    }
    if (!o.path("dialogues").isIntegralNumber() || !o.path("finished_before").isIntegralNumber()) {
      throw new IllegalArgumentException("forecast: no dialogues or finished_before count");
    }
    return new RunForecast(o.path("dialogues").asInt(), o.path("finished_before").asInt(),
        o.path("basis").asText(), roles);
  }

  private static boolean mode(JsonNode role, String name) {
    JsonNode m = role.path("mode");
    if (!m.isMissingNode() && !m.asText().equals("batch")) {
      throw new IllegalArgumentException("forecast: role " + name + ": mode " + m + " is not \"batch\"");
    }
    return !m.isMissingNode();
  }

  private static RunForecast.Range range(JsonNode role, String field) {
    JsonNode a = role.path(field);
    if (!a.isArray() || a.size() != 2 || !a.get(0).isIntegralNumber() || !a.get(1).isIntegralNumber()) {
      throw new IllegalArgumentException("forecast: " + field + " is not [low, high]");
    }
    return new RunForecast.Range(a.get(0).asLong(), a.get(1).asLong());
  }
}
