package io.clarq.eval.scorecard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.Deviation;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Interval;
import io.clarq.eval.report.FiguresJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A {@link Scorecard} as {@code scorecard.json} (schema {@code docs/schemas/scorecard.schema.json}): {@code format}
 * ({@value Scorecard#FORMAT}), {@code name}, {@code agent}, {@code agent_source}, and {@code entries}, each with
 * {@code id} (its folder in the suite folder), {@code benchmark}, {@code measure}, {@code interval}, {@code figures}
 * ({@code label}, {@code value}, {@code ci95}, {@code items}), {@code items}, {@code trials}, {@code pass_hat} (by
 * label, k = 1..trials), {@code agent}, {@code models} (by role), {@code usage} (by role: {@code calls},
 * {@code input_tokens}, {@code output_tokens}, {@code cached_input_tokens}; null when the run records none),
 * {@code cost_usd} (null when unknown) and {@code deviations}; then {@code others}, the run folders that give no
 * headline ({@code id}, {@code benchmark}, {@code why}). Undefined numbers are null.
 */
public final class ScorecardJson {
  /** The file's name in the suite folder. */
  public static final String FILE = "scorecard.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ScorecardJson() {}

  /** The scorecard as one JSON object. */
  public static ObjectNode json(Scorecard card) {
    ObjectNode o = JSON.createObjectNode().put("format", Scorecard.FORMAT).put("name", card.name())
        .put("agent", card.agent()).put("agent_source", card.agentSource());
    ArrayNode entries = o.putArray("entries");
    for (Scorecard.Entry e : card.entries()) {
      ObjectNode n = entries.addObject().put("id", e.id()).put("benchmark", e.benchmark())
          .put("measure", e.measure()).put("interval", e.interval());
      ArrayNode fs = n.putArray("figures");
      e.figures().forEach(f -> FiguresJson.estimate(f.estimate(), fs.addObject().put("label", f.label()))
          .put("items", f.items()));
      n.put("items", e.items()).put("trials", e.trials());
      ObjectNode hat = n.putObject("pass_hat");
      e.passHat().forEach((k, v) -> {
        ArrayNode a = hat.putArray(k);
        v.forEach(x -> {
          if (Double.isNaN(x)) {
            a.addNull();
          } else {
            a.add(x);
          }
        });
      });
      n.put("agent", e.agent());
      ObjectNode models = n.putObject("models");
      e.models().forEach(models::put);
      if (e.usage().isEmpty()) {
        n.putNull("usage");
      } else {
        ObjectNode u = n.putObject("usage");
        e.usage().forEach((role, r) -> u.putObject(role).put("calls", r.calls()).put("input_tokens", r.inputTokens())
            .put("output_tokens", r.outputTokens()).put("cached_input_tokens", r.cachedInputTokens()));
      }
      if (e.cost().isPresent()) {
        n.put("cost_usd", e.cost().getAsDouble());
      } else {
        n.putNull("cost_usd");
      }
      Deviation.writeAll(e.deviations(), n.putArray("deviations"));
    }
    ArrayNode others = o.putArray("others");
    card.others().forEach(x -> others.addObject().put("id", x.id()).put("benchmark", x.benchmark()).put("why",
        x.why()));
    return o;
  }

  /** {@link #json} as indented text. */
  public static String jsonText(Scorecard card) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json(card)) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the scorecard of " + card.name() + " as JSON", e);
    }
  }

  /**
   * Reads a {@code scorecard.json}.
   *
   * @throws IllegalArgumentException naming the file when it cannot be read, is not of format
   *     {@value Scorecard#FORMAT}, or holds a bad value
   */
  public static Scorecard read(Path file) {
    JsonNode o = Scorecards.readJson(file);
    if (!Scorecard.FORMAT.equals(o.path("format").asText())) {
      throw new IllegalArgumentException(file + ": not a scorecard (format \"" + o.path("format").asText()
          + "\", expected \"" + Scorecard.FORMAT + "\")");
    }
    try {
      List<Scorecard.Entry> entries = new ArrayList<>();
      for (JsonNode n : o.path("entries")) {
        entries.add(entry(n));
      }
      List<Scorecard.Other> others = new ArrayList<>();
      for (JsonNode n : o.path("others")) {
        others.add(new Scorecard.Other(n.path("id").asText(), n.path("benchmark").asText(), n.path("why").asText()));
      }
      return new Scorecard(o.path("name").asText(), o.path("agent").asText(), o.path("agent_source").asText(),
          entries, others);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static Scorecard.Entry entry(JsonNode n) {
    List<Scorecard.Figure> figures = new ArrayList<>();
    for (JsonNode f : n.path("figures")) {
      JsonNode ci = f.path("ci95");
      Interval i = ci.isArray() ? new Interval(ci.get(0).asDouble(), ci.get(1).asDouble()) : Interval.UNDEFINED;
      figures.add(new Scorecard.Figure(f.path("label").asText(), new Estimate(f.path("value").isNumber()
          ? f.get("value").asDouble() : Double.NaN, i), f.path("items").asInt()));
    }
    Map<String, List<Double>> hat = new LinkedHashMap<>();
    n.path("pass_hat").fields().forEachRemaining(h -> {
      List<Double> v = new ArrayList<>();
      h.getValue().forEach(x -> v.add(x.isNumber() ? x.asDouble() : Double.NaN));
      hat.put(h.getKey(), v);
    });
    Map<String, String> models = new LinkedHashMap<>();
    n.path("models").fields().forEachRemaining(m -> models.put(m.getKey(), m.getValue().asText()));
    Map<String, Scorecard.RoleUsage> usage = new LinkedHashMap<>();
    n.path("usage").fields().forEachRemaining(u -> usage.put(u.getKey(), new Scorecard.RoleUsage(
        u.getValue().path("calls").asLong(), u.getValue().path("input_tokens").asLong(),
        u.getValue().path("output_tokens").asLong(), u.getValue().path("cached_input_tokens").asLong())));
    return new Scorecard.Entry(n.path("id").asText(), n.path("benchmark").asText(), n.path("measure").asText(),
        n.path("interval").asText(), figures, n.path("trials").asInt(1), hat, n.path("agent").asText(), models,
        usage, n.path("cost_usd").isNumber() ? OptionalDouble.of(n.get("cost_usd").asDouble())
        : OptionalDouble.empty(), n.path("deviations").isArray() ? Deviation.readAll(n.get("deviations")) : List.of());
  }
}
