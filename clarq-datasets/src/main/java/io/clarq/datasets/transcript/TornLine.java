package io.clarq.datasets.transcript;

/**
 * The unfinished last line of a transcript (a run died while writing it): where it is and how it starts. It held
 * no complete dialogue, so nothing was lost; the task is simply not in the file.
 *
 * @param line its 1-based line number
 * @param length its length in characters
 * @param start its first characters, for a person to recognise it
 */
public record TornLine(int line, int length, String start) {
  public TornLine {
    if (line < 1 || length < 0) {
      throw new IllegalArgumentException("illegal torn line at line " + line + ", length " + length);
    }
  }
}
