package io.clarq.datasets.clarqllm.verdict;

import io.clarq.datasets.clarqllm.transcript.LineAppender;
import java.io.Closeable;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Appends verdicts to a verdict file, one complete line each, forced to disk (see {@link LineAppender}). Safe to
 * share between threads; one writer per file.
 */
public final class VerdictWriter implements Closeable {
  private final LineAppender lines;

  private VerdictWriter(LineAppender lines) {
    this.lines = lines;
  }

  /**
   * Opens a verdict file for appending, creating it when missing.
   *
   * @throws UncheckedIOException naming the file when it cannot be opened
   */
  public static VerdictWriter open(Path file) {
    return new VerdictWriter(LineAppender.open(file));
  }

  public void append(VerdictRecord record) {
    lines.append(VerdictFile.toLine(record));
  }

  public Path file() {
    return lines.file();
  }

  @Override
  public void close() {
    lines.close();
  }
}
