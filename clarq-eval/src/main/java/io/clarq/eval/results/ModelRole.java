package io.clarq.eval.results;

import java.util.Locale;

/** The part a model plays in a run, as the results envelope names it ({@link #key()}). */
public enum ModelRole {
  /** ClarQ-LLM: the agent that asks about a task. */
  SEEKER,
  /** ClarQ-LLM: the agent that answers from the response tree. */
  PROVIDER,
  /** Decides what a verbatim check cannot (ClarQ-LLM's leftover gold lines, CQ rubric scores). */
  JUDGE,
  /** TOA: the model that asks for the masked fact. */
  ASKER,
  /** TOA: the model that answers the asker's question. */
  ORACLE,
  /** TOA: the model that answers the task question. */
  PRIMARY,
  /** CQ: the model that writes clarifying questions. */
  GENERATOR,
  /** MediQ: the model behind the expert that asks and answers with a choice. */
  EXPERT,
  /** MediQ: the model behind the patient that answers the expert. */
  PATIENT;

  /** The role's name in files: {@code seeker}, {@code provider}, ... */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The role named {@code key}.
   *
   * @throws IllegalArgumentException naming the key and the known roles
   */
  public static ModelRole parse(String key) {
    for (ModelRole r : values()) {
      if (r.key().equals(key)) {
        return r;
      }
    }
    throw new IllegalArgumentException("unknown model role \"" + key + "\"; known: "
        + java.util.Arrays.stream(values()).map(ModelRole::key).toList());
  }
}
