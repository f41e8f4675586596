package io.clarq.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.prompt.PromptPackUser;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The settings that decide what a run's dialogues are: what the models are asked and who answers (languages, split,
 * task selection and shard, the tasks' content, seeker, provider and its variant, the models and servers behind
 * them, turn cap, end detection, judge), stored as {@code run-config.json} in the output directory. A run may resume
 * only into a directory with the same fingerprint; otherwise it refuses, naming each differing setting with both
 * values. Concurrency and the listener are not part of it: they do not change what is said.
 *
 * <p>The settings are {@link #SETTINGS}, a list of named values of the config: adding one is one line there.
 * Settings the agents cannot tell about themselves come from {@link RunConfig#settings()} and follow, in order.
 *
 * <p>Beside the settings, the file's {@code recorded} object holds what is not compared on resume but lets
 * {@link RunMerge} rebuild a run from its shards alone ({@link RunConfig#recorded()}): the tasks directory, the
 * dialogues in flight, the judge's name, and what the caller recorded (the judge kind, the verdict file's path). A
 * config written before it existed reads with none.
 *
 * @param recorded the non-fingerprint information, by name
 */
record RunFingerprint(Map<String, String> settings, Map<String, String> recorded) {
  static final String FILE = "run-config.json";
  /** The setting that names the shard; the one that may differ between the shards of one run. */
  static final String SHARD = "shard";
  /** The object of {@link #FILE} holding {@link #recorded()}. */
  static final String RECORDED = "recorded";
  /** Recorded: the absolute path of the tasks directory the run read. */
  static final String TASKS_DIRECTORY = "tasks_directory";
  /** Recorded: the dialogues the run had in flight. */
  static final String CONCURRENCY = "concurrency";
  /** Recorded: the judge's name as the run's results give it. */
  static final String JUDGE_NAME = "judge_name";
  private static final String FORMAT = "clarq-run-config/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** A named setting of the fingerprint, read from the config and the run's whole task selection. */
  record Setting(String name, BiFunction<RunConfig, List<ClarqTask>, String> value) {}

  /** Every setting of the fingerprint, in file order. */
  static final List<Setting> SETTINGS = List.of(
      new Setting("languages", (c, t) -> c.languages().stream().map(Language::code).collect(Collectors.joining(","))),
      new Setting("split", (c, t) -> c.split().name().toLowerCase(Locale.ROOT)),
      new Setting("tasks", (c, t) -> c.selection().toString()),
      new Setting(SHARD, (c, t) -> c.shard().toString()),
      new Setting("task_count", (c, t) -> String.valueOf(t.size())),
      new Setting("task_digest", (c, t) -> digest(t)),
      new Setting("seeker", (c, t) -> c.seeker().name()),
      new Setting("seeker_code", (c, t) -> SeekerIdentity.of(c.seeker())),
      new Setting("provider", (c, t) -> c.provider().name()),
      new Setting("prompts", (c, t) -> c.prompts().id() + " (" + c.prompts().behaviour().key() + " behaviour)"),
      new Setting("prompts_comparable_with_paper", (c, t) -> usesPrompts(c)
          ? String.valueOf(c.prompts().comparableWithPaper()) : "no agent uses prompts"),
      new Setting("max_seeker_turns", (c, t) -> String.valueOf(c.maxSeekerTurns())),
      new Setting("end_detection", (c, t) -> c.endDetection().name().toLowerCase(Locale.ROOT)),
      new Setting("judge", (c, t) -> c.judgeDescription()),
      new Setting("record_timings", (c, t) -> String.valueOf(c.recordTimings())));

  private static boolean usesPrompts(RunConfig c) {
    return c.seeker() instanceof PromptPackUser<?> || c.provider() instanceof PromptPackUser<?>;
  }

  RunFingerprint {
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    recorded = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(recorded));
  }

  /** A fingerprint with nothing recorded beside its settings. */
  RunFingerprint(Map<String, String> settings) {
    this(settings, Map.of());
  }

  /** @param selection the run's whole selection (every shard's dialogues) */
  static RunFingerprint of(RunConfig config, List<ClarqTask> selection) {
    Map<String, String> s = new LinkedHashMap<>();
    for (Setting setting : SETTINGS) {
      s.put(setting.name(), setting.value().apply(config, selection));
    }
    config.settings().forEach((name, value) -> {
      if (s.containsKey(name)) {
        throw new IllegalArgumentException("illegal run setting \"" + name + "\": a built-in setting of that name "
            + "exists");
      }
      s.put(name, value);
    });
    Map<String, String> recorded = new LinkedHashMap<>();
    config.tasksDirectory().ifPresent(d -> recorded.put(TASKS_DIRECTORY, d.toAbsolutePath().normalize().toString()));
    recorded.put(CONCURRENCY, String.valueOf(config.concurrency()));
    recorded.put(JUDGE_NAME, config.judge().name());
    recorded.putAll(config.recorded());
    return new RunFingerprint(s, recorded);
  }

  /** This fingerprint with the shard setting replaced (a merged run is the whole selection). */
  RunFingerprint withShard(Shard shard) {
    Map<String, String> s = new LinkedHashMap<>(settings);
    s.put(SHARD, shard.toString());
    return new RunFingerprint(s, recorded);
  }

  /** This fingerprint with {@code recorded} as what is recorded beside its settings. */
  RunFingerprint withRecorded(Map<String, String> recorded) {
    return new RunFingerprint(settings, recorded);
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
      Map<String, String> r = new LinkedHashMap<>();
      root.path(RECORDED).fields().forEachRemaining(e -> r.put(e.getKey(), e.getValue().asText()));
      return Optional.of(new RunFingerprint(s, r));
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read the run config: " + e.getMessage(), e);
    }
  }

  void write(Path outputDir) {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    ObjectNode s = root.putObject("settings");
    settings.forEach(s::put);
    if (!recorded.isEmpty()) {
      ObjectNode r = root.putObject(RECORDED);
      recorded.forEach(r::put);
    }
    try {
      AtomicFiles.write(outputDir.resolve(FILE), JSON.writeValueAsString(root) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + outputDir.resolve(FILE) + ": " + e.getMessage(), e);
    }
  }

  /**
   * @throws IllegalStateException naming every setting that differs from the stored one, with both values
   */
  void requireSameAs(RunFingerprint stored, Path outputDir) {
    List<String> differences = differences(stored, false);
    if (!differences.isEmpty()) {
      throw new IllegalStateException("cannot resume into " + outputDir + ": it holds a run with "
          + String.join("; ", differences) + "; use the same settings to resume, or another output directory");
    }
  }

  /**
   * Each setting that differs, as "a different NAME (was "X", now "Y")".
   *
   * @param ignoreShard whether the shard setting is left out (comparing the shards of one run)
   */
  List<String> differences(RunFingerprint stored, boolean ignoreShard) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      String before = stored.settings.get(e.getKey());
      if (!(ignoreShard && e.getKey().equals(SHARD)) && !e.getValue().equals(before)) {
        out.add("a different " + e.getKey() + " (was " + (before == null ? "not set" : "\"" + before + "\"")
            + ", now \"" + e.getValue() + "\")");
      }
    }
    for (String key : stored.settings.keySet()) {
      if (!settings.containsKey(key)) {
        out.add("setting " + key + " = \"" + stored.settings.get(key) + "\" (not set now)");
      }
    }
    return out;
  }
}
