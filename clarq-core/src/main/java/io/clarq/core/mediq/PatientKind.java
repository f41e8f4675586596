package io.clarq.core.mediq;

/** The reference code's LLM patients (MediQ {@code patient.py}). */
public enum PatientKind {
  /** Answers from the whole record, told to say it cannot answer when the record does not. */
  INSTRUCT("InstructPatient"),
  /** Breaks the record into atomic facts (one call per case), then returns the facts that answer. */
  FACT_SELECT("FactSelectPatient"),
  /** Answers from the first sentence of the record only. */
  DIRECT("DirectPatient");

  private final String referenceClass;

  PatientKind(String referenceClass) {
    this.referenceClass = referenceClass;
  }

  /** The reference code's class name. */
  public String referenceClass() {
    return referenceClass;
  }

  /**
   * The kind of a reference class name or of this enum's name, any case ("FactSelectPatient", "fact_select").
   *
   * @throws IllegalArgumentException naming the known patients
   */
  public static PatientKind named(String name) {
    for (PatientKind k : values()) {
      if (k.referenceClass.equalsIgnoreCase(name) || k.name().equalsIgnoreCase(name)
          || k.name().replace("_", "").equalsIgnoreCase(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown MediQ LLM patient \"" + name + "\"; known: "
        + java.util.Arrays.stream(values()).map(PatientKind::referenceClass).toList());
  }
}
