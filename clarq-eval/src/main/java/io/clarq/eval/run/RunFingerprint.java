package io.clarq.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.tree.ResponseNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The settings that decide what a run's dialogues are (languages, split, task selection, the tasks' content, seeker,
 * provider, turn cap, end detection), stored as {@code run-config.json} in the output directory. A run may resume
 * only into a directory with the same fingerprint; otherwise it refuses and names the first differing setting.
 * Concurrency, the judge and the listener are not part of it: they do not change what is said.
 */
record RunFingerprint(Map<String, String> settings) {
  static final String FILE = "run-config.json";
  private static final String FORMAT = "clarq-run-config/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  RunFingerprint {
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  static RunFingerprint of(RunConfig config, List<ClarqTask> tasks) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("languages", config.languages().stream().map(Language::code).collect(Collectors.joining(",")));
    s.put("split", config.split().name().toLowerCase(java.util.Locale.ROOT));
    s.put("tasks", config.selection().toString());
    s.put("task_count", String.valueOf(tasks.size()));
    s.put("task_digest", digest(tasks));
    s.put("seeker", config.seeker().name());
    s.put("provider", config.provider().name());
    s.put("prompts", config.prompts().id());
    s.put("max_seeker_turns", String.valueOf(config.maxSeekerTurns()));
    s.put("end_detection", config.endDetection().name().toLowerCase(java.util.Locale.ROOT));
    s.put("record_timings", String.valueOf(config.recordTimings()));
    return new RunFingerprint(s);
  }

  /** A digest of everything the agents may see of the selected tasks, so edited task files are noticed. */
  static String digest(List<ClarqTask> tasks) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (ClarqTask t : tasks) {
        StringBuilder sb = new StringBuilder();
        sb.append(t.language().code()).append('\u0000').append(t.id()).append('\u0000').append(t.briefing())
            .append('\u0000');
        for (ResponseNode n : t.tree().nodes()) {
          sb.append(n.id()).append('\u0000').append(n.text()).append('\u0000').append(n.purpose().orElse(""))
              .append('\u0000');
        }
        md.update(sb.toString().getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(md.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** The fingerprint stored in an output directory, if any. */
  static Optional<RunFingerprint> read(Path outputDir) {
    Path file = outputDir.resolve(FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode root = JSON.readTree(file.toFile());
      if (!FORMAT.equals(root.path("format").asText()) || !root.path("settings").isObject()) {
        throw new IllegalArgumentException(file + ": not a clarq run config (expected format \"" + FORMAT + "\")");
      }
      Map<String, String> s = new LinkedHashMap<>();
      root.get("settings").fields().forEachRemaining(e -> s.put(e.getKey(), e.getValue().asText()));
      return Optional.of(new RunFingerprint(s));
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read the run config: " + e.getMessage(), e);
    }
  }

  void write(Path outputDir) {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    ObjectNode s = root.putObject("settings");
    settings.forEach(s::put);
    try {
      AtomicFiles.write(outputDir.resolve(FILE), JSON.writeValueAsString(root) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + outputDir.resolve(FILE) + ": " + e.getMessage(), e);
    }
  }

  /**
   * @throws IllegalStateException naming the first setting that differs from the stored one
   */
  void requireSameAs(RunFingerprint stored, Path outputDir) {
    for (Map.Entry<String, String> e : settings.entrySet()) {
      String before = stored.settings.get(e.getKey());
      if (!e.getValue().equals(before)) {
        throw new IllegalStateException("cannot resume into " + outputDir + ": it holds a run with a different "
            + e.getKey() + " (was " + (before == null ? "not set" : "\"" + before + "\"") + ", now \"" + e.getValue()
            + "\"); use the same settings to resume, or another output directory");
      }
    }
    for (String key : stored.settings.keySet()) {
      if (!settings.containsKey(key)) {
        throw new IllegalStateException("cannot resume into " + outputDir + ": it holds a run with setting " + key
            + " = \"" + stored.settings.get(key) + "\", unknown to this version");
      }
    }
  }
}
