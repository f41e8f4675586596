package io.clarq.core.clarqllm.provider;

/** The provider's six-way reading of a seeker turn (docs/protocol/clarq-llm.md §4, task analysis). */
public enum Intent {
  /** 1: asks about or confirms the whole task. */
  WHOLE_TASK(1),
  /** 2: a clear detail question that an available line answers. */
  ANSWERABLE_DETAIL(2),
  /** 3: a clear detail question that no line answers. */
  UNANSWERABLE_DETAIL(3),
  /** 4: repeats an already-answered question. */
  REPEAT(4),
  /** 5: unrelated chat. */
  UNRELATED(5),
  /** 6: a vague or open question ("what next?", "anything else?"). */
  VAGUE(6);

  private final int code;

  Intent(int code) {
    this.code = code;
  }

  /** The reference's type number, 1-6. */
  public int code() {
    return code;
  }

  /** The intent with this type number; the error names the number. */
  public static Intent ofCode(int code) {
    for (Intent i : values()) {
      if (i.code == code) {
        return i;
      }
    }
    throw new IllegalArgumentException("illegal intent type " + code + ": must be 1-6");
  }
}
