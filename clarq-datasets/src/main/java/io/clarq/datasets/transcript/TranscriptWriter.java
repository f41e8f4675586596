package io.clarq.datasets.transcript;

import io.clarq.core.dialogue.DialogueRecord;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Appends dialogue records to a JSONL transcript, one complete line per call: the line and its newline go out in
 * one write and are forced to disk before {@link #append} returns, so a crash loses at most the line being
 * written. Safe to share between threads; one writer per file.
 *
 * <p>An existing file is appended to. If it ends in a torn line (an earlier run died mid-write), that fragment is
 * cut off first, so the new lines start clean; it held no complete dialogue.
 */
public final class TranscriptWriter implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(TranscriptWriter.class);

  private final Path file;
  private final FileChannel channel;
  private int written;

  private TranscriptWriter(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /**
   * Opens a transcript for appending, creating it and its parent folders when missing.
   *
   * @throws UncheckedIOException naming the file when it cannot be opened
   */
  public static TranscriptWriter open(Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.READ);
      cutTornTail(file, ch);
      ch.position(ch.size());
      return new TranscriptWriter(file, ch);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open transcript " + file + " for appending: " + e.getMessage(), e);
    }
  }

  private static void cutTornTail(Path file, FileChannel ch) throws IOException {
    long size = ch.size();
    if (size == 0) {
      return;
    }
    long end = size;
    ByteBuffer one = ByteBuffer.allocate(1);
    while (end > 0) {
      one.clear();
      ch.read(one, end - 1);
      if (one.get(0) == '\n') {
        break;
      }
      end--;
    }
    if (end < size) {
      LOG.warn("transcript {}: cut a torn last line of {} bytes left by an interrupted run", file, size - end);
      ch.truncate(end);
    }
  }

  /**
   * Appends one record as one line and forces it to disk.
   *
   * @throws UncheckedIOException naming the file when the write fails
   */
  public synchronized void append(DialogueRecord record) {
    byte[] line = (DialogueRecordJson.toLine(record) + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      ByteBuffer buf = ByteBuffer.wrap(line);
      while (buf.hasRemaining()) {
        channel.write(buf);
      }
      channel.force(false);
      written++;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to transcript " + file + ": " + e.getMessage(), e);
    }
  }

  /** Records appended through this writer. */
  public synchronized int written() {
    return written;
  }

  public Path file() {
    return file;
  }

  @Override
  public synchronized void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close transcript " + file + ": " + e.getMessage(), e);
    }
  }
}
