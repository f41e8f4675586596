package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.prompt.PromptPackUser;
import io.clarq.eval.kernel.RunSettings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The settings that decide what a ClarQ-LLM run's dialogues are: what the models are asked and who answers
 * (languages, split, task selection and shard, the tasks' content, seeker, provider and its variant, the models and
 * servers behind them, turn cap, end detection, judge). The run kernel keeps them as {@code run-config.json}
 * ({@link RunSettings}) and refuses a resume into a directory with other settings, naming each. Concurrency and the
 * listener are not part of them: they do not change what is said.
 *
 * <p>The settings are {@link #SETTINGS}, a list of named values of the config: adding one is one line there.
 * Then {@value #TRIALS}, only when a run plays each task more than once ({@link RunConfig#trials()}), so the
 * settings of a run without trials are what they always were. Settings the agents cannot tell about themselves come
 * from {@link RunConfig#settings()} and follow, in order.
 *
 * <p>Beside the settings, {@link RunSettings#recorded()} holds what is not compared on resume but lets
 * {@link ClarqEvaluator#merge} rebuild a run from its shards alone ({@link RunConfig#recorded()}): the tasks directory, the
 * dialogues in flight, the judge's name, and what the caller recorded (the judge kind, the verdict file's path). A
 * config written before it existed reads with none.
 */
final class RunFingerprint {
  /** Recorded: the absolute path of the tasks directory the run read. */
  static final String TASKS_DIRECTORY = "tasks_directory";
  /** Recorded: the dialogues the run had in flight. */
  static final String CONCURRENCY = "concurrency";
  /** Recorded: the judge's name as the run's results give it. */
  static final String JUDGE_NAME = "judge_name";

  /** A named setting of the fingerprint, read from the config and the run's whole task selection. */
  record Setting(String name, BiFunction<RunConfig, List<ClarqTask>, String> value) {}

  /** Every setting of the fingerprint, in file order. */
  static final List<Setting> SETTINGS = List.of(
      new Setting("languages", (c, t) -> c.languages().stream().map(Language::code).collect(Collectors.joining(","))),
      new Setting("split", (c, t) -> c.split().name().toLowerCase(Locale.ROOT)),
      new Setting("tasks", (c, t) -> c.selection().toString()),
      new Setting(RunSettings.SHARD, (c, t) -> c.shard().toString()),
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

  /** The setting naming the number of trials, present only when it is above 1. */
  static final String TRIALS = "trials";

  private RunFingerprint() {}

  /** The number of trials a run's settings record: 1 when they name none. */
  static int trials(RunSettings settings) {
    String k = settings.get(TRIALS).orElse("1");
    try {
      int n = Integer.parseInt(k);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("illegal setting " + TRIALS + " = \"" + k + "\" in " + RunSettings.FILE
        + ": expected a whole number from 1");
  }

  private static boolean usesPrompts(RunConfig c) {
    return c.seeker() instanceof PromptPackUser<?> || c.provider() instanceof PromptPackUser<?>;
  }

  /** @param selection the run's whole selection (every shard's dialogues) */
  static RunSettings of(RunConfig config, List<ClarqTask> selection) {
    Map<String, String> s = new LinkedHashMap<>();
    for (Setting setting : SETTINGS) {
      s.put(setting.name(), setting.value().apply(config, selection));
    }
    if (config.trials() > 1) {
      s.put(TRIALS, String.valueOf(config.trials()));
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
    return new RunSettings(RunSettings.CLARQ_LLM, s, recorded);
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
}
