package io.clarq.core.mediq;

import io.clarq.core.llm.LlmException;

/**
 * The MediQ asker: each turn it reads the inquiry and the patient's state and asks one question or answers. An
 * expert holds no state between turns (the patient's state is the whole conversation), so one expert serves every
 * case and may be called from several threads.
 */
public interface Expert {
  /**
   * The move for this turn.
   *
   * @throws LlmException when a model behind the expert gave no usable reply
   */
  ExpertTurn respond(Inquiry inquiry, PatientState state) throws LlmException;
}
