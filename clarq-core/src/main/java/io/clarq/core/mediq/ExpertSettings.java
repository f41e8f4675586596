package io.clarq.core.mediq;

import java.util.Objects;

/**
 * A reference expert's settings, named as the reference's command-line flags.
 *
 * @param strategy how it decides to ask or answer
 * @param expert the model and sampling of its decisions and choices ({@code --expert_model}, {@code --temperature},
 *     {@code --max_tokens}, {@code --top_p}, {@code --top_logprobs})
 * @param questionGenerator the model of its follow-up questions ({@code --expert_model_question_generator}); the
 *     reference passes the expert's sampling settings to it
 * @param rationaleGeneration ask for a one-sentence reason before the decision ({@code --rationale_generation})
 * @param selfConsistency how many times each decision is sampled ({@code --self_consistency}, at least 1)
 * @param abstainThreshold below which a confidence means asking ({@code --abstain_threshold}; 0 means the
 *     reference's fallbacks, 0.8 for scores and 4.0 for ratings)
 * @param independentModules the question generator sees a fresh prompt instead of the decision's conversation
 *     ({@code --independent_modules})
 * @param maxQuestions the question cap ({@code --max_questions}), which the fixed expert asks up to
 * @param seed the seed of the draws the reference makes unseeded (a random confidence for an unreadable score, one
 *     of several sampled questions)
 */
public record ExpertSettings(ExpertStrategy strategy, MediqSampling expert, MediqSampling questionGenerator,
    boolean rationaleGeneration, int selfConsistency, double abstainThreshold, boolean independentModules,
    int maxQuestions, long seed) {
  public ExpertSettings {
    Objects.requireNonNull(strategy, "strategy");
    Objects.requireNonNull(expert, "expert");
    Objects.requireNonNull(questionGenerator, "questionGenerator");
    if (selfConsistency < 1) {
      throw new IllegalArgumentException("illegal self_consistency " + selfConsistency + ": must be at least 1");
    }
    if (Double.isNaN(abstainThreshold)) {
      throw new IllegalArgumentException("illegal abstain_threshold NaN");
    }
    if (maxQuestions < 0) {
      throw new IllegalArgumentException("illegal max_questions " + maxQuestions + ": must be non-negative");
    }
  }

  /** The reference's defaults for {@code strategy}: its default model, no rationale, one sample, 0.8, 30. */
  public static ExpertSettings reference(ExpertStrategy strategy) {
    MediqSampling s = MediqSampling.defaults(MediqSampling.DEFAULT_MODEL);
    return new ExpertSettings(strategy, s, s, false, 1, 0.8, false, 30, 0L);
  }
}
