package io.clarq.eval.mediq;

import io.clarq.core.llm.LlmException;
import io.clarq.core.mediq.Exchange;
import io.clarq.core.mediq.Expert;
import io.clarq.core.mediq.ExpertTurn;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.Patient;
import io.clarq.core.mediq.PatientState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Plays one MediQ case as the reference's benchmark loop does ({@code mediQ_benchmark.py}): while fewer than
 * {@code maxQuestions} questions were asked, the expert moves; a question goes to the patient and its intermediate
 * choice is recorded; a choice ends the case. At the cap the expert moves once more and its letter is the answer,
 * whether it answered or asked (an asking expert's question is discarded; its question generator was still called).
 */
public final class MediqInterview {
  private MediqInterview() {}

  /**
   * Plays {@code c}.
   *
   * @throws LlmException when a model behind the expert or the patient gave no usable reply
   */
  public static MediqOutcome play(MediqCase c, Expert expert, Patient patient, int maxQuestions)
      throws LlmException {
    if (maxQuestions < 0) {
      throw new IllegalArgumentException("illegal max questions " + maxQuestions + ": must be non-negative");
    }
    Patient.Consultation consultation = patient.start(c);
    String initialInfo = consultation.initialInfo();
    List<Exchange> history = new ArrayList<>();
    List<Optional<String>> choices = new ArrayList<>();
    List<ExpertTurn> turns = new ArrayList<>();
    while (history.size() < maxQuestions) {
      ExpertTurn turn = expert.respond(c.inquiry(), new PatientState(initialInfo, history));
      turns.add(turn);
      choices.add(turn.letter());
      if (!turn.asks()) {
        return outcome(c, turn.letter(), history, choices, turns, false, maxQuestions, consultation);
      }
      String asked = turn.question().orElse("None");
      String answer = consultation.respond(asked, List.copyOf(history));
      history.add(new Exchange(turn.question(), answer));
    }
    ExpertTurn last = expert.respond(c.inquiry(), new PatientState(initialInfo, history));
    turns.add(last);
    choices.add(last.letter());
    return outcome(c, last.letter(), history, choices, turns, true, maxQuestions, consultation);
  }

  private static MediqOutcome outcome(MediqCase c, Optional<String> letter, List<Exchange> history,
      List<Optional<String>> choices, List<ExpertTurn> turns, boolean forced, int maxQuestions,
      Patient.Consultation consultation) {
    List<Optional<String>> questions = new ArrayList<>();
    List<String> answers = new ArrayList<>();
    for (Exchange e : history) {
      questions.add(e.question());
      answers.add(e.answer());
    }
    return new MediqOutcome(c.id(), c.answerLetter(), letter, questions, answers, choices, turns, forced,
        maxQuestions, consultation.facts());
  }
}
