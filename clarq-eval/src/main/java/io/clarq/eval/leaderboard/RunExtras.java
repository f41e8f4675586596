package io.clarq.eval.leaderboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.task.Language;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What a run directory's {@code results.json} records beyond the scored dialogues: the tokens the run spent and, when
 * it played more than one trial, pass^k per language ({@code trials.languages.CODE.pass_hat}, k = 1..trials). A
 * transcript file records neither.
 *
 * @param tokens the tokens the run's model calls used, when recorded
 * @param passHat pass^k for k = 1, 2, ... per language; a language without trials is absent, an undefined value is NaN
 */
public record RunExtras(OptionalLong tokens, Map<Language, List<Double>> passHat) {
  /** Nothing recorded. */
  public static final RunExtras NONE = new RunExtras(OptionalLong.empty(), Map.of());
  private static final ObjectMapper JSON = new ObjectMapper();

  public RunExtras {
    java.util.Objects.requireNonNull(tokens, "tokens");
    Map<Language, List<Double>> copy = new EnumMap<>(Language.class);
    passHat.forEach((l, v) -> copy.put(l, List.copyOf(v)));
    passHat = java.util.Collections.unmodifiableMap(copy);
    if (tokens.isPresent() && tokens.getAsLong() < 0) {
      throw new IllegalArgumentException("illegal tokens " + tokens.getAsLong() + ": must be >= 0");
    }
  }

  /**
   * The extras of a run directory (from its {@code results.json}), or {@link #NONE} for a transcript file.
   *
   * @throws IllegalArgumentException naming the file when its {@code results.json} cannot be read
   */
  public static RunExtras of(Path run) {
    if (!Files.isDirectory(run)) {
      return NONE;
    }
    Path results = run.resolve("results.json");
    JsonNode root;
    try {
      root = JSON.readTree(results.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(results + ": not readable JSON: " + e.getMessage(), e);
    }
    OptionalLong tokens = root.path("tokens").isIntegralNumber() ? OptionalLong.of(root.get("tokens").asLong())
        : OptionalLong.empty();
    Map<Language, List<Double>> hat = new EnumMap<>(Language.class);
    JsonNode langs = root.path("trials").path("languages");
    langs.fieldNames().forEachRemaining(code -> {
      JsonNode a = langs.get(code).path("pass_hat");
      if (!a.isArray()) {
        return;
      }
      List<Double> values = new ArrayList<>();
      a.forEach(v -> values.add(v.isNumber() ? v.asDouble() : Double.NaN));
      Language language;
      try {
        language = Language.parse(code);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(results + ": trials.languages." + code + ": not a language code", e);
      }
      hat.put(language, values);
    });
    return new RunExtras(tokens, hat);
  }
}
