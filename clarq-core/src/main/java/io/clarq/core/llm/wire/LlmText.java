package io.clarq.core.llm.wire;

/** Model and server text shortened for error messages: one line, bounded length. */
public final class LlmText {
  private LlmText() {}

  /** {@code s} with runs of whitespace as one space, cut to {@code max} characters and "..." when longer. */
  public static String abbreviate(String s, int max) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= max ? one : one.substring(0, max) + "...";
  }

  /** The first line of {@code s} (a parser message that goes on to quote the input), "" for null. */
  public static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
