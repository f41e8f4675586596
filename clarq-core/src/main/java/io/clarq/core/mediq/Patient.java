package io.clarq.core.mediq;

import io.clarq.core.llm.LlmException;
import java.util.List;
import java.util.Optional;

/**
 * The MediQ patient: answers the expert's questions from one case's record. {@link #start} opens a consultation
 * for a case; the consultation keeps what the patient keeps between questions (the facts it decomposed).
 */
public interface Patient {
  /** A consultation for {@code c}. */
  Consultation start(MediqCase c);

  /** One case's patient. */
  interface Consultation {
    /** What the expert knows at the start: the record's first sentence in the reference. */
    String initialInfo();

    /**
     * The answer to {@code question} ("None" is asked when the expert produced no question).
     *
     * @param history the exchanges before this question
     * @throws LlmException when a model behind the patient gave no usable reply
     */
    String respond(String question, List<Exchange> history) throws LlmException;

    /** The atomic facts the patient answers from, when it uses any (the reference records them). */
    default Optional<List<String>> facts() {
      return Optional.empty();
    }
  }
}
