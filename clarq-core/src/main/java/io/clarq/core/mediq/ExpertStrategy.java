package io.clarq.core.mediq;

/**
 * How a reference expert decides to ask or answer (MediQ {@code expert.py}); each also asks, every turn, for the
 * letter it would choose now (the intermediate choice).
 */
public enum ExpertStrategy {
  /** One prompt: answer with a letter or ask a question (implicit abstention). */
  BASIC("BasicExpert"),
  /** Asks until the question cap, then answers. */
  FIXED("FixedExpert"),
  /** Asks the model YES/NO whether it is confident. */
  BINARY("BinaryExpert"),
  /** Asks for a confidence score, then YES/NO in the same conversation. */
  NUMERICAL("NumericalExpert"),
  /** Asks for a confidence score and asks when it is below the abstention threshold. */
  NUMCUTOFF("NumericalCutOffExpert"),
  /** Asks for a Likert rating and asks when it is below the abstention threshold. */
  SCALE("ScaleExpert");

  private final String referenceClass;

  ExpertStrategy(String referenceClass) {
    this.referenceClass = referenceClass;
  }

  /** The reference code's class name ("BasicExpert"). */
  public String referenceClass() {
    return referenceClass;
  }

  /**
   * The strategy of a reference class name or of this enum's name, any case ("BasicExpert", "basic", "numcutoff").
   *
   * @throws IllegalArgumentException naming the known experts
   */
  public static ExpertStrategy named(String name) {
    for (ExpertStrategy s : values()) {
      if (s.referenceClass.equalsIgnoreCase(name) || s.name().equalsIgnoreCase(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown MediQ expert \"" + name + "\"; known: "
        + java.util.Arrays.stream(values()).map(ExpertStrategy::referenceClass).toList());
  }
}
