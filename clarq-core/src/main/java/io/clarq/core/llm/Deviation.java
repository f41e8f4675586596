package io.clarq.core.llm;

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
