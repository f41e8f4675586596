package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.prompt.PromptPackUser;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The rules a ClarQ-LLM {@link RunConfig} must meet before it runs, and how its agents come to speak from the run's
 * one prompt pack. Each refusal names the bad setting.
 */
final class RunRules {
  private RunRules() {}

  /**
   * Refuses a config without tasks, languages, seeker, provider or output, with a task set of an unselected
   * language, a turn cap under 1, trials outside 1-1000 or concurrency outside 1-1024, and trials above 1 with an
   * agent whose model has its seed fixed.
   */
  static void check(Path tasksDirectory, List<TaskSet> taskSets, Set<Language> languages, SeekerAgent seeker,
      ProviderAgent provider, Judge judge, Path output, int maxSeekerTurns, int trials, int concurrency) {
    if (tasksDirectory == null && taskSets.isEmpty()) {
      throw new IllegalArgumentException("illegal run config: no tasks; give a tasks directory or task sets");
    }
    if (languages.isEmpty()) {
      throw new IllegalArgumentException("illegal run config: no language selected");
    }
    for (TaskSet s : taskSets) {
      if (!languages.contains(s.language())) {
        throw new IllegalArgumentException("illegal run config: a task set is " + s.language()
            + " but the languages are " + languages);
      }
    }
    if (seeker == null || provider == null || output == null) {
      throw new IllegalArgumentException("illegal run config: missing " + (seeker == null ? "seeker"
          : provider == null ? "provider" : "output directory"));
    }
    if (maxSeekerTurns < 1) {
      throw new IllegalArgumentException("illegal max seeker turns " + maxSeekerTurns + ": must be at least 1");
    }
    if (trials < 1 || trials > 1000) {
      throw new IllegalArgumentException("illegal trials " + trials + ": must be 1-1000");
    }
    if (trials > 1) {
      refuseFixedSeed(trials, "seeker", seeker);
      refuseFixedSeed(trials, "provider", provider);
      refuseFixedSeed(trials, "judge", judge);
    }
    if (concurrency < 1 || concurrency > 1024) {
      throw new IllegalArgumentException("illegal concurrency " + concurrency + ": must be 1-1024");
    }
  }

  private static void refuseFixedSeed(int trials, String role, Object agent) {
    // a judge is seen through its wrappers (a verdict cache, Judge.named)
    OptionalLong fixed = agent instanceof PackAgent<?> a ? a.fixedSeed()
        : agent instanceof Judge j ? j.fixedSeed() : OptionalLong.empty();
    if (fixed.isPresent()) {
      long seed = fixed.getAsLong();
      throw new IllegalArgumentException("illegal run config: " + trials + " trials, but the " + role
          + "'s model has its seed fixed to " + seed + " by a body field (--llm-param seed=" + seed + "), so every"
          + " trial would send seed " + seed + " and the trials would not be " + trials + " samples; drop the seed"
          + " field (trial t sends seed 8848 + t - 1) or play one trial");
    }
  }

  /**
   * The pack of a run given none: the reference pack beside the tasks folder, else the seeker's or the provider's
   * own, else clarq's own.
   */
  static PromptPack defaultPack(Path tasksDirectory, SeekerAgent seeker, ProviderAgent provider) {
    return Optional.ofNullable(tasksDirectory).flatMap(PromptPack::besideTasks).map(PromptPack::load)
        .or(() -> packOf(seeker)).or(() -> packOf(provider)).orElseGet(PromptPack::clarq);
  }

  private static Optional<PromptPack> packOf(Object agent) {
    return agent instanceof PromptPackUser<?> user ? Optional.of(user.prompts()) : Optional.empty();
  }

  /** The agent speaking from the run's pack: the run's pack replaces the agent's own, so every prompt is recorded. */
  @SuppressWarnings("unchecked")
  static <T> T withPack(T agent, PromptPack pack) {
    return agent instanceof PromptPackUser<?> user && !user.prompts().equals(pack) ? (T) user.withPrompts(pack) : agent;
  }

  /** {@code text}, refused when blank ("illegal WHAT: blank"). */
  static String text(String text, String what) {
    if (Objects.requireNonNull(text, what).isBlank()) {
      throw new IllegalArgumentException("illegal " + what + ": blank");
    }
    return text;
  }

  /** A setting's or recorded field's name: lower-case letters, digits and _, from a letter. */
  static String name(String name, String what) {
    if (!text(name, what).matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("illegal " + what + " \"" + name + "\": lower case letters, digits, _");
    }
    return name;
  }
}
