package io.clarq.core.mediq;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One MediQ case: the clinical question, the patient's record as context sentences (the first is what the expert
 * sees at the start), the options A-D, the answer, the data set's atomic facts and, where given, the patient's age
 * and gender. Strings are kept exactly as the data file has them (prompts are built from them byte for byte).
 *
 * @param id the case's id in its data file
 * @param question the inquiry the expert must answer
 * @param context the patient's record, sentence by sentence
 * @param options the options by letter, A to D in that order
 * @param answerLetter the correct option's letter
 * @param answer the correct option's text
 * @param facts the data set's atomic facts (numbered, as in the file); may be empty
 * @param patient the patient's age and gender, when the file gives them
 */
public record MediqCase(int id, String question, List<String> context, Map<String, String> options,
    String answerLetter, String answer, List<String> facts, Optional<PatientProfile> patient) {
  /** The option letters, in order. */
  public static final List<String> LETTERS = List.of("A", "B", "C", "D");

  public MediqCase {
    if (id < 0) {
      throw new IllegalArgumentException("illegal case id " + id + ": must be non-negative");
    }
    Objects.requireNonNull(question, "question");
    context = List.copyOf(context);
    if (options == null || !options.keySet().equals(java.util.Set.copyOf(LETTERS))) {
      throw new IllegalArgumentException("options must have exactly the letters " + LETTERS
          + ", got " + (options == null ? null : options.keySet()));
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    for (String l : LETTERS) {
      ordered.put(l, Objects.requireNonNull(options.get(l), "option " + l));
    }
    options = java.util.Collections.unmodifiableMap(ordered);
    if (!LETTERS.contains(answerLetter)) {
      throw new IllegalArgumentException("answer letter \"" + answerLetter + "\" is not one of " + LETTERS);
    }
    Objects.requireNonNull(answer, "answer");
    facts = List.copyOf(facts);
    Objects.requireNonNull(patient, "patient");
  }

  /** What the expert is given: the question and the options, never the answer. */
  public Inquiry inquiry() {
    return new Inquiry(question, options);
  }
}
