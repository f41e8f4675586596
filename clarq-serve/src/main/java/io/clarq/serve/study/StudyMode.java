package io.clarq.serve.study;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What the participants of a study do, and in which benchmark. */
public enum StudyMode {
  /** ClarQ-LLM, the paper's H2L setting: a person is the seeker and asks the provider agent (LLM or offline). */
  HUMAN_SEEKER("human-seeker", "clarq-llm"),
  /**
   * ClarQ-LLM, the paper's L2H setting: a seeker agent (rule-based or LLM) asks and a person answers as the provider,
   * with the task's response tree in view.
   */
  HUMAN_PROVIDER("human-provider", "clarq-llm"),
  /** Clarifying-question rating: a person grades a question's naturalness and usefulness against the reference. */
  RATING("rating", "cq"),
  /**
   * MediQ with a person as the expert: they read the case's first sentence and the multiple-choice question, ask the
   * simulated patient (offline or an LLM) and answer with a letter, under MediQ's question cap.
   */
  HUMAN_EXPERT("human-expert", "mediq");

  private final String key;
  private final String benchmark;

  StudyMode(String key, String benchmark) {
    this.key = key;
    this.benchmark = benchmark;
  }

  /** The mode's name in a spec, e.g. "human-seeker". */
  public String key() {
    return key;
  }

  /** The benchmark the mode belongs to, as a spec names it ("clarq-llm", "cq", "mediq"). */
  public String benchmark() {
    return benchmark;
  }

  /** The mode a spec names (any case); the error lists the modes this build runs. */
  public static StudyMode parse(String text) {
    for (StudyMode m : values()) {
      if (m.key.equalsIgnoreCase(text.strip())) {
        return m;
      }
    }
    String known = Arrays.stream(values()).map(StudyMode::key).collect(Collectors.joining(", "));
    throw new IllegalArgumentException("unknown study mode \"" + text + "\": expected one of " + known);
  }
}
