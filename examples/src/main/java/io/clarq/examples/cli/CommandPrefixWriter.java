package io.clarq.examples.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * A command's stderr while it runs: every message line starts with the full command ({@code clarq toa run: }).
 * A line that already starts with {@code clarq } is left as it is; one that starts with the end of the command
 * ({@code toa run: }, {@code run: }) gets the rest in front; an indented line continues the message above it and is
 * left as it is. Thread-safe: progress lines come from worker threads.
 */
public final class CommandPrefixWriter extends PrintWriter {
  CommandPrefixWriter(PrintWriter target, String commandPath) {
    super(new LineWriter(target, commandPath), true);
  }

  private static final class LineWriter extends Writer {
    private final PrintWriter target;
    private final String path;
    private final StringBuilder line = new StringBuilder();
    /** Whether the current line's start was already written (a partial line flushed). */
    private boolean started;

    LineWriter(PrintWriter target, String path) {
      this.target = target;
      this.path = path;
    }

    @Override
    public synchronized void write(char[] buf, int off, int len) {
      for (int i = off; i < off + len; i++) {
        char c = buf[i];
        line.append(c);
        if (c == '\n') {
          emit();
          started = false;
        }
      }
    }

    private void emit() {
      if (line.length() == 0) {
        return;
      }
      String text = line.toString();
      line.setLength(0);
      target.write(started ? text : prefixed(text));
      started = true;
    }

    private String prefixed(String text) {
      if (text.isBlank() || Character.isWhitespace(text.charAt(0)) || text.startsWith("clarq ")
          || text.startsWith("clarq:")) {
        return text;
      }
      String tail = path;
      while (true) {
        if (text.startsWith(tail + ": ")) {
          return path.substring(0, path.length() - tail.length()) + text;
        }
        int space = tail.indexOf(' ');
        if (space < 0) {
          return path + ": " + text;
        }
        tail = tail.substring(space + 1);
      }
    }

    @Override
    public synchronized void flush() {
      emit();
      target.flush();
    }

    @Override
    public synchronized void close() {
      flush();
    }
  }
}
