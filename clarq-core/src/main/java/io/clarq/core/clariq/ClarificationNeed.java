package io.clarq.core.clariq;

/**
 * How much a request needs clarification, as ClariQ's annotators labelled it: 1 (not at all) to 4 (cannot be
 * answered without clarification).
 *
 * @param level the label, 1-4
 */
public record ClarificationNeed(int level) implements Comparable<ClarificationNeed> {
  /** The lowest label: the request is clear. */
  public static final int MIN = 1;
  /** The highest label: the request cannot be served without asking. */
  public static final int MAX = 4;

  public ClarificationNeed {
    if (level < MIN || level > MAX) {
      throw new IllegalArgumentException("illegal clarification need " + level + ": must be " + MIN + "-" + MAX);
    }
  }

  /** Parses a label such as {@code "3"}; the error names the text. */
  public static ClarificationNeed parse(String text) {
    try {
      return new ClarificationNeed(Integer.parseInt(text));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("illegal clarification need \"" + text + "\": must be an integer 1-4", e);
    }
  }

  @Override
  public int compareTo(ClarificationNeed o) {
    return Integer.compare(level, o.level);
  }

  @Override
  public String toString() {
    return Integer.toString(level);
  }
}
