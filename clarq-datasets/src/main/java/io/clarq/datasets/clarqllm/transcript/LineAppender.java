package io.clarq.datasets.clarqllm.transcript;

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
 * Appends whole lines to a line-oriented file (JSONL transcripts, verdict caches): each line and its newline go out
 * in one write and are forced to disk before {@link #append} returns, so a crash loses at most the line being
 * written. Safe to share between threads; one appender per file.
 *
 * <p>If the file ends in a torn line (an earlier process died mid-write), that fragment is cut off when the file is
 * opened, so new lines start clean; it held no complete record.
 */
public final class LineAppender implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LineAppender.class);

  private final Path file;
  private final FileChannel channel;
  private final Object forceLock = new Object();   // taken before this, never after
  private int appended;
  private long written;   // lines written to the channel (guarded by this)
  private long forced;    // of those, the lines forced to disk (guarded by forceLock)

  private LineAppender(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /**
   * Opens a file for appending, creating it and its parent folders when missing.
   *
   * @throws UncheckedIOException naming the file when it cannot be opened
   */
  public static LineAppender open(Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.READ);
      cutTornTail(file, ch);
      ch.position(ch.size());
      return new LineAppender(file, ch);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open " + file + " for appending: " + e.getMessage(), e);
    }
  }

  private static void cutTornTail(Path file, FileChannel ch) throws IOException {
    long size = ch.size();
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
      LOG.warn("{}: cut a torn last line of {} bytes left by an interrupted run", file, size - end);
      ch.truncate(end);
    }
  }

  /**
   * Appends one line (a newline is added; the text must not contain one) and forces it to disk.
   *
   * @throws IllegalArgumentException when the text holds a line break
   * @throws UncheckedIOException naming the file when the write fails
   */
  public void append(String line) {
    if (line.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("cannot append to " + file + ": the line holds a line break");
    }
    ByteBuffer buf = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
    try {
      long mine;
      synchronized (this) {
        while (buf.hasRemaining()) {
          channel.write(buf);
        }
        mine = ++written;
      }
      // group commit: the force is made outside the write lock, so other threads' lines keep being written while
      // it runs, and one force covers every line written before it began; a line is on disk before append returns
      synchronized (forceLock) {
        if (forced < mine) {
          long upTo;
          synchronized (this) {
            upTo = written;
          }
          channel.force(false);
          forced = upTo;
        }
      }
      synchronized (this) {
        appended++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
    }
  }

  /** Lines appended through this appender. */
  public synchronized int appended() {
    return appended;
  }

  public Path file() {
    return file;
  }

  @Override
  public void close() {
    synchronized (forceLock) {
      synchronized (this) {
        try {
          channel.close();
        } catch (IOException e) {
          throw new UncheckedIOException("cannot close " + file + ": " + e.getMessage(), e);
        }
      }
    }
  }
}
