package io.clarq.datasets.trec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a file through a temporary sibling and a move, so a failure never leaves a half-written file. */
public final class AtomicFiles {
  /** Writes the content of a file. */
  @FunctionalInterface
  public interface Content {
    /** Writes to the (temporary) file. */
    void writeTo(BufferedWriter out) throws IOException;
  }

  private AtomicFiles() {}

  /** Writes UTF-8 text to {@code target} atomically (where the file system allows). */
  public static void write(Path target, Content content) {
    Path abs = target.toAbsolutePath();
    Path tmp = null;
    try {
      if (abs.getParent() != null) {
        Files.createDirectories(abs.getParent());
      }
      tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
      try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        content.writeTo(out);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // the move succeeded or the original error is more useful
        }
      }
    }
  }
}
