package io.clarq.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A departure from the reference protocol that a client made, or was told to make, for one model: a request field
 * left out because the server refuses it ({@code temperature} for reasoning models), a field renamed
 * ({@code max_completion_tokens}), the system prompt sent in another role, a body field set by the user, a feature
 * the backend cannot send (a seed through a provider that takes none). A run that records any deviation is not
 * comparable with the paper's tables; runs list them in their config, results and reports.
 *
 * <p>Clients report each deviation once per model and server through {@link LlmListener#onDeviation}, when it first
 * takes effect. Two deviations are the same when their model and name are.
 *
 * @param model who was asked, without credentials ({@link LlmSpec#identity()} or the client's own identity)
 * @param name what was changed, short and stable, e.g. {@code temperature omitted}
 * @param reason why, e.g. {@code the model refuses temperature 0 (HTTP 400 unsupported_value)}
 */
public record Deviation(String model, String name, String reason) {
  public Deviation {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(reason, "reason");
    if (name.isBlank()) {
      throw new IllegalArgumentException("illegal deviation for " + model + ": blank name");
    }
    if (name.contains("\n") || reason.contains("\n")) {
      throw new IllegalArgumentException("illegal deviation '" + name + "' for " + model + ": must be one line");
    }
  }

  /**
   * Appends {@code deviations} to {@code list} as {@code {"model", "name", "reason"}} objects, the form every file
   * clarq writes them in (run config, results, response cache).
   */
  public static void writeAll(Collection<Deviation> deviations, ArrayNode list) {
    deviations.forEach(d -> list.addObject().put("model", d.model()).put("name", d.name()).put("reason", d.reason()));
  }

  /**
   * Reads what {@link #writeAll} wrote.
   *
   * @throws IllegalArgumentException naming the item ({@code [i]}) that is not a deviation
   */
  public static List<Deviation> readAll(JsonNode list) {
    List<Deviation> out = new ArrayList<>();
    int i = 0;
    for (JsonNode d : list) {
      try {
        out.add(new Deviation(d.path("model").asText(), d.path("name").asText(), d.path("reason").asText()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("[" + i + "]: " + e.getMessage(), e);
      }
      i++;
    }
    return out;
  }

  /** {@code name (reason)}, the form a summary quotes: "temperature omitted (the model refuses 0)". */
  public String describe() {
    return reason.isEmpty() ? name : name + " (" + reason + ")";
  }

  /** {@code model: name (reason)}. */
  @Override
  public String toString() {
    return model + ": " + describe();
  }
}
