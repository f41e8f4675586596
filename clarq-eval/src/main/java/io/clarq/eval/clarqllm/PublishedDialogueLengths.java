package io.clarq.eval.clarqllm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The number of lines of each task's dialogue in a published ClarQ-LLM results file ({@code transcripts/*.json}: a
 * JSON list of task types, each a list of task objects whose {@code l2l[0]} is the dialogue's lines), for the
 * forecast's seeker turns.
 *
 * <p>The six files are 13 MB and only one list length per task is wanted, so this walks the bytes once and skips
 * every other value without building it: on a cold start a JSON library's parser spends most of half a second being
 * compiled, and this loop a few milliseconds. Only ASCII bytes are structural in UTF-8 JSON (a multi-byte character
 * never holds one), so strings are skipped byte by byte up to their closing quote, honouring backslash escapes.
 * Anything that is not a list of lists of objects, an object without {@code l2l}, or an {@code l2l} whose first item
 * is not a list is refused, naming the file and line.
 */
final class PublishedDialogueLengths {
  private static final byte[] L2L = "l2l".getBytes(StandardCharsets.US_ASCII);

  private final Path file;
  private final byte[] b;
  private int i;

  private PublishedDialogueLengths(Path file, byte[] bytes) {
    this.file = file;
    this.b = bytes;
  }

  /** The length of {@code l2l[0]} of every task object of {@code file}, types in order, tasks in order. */
  static List<Integer> of(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return new PublishedDialogueLengths(file, bytes).read();
  }

  private List<Integer> read() {
    List<Integer> out = new ArrayList<>();
    expect('[', "a JSON list of task types");
    if (!endOfList()) {
      do {
        expect('[', "a task type: a list of task objects");
        if (!endOfList()) {
          do {
            out.add(task());
          } while (nextItem());
        }
      } while (nextItem());
    }
    skipSpace();
    if (i != b.length) {
      throw error("text after the list of task types");
    }
    return out;
  }

  /** One task object: the length of its l2l[0]. */
  private int task() {
    expect('{', "a task object");
    int lines = -1;
    if (!endOf('}')) {
      do {
        skipSpace();
        int keyStart = i + 1;
        expect('"', "a field name");
        i--;
        skipString();
        boolean l2l = i - 1 - keyStart == L2L.length && regionIs(keyStart, L2L);
        expect(':', "':' after a field name");
        if (l2l) {
          lines = firstListLength();
        } else {
          skipValue();
        }
      } while (next('}'));
    }
    if (lines < 0) {
      throw error("a task object has no l2l list of dialogues (not a published results file)");
    }
    return lines;
  }

  /** The value of l2l: a list whose first item is a list; its item count. */
  private int firstListLength() {
    expect('[', "l2l: a list of dialogues");
    expect('[', "l2l[0]: a list of dialogue lines");
    int count = 0;
    if (!endOfList()) {
      do {
        skipValue();
        count++;
      } while (nextItem());
    }
    while (nextItem()) {
      skipValue();   // the other dialogues of l2l
    }
    return count;
  }

  private boolean regionIs(int from, byte[] what) {
    for (int k = 0; k < what.length; k++) {
      if (b[from + k] != what[k]) {
        return false;
      }
    }
    return true;
  }

  /** Skips one value of any kind. */
  private void skipValue() {
    skipSpace();
    if (i >= b.length) {
      throw error("the file ends where a value was expected");
    }
    byte c = b[i];
    if (c == '"') {
      skipString();
    } else if (c == '[' || c == '{') {
      int depth = 0;
      do {
        c = b[i];
        if (c == '"') {
          skipString();
          continue;
        }
        if (c == '[' || c == '{') {
          depth++;
        } else if (c == ']' || c == '}') {
          depth--;
        }
        i++;
      } while (depth > 0 && i < b.length);
      if (depth > 0) {
        throw error("the file ends inside a list or object");
      }
    } else {
      int start = i;
      while (i < b.length && b[i] != ',' && b[i] != ']' && b[i] != '}' && !space(b[i])) {
        i++;
      }
      if (i == start) {
        throw error("a value was expected, found '" + (char) c + "'");
      }
    }
  }

  /** From the opening quote at {@code i} to just after the closing one. */
  private void skipString() {
    i++;
    while (i < b.length) {
      byte c = b[i++];
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return;
      }
    }
    throw error("the file ends inside a string");
  }

  /** After a list item: true when a ',' follows (another item), false at the list's ']'. */
  private boolean nextItem() {
    return next(']');
  }

  /** After an item: true when a ',' follows, false at {@code close}. */
  private boolean next(char close) {
    skipSpace();
    if (i < b.length && b[i] == ',') {
      i++;
      return true;
    }
    expect(close, "',' or '" + close + "'");
    return false;
  }

  /** Just after a '[': true (and past it) when the list is empty. */
  private boolean endOfList() {
    return endOf(']');
  }

  private boolean endOf(char close) {
    skipSpace();
    if (i < b.length && b[i] == close) {
      i++;
      return true;
    }
    return false;
  }

  private void expect(char c, String what) {
    skipSpace();
    if (i >= b.length || b[i] != c) {
      throw error("expected " + what + (i >= b.length ? ", found the end of the file"
          : ", found '" + (char) b[i] + "'"));
    }
    i++;
  }

  private void skipSpace() {
    while (i < b.length && space(b[i])) {
      i++;
    }
  }

  private static boolean space(byte c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  private IllegalArgumentException error(String problem) {
    int line = 1;
    for (int k = 0; k < Math.min(i, b.length); k++) {
      if (b[k] == '\n') {
        line++;
      }
    }
    return new IllegalArgumentException(file + " (line " + line + "): " + problem);
  }
}
