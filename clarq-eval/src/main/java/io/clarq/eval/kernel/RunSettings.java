package io.clarq.eval.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings that decide what a run's items are and how they are played, kept as {@code run-config.json} in the
 * output directory: the fingerprint a resume must match. Each benchmark names its own settings (ClarQ-LLM: languages,
 * tasks, seeker, provider, judge...; TOA: asker, oracle, primary model...); the file, the comparison and the refusal
 * are the same for all. Things that do not change what is said (concurrency, the listener) are not settings.
 *
 * <p>Beside the settings, the file's {@code recorded} object holds what is not compared on resume but lets a merge
 * rebuild a run from its shards alone (ClarQ-LLM: the tasks directory, the judge, the verdict file).
 *
 * @param benchmark which benchmark's run it is ({@link Benchmark#name()}); a file without one is a ClarQ-LLM run's
 * @param values each setting's name and value, in file order; {@link #SHARD} names the shard
 * @param recorded information kept beside the settings and never compared, by name
 */
public record RunSettings(String benchmark, Map<String, String> values, Map<String, String> recorded) {
  /** The settings file's name in an output directory. */
  public static final String FILE = "run-config.json";
  /** The setting that names the shard; the one that may differ between the shards of one run. */
  public static final String SHARD = "shard";
  /** The benchmark name assumed for a run config written before runs named theirs. */
  public static final String CLARQ_LLM = "clarq-llm";
  /** The object of {@link #FILE} holding {@link #recorded()}. */
  public static final String RECORDED = "recorded";
  private static final String FORMAT = "clarq-run-config/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public RunSettings {
    Objects.requireNonNull(benchmark, "benchmark");
    if (benchmark.isBlank()) {
      throw new IllegalArgumentException("illegal benchmark name \"" + benchmark + "\": must not be blank");
    }
    values.forEach((k, v) -> {
      if (k == null || k.isBlank() || v == null) {
        throw new IllegalArgumentException("illegal setting " + k + " = " + v + ": needs a name and a value");
      }
    });
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    recorded = Collections.unmodifiableMap(new LinkedHashMap<>(recorded));
  }

  /** Settings with nothing recorded beside them. */
  public RunSettings(String benchmark, Map<String, String> values) {
    this(benchmark, values, Map.of());
  }

  /** The value of a setting. */
  public Optional<String> get(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /** These settings with {@code name} set to {@code value} (replacing it, or added last). */
  public RunSettings with(String name, String value) {
    Map<String, String> s = new LinkedHashMap<>(values);
    s.put(name, value);
    return new RunSettings(benchmark, s, recorded);
  }

  /** These settings with {@code recorded} kept beside them instead. */
  public RunSettings withRecorded(Map<String, String> recorded) {
    return new RunSettings(benchmark, values, recorded);
  }

  /** These settings with the shard replaced (a merged run is the whole selection). */
  public RunSettings withShard(Shard shard) {
    return with(SHARD, shard.toString());
  }

  /**
   * The settings stored in an output directory, if any.
   *
   * @throws IllegalArgumentException naming the file when it is not a clarq run config
   */
  public static Optional<RunSettings> read(Path outputDir) {
    Path file = outputDir.resolve(FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode root = JSON.readTree(file.toFile());
      if (root == null || !FORMAT.equals(root.path("format").asText()) || !root.path("settings").isObject()) {
        throw new IllegalArgumentException(file + ": not a clarq run config (expected format \"" + FORMAT + "\")");
      }
      Map<String, String> s = new LinkedHashMap<>();
      root.get("settings").fields().forEachRemaining(e -> s.put(e.getKey(), e.getValue().asText()));
      Map<String, String> r = new LinkedHashMap<>();
      root.path(RECORDED).fields().forEachRemaining(e -> r.put(e.getKey(), e.getValue().asText()));
      return Optional.of(new RunSettings(root.path("benchmark").asText(CLARQ_LLM), s, r));
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read the run config: " + e.getMessage(), e);
    }
  }

  /**
   * Writes the settings to {@code outputDir}'s run config, keeping what else the file records (deviations, inputs).
   *
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public void write(Path outputDir) {
    Path file = outputDir.resolve(FILE);
    try {
      ObjectNode root = JSON.createObjectNode();
      root.put("format", FORMAT);
      if (!benchmark.equals(CLARQ_LLM)) {
        root.put("benchmark", benchmark);
      }
      ObjectNode s = root.putObject("settings");
      values.forEach(s::put);
      if (!recorded.isEmpty()) {
        ObjectNode r = root.putObject(RECORDED);
        recorded.forEach(r::put);
      }
      if (Files.exists(file) && JSON.readTree(file.toFile()) instanceof ObjectNode old) {
        old.fields().forEachRemaining(e -> {
          if (!root.has(e.getKey())) {
            root.set(e.getKey(), e.getValue());
          }
        });
      }
      AtomicFiles.write(file, JSON.writeValueAsString(root) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Records these settings in a fresh output directory, or checks them against the ones it holds.
   *
   * @param log the item log's name: a directory holding one but no run config cannot be resumed
   * @throws IllegalStateException naming every setting that differs, with both values
   */
  public void recordOrRequire(Path outputDir, String log) {
    Optional<String> refused = refusal(outputDir, log);
    if (refused.isPresent()) {
      throw new IllegalStateException(refused.get());
    }
    if (read(outputDir).isEmpty()) {
      write(outputDir);
    }
  }

  /**
   * Why a run of these settings may not run into {@code outputDir}, in the words {@link #recordOrRequire} refuses
   * with: it holds a run of other settings (each difference named), or the item log {@code log} without a run config.
   * Empty when the run may start or resume there. Reads only: what a dry run checks before forecasting a resume.
   */
  public Optional<String> refusal(Path outputDir, String log) {
    Optional<RunSettings> stored = read(outputDir);
    if (stored.isPresent()) {
      return mismatch(stored.get(), outputDir);
    }
    if (Files.exists(outputDir.resolve(log))) {
      return Optional.of("cannot run into " + outputDir + ": it holds " + log + " but no " + FILE
          + ", so it cannot tell whether that run had the same settings; use another output directory");
    }
    return Optional.empty();
  }

  /**
   * @throws IllegalStateException naming every setting that differs from the stored one, with both values
   */
  public void requireSameAs(RunSettings stored, Path outputDir) {
    Optional<String> refused = mismatch(stored, outputDir);
    if (refused.isPresent()) {
      throw new IllegalStateException(refused.get());
    }
  }

  private Optional<String> mismatch(RunSettings stored, Path outputDir) {
    List<String> differences = differences(stored, false);
    return differences.isEmpty() ? Optional.empty() : Optional.of("cannot resume into " + outputDir + ": it holds a"
        + " run with " + String.join("; ", differences) + "; use the same settings to resume, or another output"
        + " directory");
  }

  /**
   * Each difference, as "a different NAME (was "X", now "Y")".
   *
   * @param ignoreShard whether the shard setting is left out (comparing the shards of one run)
   */
  public List<String> differences(RunSettings stored, boolean ignoreShard) {
    List<String> out = new ArrayList<>();
    if (!benchmark.equals(stored.benchmark)) {
      out.add("a different benchmark (was \"" + stored.benchmark + "\", now \"" + benchmark + "\")");
    }
    for (Map.Entry<String, String> e : values.entrySet()) {
      String before = stored.values.get(e.getKey());
      if (!(ignoreShard && e.getKey().equals(SHARD)) && !e.getValue().equals(before)) {
        out.add("a different " + e.getKey() + " (was " + (before == null ? "not set" : "\"" + before + "\"")
            + ", now \"" + e.getValue() + "\")");
      }
    }
    for (String key : stored.values.keySet()) {
      if (!values.containsKey(key)) {
        out.add("setting " + key + " = \"" + stored.values.get(key) + "\" (not set now)");
      }
    }
    return out;
  }
}
