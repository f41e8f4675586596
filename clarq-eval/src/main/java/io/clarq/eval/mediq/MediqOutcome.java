package io.clarq.eval.mediq;

import io.clarq.core.mediq.ExpertTurn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one MediQ case ended, with the reference's definitions: the final letter (absent when none could be read),
 * the questions asked (a question may be absent: "None" was asked) and the patient's answers, the intermediate
 * choice of every turn, the expert's turns, and the patient's facts when it used any.
 *
 * @param caseId the case
 * @param answerLetter the correct letter
 * @param letter the expert's final letter
 * @param questions the questions, in order
 * @param answers the patient's answers, in order
 * @param intermediateChoices the letter of every turn, the final one included
 * @param turns the expert's turns, in order
 * @param forced whether the question cap forced the final answer
 * @param maxQuestions the question cap
 * @param facts the patient's facts, when it answered from facts
 */
public record MediqOutcome(int caseId, String answerLetter, Optional<String> letter, List<Optional<String>> questions,
    List<String> answers, List<Optional<String>> intermediateChoices, List<ExpertTurn> turns, boolean forced,
    int maxQuestions, Optional<List<String>> facts) {
  public MediqOutcome {
    Objects.requireNonNull(answerLetter, "answerLetter");
    Objects.requireNonNull(letter, "letter");
    questions = Collections.unmodifiableList(new ArrayList<>(questions));
    answers = List.copyOf(answers);
    intermediateChoices = Collections.unmodifiableList(new ArrayList<>(intermediateChoices));
    turns = List.copyOf(turns);
    Objects.requireNonNull(facts, "facts");
    if (questions.size() != answers.size()) {
      throw new IllegalArgumentException("case " + caseId + ": " + questions.size() + " questions but "
          + answers.size() + " answers");
    }
  }

  /** Whether the final letter is the correct one. */
  public boolean correct() {
    return letter.isPresent() && letter.get().equals(answerLetter);
  }

  /**
   * The reference's timeout: more intermediate choices than the question cap, i.e. the cap was reached, even when
   * the forced answer was a confident choice.
   */
  public boolean timeout() {
    return intermediateChoices.size() > maxQuestions;
  }

  /** The reference's turn count: the intermediate choices (questions + 1). */
  public int turnCount() {
    return intermediateChoices.size();
  }

  /** How many of the expert's replies could not be read, over all turns. */
  public int unparsed() {
    return turns.stream().mapToInt(ExpertTurn::unparsed).sum();
  }
}
