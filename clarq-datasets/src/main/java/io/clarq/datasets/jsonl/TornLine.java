package io.clarq.datasets.jsonl;

/**
 * The unfinished last line of a JSON Lines file (a run died while writing it): where it is and how it starts. It
 * held no complete record, so nothing was lost; the record is simply not in the file.
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
