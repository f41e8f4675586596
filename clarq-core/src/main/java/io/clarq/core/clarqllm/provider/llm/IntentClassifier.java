package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.llm.LlmException;

/**
 * The provider's task analysis (docs/protocol/clarq-llm.md §4 step 2): reads the last seeker line, seeing the dialogue
 * and the currently available nodes with their purposes, as one of the six {@link Intent}s. Its own component so
 * that it can be evaluated against labelled turns and replaced (by another model, prompt or a rule-based reader)
 * without touching the rest of the provider.
 */
public interface IntentClassifier {
  /**
   * @return the reading; {@link IntentReading#intent()} is empty when the model's reply could not be understood
   *     (never replaced by a guess)
   * @throws LlmException when the model behind the classifier could not be reached
   */
  IntentReading classify(ProviderTurn turn) throws LlmException;
}
