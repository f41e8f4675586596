package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.prompt.PromptPack;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What {@link ClarqEvaluator#run} runs. Built with {@link #builder()}; defaults:
 *
 * <ul>
 *   <li>languages: English; split: test (the 260 tasks of the benchmark); tasks: all of the split;
 *   <li>turn cap: 12 seeker utterances (the reference's); end detection: {@link EndDetection#REFERENCE};
 *   <li>judge: {@link Judge#none()} (dialogues the verbatim check cannot decide are reported unjudged);
 *   <li>dialogues in flight: 4; timings in transcripts: off (so a replayed run writes identical transcripts);
 *   <li>shard: {@link Shard#ALL}; listener: none; no extra fingerprint settings;
 *   <li>trials: 1 (each task played once, seed 8848: the reference protocol).
 * </ul>
 *
 * Required: the tasks (a directory or loaded task sets), the seeker, the provider and the output directory.
 */
public final class RunConfig {
  /** The reference's turn cap: 12 seeker utterances (a transcript of more than 22 messages ends the dialogue). */
  public static final int REFERENCE_MAX_SEEKER_TURNS = 12;

  private final RunTasks tasks;
  private final DialoguePlay play;
  private final SeekerAgent seeker;
  private final ProviderAgent provider;
  private final Judge judge;
  private final String judgeDescription;
  private final Map<String, String> settings;
  private final Map<String, String> recorded;
  private final Path output;
  private final PromptPack prompts;
  private final Optional<RunForecast> forecast;

  private RunConfig(Builder b) {
    this.tasks = new RunTasks(Optional.ofNullable(b.tasksDirectory), b.taskSets, b.languages, b.split, b.selection,
        b.shard);
    this.play = new DialoguePlay(b.maxSeekerTurns, b.endDetection, b.concurrency, b.recordTimings, b.listener,
        b.trials, b.batches);
    this.seeker = RunRules.withPack(b.seeker, b.resolvedPrompts);
    this.provider = RunRules.withPack(b.provider, b.resolvedPrompts);
    this.judge = RunRules.withPack(b.judge, b.resolvedPrompts);
    this.judgeDescription = b.judgeDescription;
    this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(b.settings));
    this.recorded = Collections.unmodifiableMap(new LinkedHashMap<>(b.recorded));
    this.output = b.output;
    this.prompts = b.resolvedPrompts;
    this.forecast = b.forecast;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The folder holding English/ and Chinese/ (or one language's folder), when tasks are read from disk. */
  public Optional<Path> tasksDirectory() {
    return tasks.directory();
  }

  /** Task sets given already loaded (e.g. demo tasks from resources); used when no directory is set. */
  public List<TaskSet> taskSets() {
    return tasks.sets();
  }

  /** The languages to run, English before Chinese. */
  public List<Language> languages() {
    return tasks.languagesInOrder();
  }

  public Split split() {
    return tasks.split();
  }

  public TaskSelection selection() {
    return tasks.selection();
  }

  public SeekerAgent seeker() {
    return seeker;
  }

  public ProviderAgent provider() {
    return provider;
  }

  public Judge judge() {
    return judge;
  }

  /** How the judge is named in the run's fingerprint: "none", or what {@link Builder#judge(Judge, String)} said. */
  public String judgeDescription() {
    return judgeDescription;
  }

  /** Which part of the selection this run plays. */
  public Shard shard() {
    return tasks.shard();
  }

  /**
   * Settings the agents cannot tell about themselves (the models and servers behind them), by name, in the order
   * given: they join the run's fingerprint, so a resume with another model or server is refused.
   */
  public Map<String, String> settings() {
    return settings;
  }

  /**
   * Information recorded in {@code run-config.json} beside the fingerprint but not part of it (a resume is not
   * refused over it): where the run's inputs lay on this machine, so {@link ClarqEvaluator#merge} can rebuild the run from its
   * shards alone, e.g. {@code verdicts=/data/clarq-llm/judge-verdicts.jsonl}. See {@link Builder#record}.
   */
  public Map<String, String> recorded() {
    return recorded;
  }

  public int maxSeekerTurns() {
    return play.maxSeekerTurns();
  }

  /**
   * How many times each selected task is played: trial 1 is the reference protocol (seed 8848), trial t sends seed
   * 8848 + t - 1 with its model requests ({@link io.clarq.core.llm.Trials}; every turn the agents are handed carries
   * its trial). A setting of the run's fingerprint when above 1.
   */
  public int trials() {
    return play.trials();
  }

  /** What the run was forecast to spend ({@link RunForecast}); results.json puts it beside the actual. */
  public Optional<RunForecast> forecast() {
    return forecast;
  }

  /**
   * The batch clients of turn-synchronous play, when the seeker's and provider's models answer through batch APIs
   * ({@link io.clarq.eval.kernel.RunKernel.Plan#batches()}); a setting of the run's fingerprint ({@code play_mode}).
   */
  public Optional<BatchPasses> batches() {
    return play.batches();
  }

  public EndDetection endDetection() {
    return play.endDetection();
  }

  /** Dialogues played at once. */
  public int concurrency() {
    return play.concurrency();
  }

  /** Where transcripts.jsonl, results.json, summary.md and run-config.json go. */
  public Path output() {
    return output;
  }

  public boolean recordTimings() {
    return play.recordTimings();
  }

  public RunListener listener() {
    return play.listener();
  }

  /**
   * The prompt pack every LLM-backed agent of the run speaks from (recorded in {@code run-config.json} and part of the
   * resume fingerprint): the one given to {@link Builder#prompts}, else the reference pack beside the tasks folder
   * ({@code clarq-llm/reference-prompts}), else the pack of the seeker or provider, else clarq's own.
   */
  public PromptPack prompts() {
    return prompts;
  }

  @Override
  public String toString() {
    return "RunConfig{tasks=" + tasks.describe()
        + ", languages=" + languages() + ", split=" + split() + ", selection=" + selection() + ", seeker="
        + seeker.name() + ", provider=" + provider.name() + ", maxSeekerTurns=" + maxSeekerTurns() + ", endDetection="
        + endDetection() + ", judge=" + judgeDescription + ", shard=" + shard() + ", settings=" + settings
        + ", concurrency=" + concurrency() + ", output=" + output + ", recordTimings=" + recordTimings()
        + ", prompts=" + prompts.id() + ", trials=" + trials() + (batches().isPresent() ? ", play_mode=batch" : "") + "}";
  }

  /** Builds a {@link RunConfig}; see the class comment for the defaults. */
  public static final class Builder {
    private Path tasksDirectory;
    private final List<TaskSet> taskSets = new ArrayList<>();
    private Set<Language> languages = EnumSet.of(Language.ENGLISH);
    private Split split = Split.TEST;
    private TaskSelection selection = TaskSelection.ALL;
    private SeekerAgent seeker;
    private ProviderAgent provider;
    private Judge judge = Judge.none();
    private String judgeDescription = "none";
    private Shard shard = Shard.ALL;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final Map<String, String> recorded = new LinkedHashMap<>();
    private int maxSeekerTurns = REFERENCE_MAX_SEEKER_TURNS;
    private EndDetection endDetection = EndDetection.REFERENCE;
    private int concurrency = 4;
    private Path output;
    private boolean recordTimings;
    private RunListener listener = RunListener.NONE;
    private PromptPack prompts;
    private int trials = 1;
    private Optional<RunForecast> forecast = Optional.empty();
    private Optional<BatchPasses> batches = Optional.empty();
    private PromptPack resolvedPrompts;

    private Builder() {}

    /** Reads the tasks from this folder (holding English/ and Chinese/, or one language's task files). */
    public Builder tasks(Path directory) {
      this.tasksDirectory = Objects.requireNonNull(directory, "directory");
      return this;
    }

    /** Runs on task sets already loaded; their languages must be among {@link #languages}. */
    public Builder taskSets(List<TaskSet> sets) {
      this.taskSets.clear();
      this.taskSets.addAll(sets);
      return this;
    }

    public Builder languages(Set<Language> languages) {
      this.languages = EnumSet.copyOf(Objects.requireNonNull(languages, "languages"));
      return this;
    }

    public Builder language(Language language) {
      return languages(EnumSet.of(language));
    }

    public Builder split(Split split) {
      this.split = Objects.requireNonNull(split, "split");
      return this;
    }

    public Builder selection(TaskSelection selection) {
      this.selection = Objects.requireNonNull(selection, "selection");
      return this;
    }

    public Builder seeker(SeekerAgent seeker) {
      this.seeker = Objects.requireNonNull(seeker, "seeker");
      return this;
    }

    public Builder provider(ProviderAgent provider) {
      this.provider = Objects.requireNonNull(provider, "provider");
      return this;
    }

    /**
     * The judge, described in the fingerprint by its own {@link Judge#name()}, the name every output gives it;
     * {@link #judge(Judge, String)} when the fingerprint should say more (its verdict file, its server).
     */
    public Builder judge(Judge judge) {
      return judge(judge, Objects.requireNonNull(judge, "judge").name());
    }

    /**
     * The judge and how the fingerprint names it, e.g. {@code "verdicts:judge-verdicts.jsonl"} or
     * {@code "llm:gpt-4o @ https://api.openai.com/v1"}.
     */
    public Builder judge(Judge judge, String description) {
      this.judge = Objects.requireNonNull(judge, "judge");
      this.judgeDescription = RunRules.text(description, "judge description");
      return this;
    }

    /** Plays only this part of the selection (see {@link Shard}). */
    public Builder shard(Shard shard) {
      this.shard = Objects.requireNonNull(shard, "shard");
      return this;
    }

    /**
     * Adds a setting to the run's fingerprint, e.g. {@code setting("provider_model", "openai:gpt-4o @
     * http://10.0.0.5:8000/v1")}: what the model is asked or who answers, that the agents' names do not say.
     */
    public Builder setting(String name, String value) {
      settings.put(RunRules.name(name, "setting name"), Objects.requireNonNull(value, "value of setting " + name));
      return this;
    }

    /**
     * Records information beside the fingerprint that is not a setting (see {@link RunConfig#recorded()}). The names
     * clarq reads back when merging shards: {@code judge} ("offline", "none" or "llm:" and the model),
     * {@code verdicts} (the absolute path of the verdict file replayed first) and {@code judge_live_verdicts} (the
     * file in the output directory a live judge appends to). Built in: {@code tasks_directory},
     * {@code concurrency} and {@code judge_name}.
     */
    public Builder record(String name, String value) {
      recorded.put(RunRules.name(name, "recorded name"), Objects.requireNonNull(value, "value of recorded " + name));
      return this;
    }

    public Builder maxSeekerTurns(int turns) {
      this.maxSeekerTurns = turns;
      return this;
    }

    /** The forecast made before the run (not part of the fingerprint); results.json holds it beside the actual. */
    public Builder forecast(RunForecast f) {
      this.forecast = Optional.of(Objects.requireNonNull(f, "forecast"));
      return this;
    }

    /**
     * Plays each selected task {@code k} times (default 1): trial t sends seed 8848 + t - 1. The results then give
     * success per trial, pass^k and pass@k; the headline figures stay trial 1's. With {@code k > 1}, clarq's LLM
     * agents on a client whose seed is fixed by a body field ({@link io.clarq.core.prompt.PackAgent#fixedSeed()}, a judge's also behind a
     * verdict cache or {@link Judge#named}: {@link Judge#fixedSeed()}) are refused on
     * {@link #build()}: every trial would send that one seed.
     */
    public Builder trials(int k) {
      this.trials = k;
      return this;
    }

    public Builder endDetection(EndDetection endDetection) {
      this.endDetection = Objects.requireNonNull(endDetection, "endDetection");
      return this;
    }

    public Builder concurrency(int dialoguesInFlight) {
      this.concurrency = dialoguesInFlight;
      return this;
    }

    public Builder output(Path directory) {
      this.output = Objects.requireNonNull(directory, "directory");
      return this;
    }

    /** Whether transcripts carry start times, wall times and latencies (then reruns differ in those fields). */
    public Builder recordTimings(boolean on) {
      this.recordTimings = on;
      return this;
    }

    /**
     * The prompt pack for every agent that draws on one (the LLM provider, the LLM seekers, the LLM judge): it
     * replaces the pack they were built with. Default: the reference pack beside the tasks folder when there is one,
     * else the seeker's or provider's own pack, else clarq's own.
     */
    public Builder prompts(PromptPack pack) {
      this.prompts = Objects.requireNonNull(pack, "pack");
      return this;
    }

    /**
     * Plays turn-synchronously through {@code batches}: the clients the seeker's and provider's models answer through
     * ({@link BatchPasses}). Each pass plays every active dialogue until it needs an answer the batch has not given;
     * then one batch per model goes out with the next call of every waiting dialogue. Default: synchronous play.
     */
    public Builder batches(BatchPasses batches) {
      this.batches = Optional.of(Objects.requireNonNull(batches, "batches"));
      return this;
    }

    public Builder listener(RunListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** @throws IllegalArgumentException naming the missing or bad setting */
    public RunConfig build() {
      RunRules.check(tasksDirectory, taskSets, languages, seeker, provider, judge, output, maxSeekerTurns, trials,
          concurrency);
      resolvedPrompts = prompts != null ? prompts : RunRules.defaultPack(tasksDirectory, seeker, provider);
      return new RunConfig(this);
    }
  }
}
