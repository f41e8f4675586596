package io.clarq.core.mediq;

import java.util.Objects;

/**
 * The model and sampling settings of one kind of MediQ call, as the reference sends them: {@code temperature},
 * {@code max_tokens}, {@code top_p} and, when {@code topLogprobs > 0}, {@code logprobs: true} with
 * {@code top_logprobs}. The reference's defaults: Llama-3.1-8B-Instruct, 0.6, 256, 0.9, 0.
 */
public record MediqSampling(String model, double temperature, int maxTokens, double topP, int topLogprobs) {
  /** The reference code's default model name for the expert, its question generator and the patient. */
  public static final String DEFAULT_MODEL = "meta-llama/Llama-3.1-8B-Instruct";

  public MediqSampling {
    Objects.requireNonNull(model, "model");
    if (!(temperature >= 0) || Double.isInfinite(temperature)) {
      throw new IllegalArgumentException("illegal temperature " + temperature + ": must be a non-negative number");
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("illegal max_tokens " + maxTokens + ": must be at least 1");
    }
    if (!(topP > 0 && topP <= 1)) {
      throw new IllegalArgumentException("illegal top_p " + topP + ": must be in (0, 1]");
    }
    if (topLogprobs < 0) {
      throw new IllegalArgumentException("illegal top_logprobs " + topLogprobs + ": must be non-negative");
    }
  }

  /** The reference's defaults for {@code model}. */
  public static MediqSampling defaults(String model) {
    return new MediqSampling(model, 0.6, 256, 0.9, 0);
  }

  /** These settings with another {@code max_tokens}. */
  public MediqSampling withMaxTokens(int n) {
    return new MediqSampling(model, temperature, n, topP, topLogprobs);
  }
}
