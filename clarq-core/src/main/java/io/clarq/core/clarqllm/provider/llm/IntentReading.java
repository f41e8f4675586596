package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.Intent;
import java.util.Objects;
import java.util.Optional;

/**
 * What an {@link IntentClassifier} made of a seeker line.
 *
 * @param intent the type, or empty when the classifier's model reply was unparsable (then {@code raw} holds it)
 * @param llmCalls model calls spent (a retry counts)
 * @param analysis the classifier's stated reason, empty when none
 * @param raw the last raw model reply when unparsed, else empty
 */
public record IntentReading(Optional<Intent> intent, int llmCalls, String analysis, String raw) {
  public IntentReading {
    Objects.requireNonNull(intent, "intent");
    Objects.requireNonNull(analysis, "analysis");
    Objects.requireNonNull(raw, "raw");
    if (llmCalls < 0) {
      throw new IllegalArgumentException("illegal intent reading: llmCalls " + llmCalls + " is negative");
    }
  }

  /** A successful reading. */
  public static IntentReading of(Intent intent, int llmCalls, String analysis) {
    return new IntentReading(Optional.of(intent), llmCalls, analysis, "");
  }

  /** A reading whose model reply could not be understood. */
  public static IntentReading unparsed(int llmCalls, String raw) {
    return new IntentReading(Optional.empty(), llmCalls, "", raw);
  }
}
