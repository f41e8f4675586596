package io.clarq.datasets.clarqllm.transcript;

import io.clarq.core.clarqllm.transcript.DialogueRecord;
import java.io.Closeable;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Appends dialogue records to a JSONL transcript, one complete line per record, forced to disk before
 * {@link #append} returns (see {@link LineAppender}): a crash loses at most the dialogue being written. Safe to
 * share between threads; one writer per file. An existing file is appended to; a torn last line left by an
 * interrupted run is cut off first.
 */
public final class TranscriptWriter implements Closeable {
  private final LineAppender lines;

  private TranscriptWriter(LineAppender lines) {
    this.lines = lines;
  }

  /**
   * Opens a transcript for appending, creating it and its parent folders when missing.
   *
   * @throws UncheckedIOException naming the file when it cannot be opened
   */
  public static TranscriptWriter open(Path file) {
    return new TranscriptWriter(LineAppender.open(file));
  }

  /**
   * Appends one record as one line.
   *
   * @throws UncheckedIOException naming the file when the write fails
   */
  public void append(DialogueRecord record) {
    lines.append(DialogueRecordJson.toLine(record));
  }

  /** Records appended through this writer. */
  public int written() {
    return lines.appended();
  }

  public Path file() {
    return lines.file();
  }

  @Override
  public void close() {
    lines.close();
  }
}
