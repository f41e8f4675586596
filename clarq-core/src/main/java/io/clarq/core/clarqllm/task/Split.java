package io.clarq.core.clarqllm.task;

/** ClarQ-LLM splits: task types 1-26 are the benchmark (test), 27-31 are dev (shipped without purposes). */
public enum Split {
  TEST,
  DEV;

  /** The last task type of the test split. */
  public static final int LAST_TEST_TYPE = 26;

  /** The split a task type belongs to; the error names the type when it is outside 1-31. */
  public static Split ofType(int type) {
    TaskId.checkType(type);
    return type <= LAST_TEST_TYPE ? TEST : DEV;
  }

  /** Whether a task type belongs to this split. */
  public boolean contains(int type) {
    return ofType(type) == this;
  }

  /** Parses "test" or "dev" (any case). */
  public static Split parse(String text) {
    for (Split s : values()) {
      if (s.name().equalsIgnoreCase(text.trim())) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown split \"" + text + "\": expected test or dev");
  }
}
