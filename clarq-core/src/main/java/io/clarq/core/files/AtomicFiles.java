package io.clarq.core.files;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a file whole or not at all, durably: the content goes to a temporary file in the same directory, which is
 * forced to disk, then moved over the target in one atomic rename, and the directory is forced so the new entry
 * survives a power cut. A failure at any point leaves the old file (or none) and no temporary file behind.
 *
 * <p>Fallback: where the file system cannot rename atomically (some network and FUSE file systems), the temporary
 * file is moved with a plain replacing move; a crash during that move may then leave the old file, the new one, or
 * (on such file systems only) no file, but never a partly written one. Where a directory cannot be opened to force
 * it (Windows), that last step is skipped. Both are logged once at debug level.
 *
 * <pre>{@code
 * AtomicFiles.write(out.resolve("results.json"), json);
 * AtomicFiles.write(out.resolve("run.txt"), w -> { for (Row r : rows) w.write(r + "\n"); });
 * }</pre>
 */
public final class AtomicFiles {
  private static final Logger LOG = LoggerFactory.getLogger(AtomicFiles.class);
  private static final java.util.concurrent.atomic.AtomicLong TEMPORARIES = new java.util.concurrent.atomic.AtomicLong();

  /** Writes a file's content; the writer is buffered and UTF-8. */
  @FunctionalInterface
  public interface Content {
    void writeTo(BufferedWriter out) throws IOException;
  }

  private AtomicFiles() {}

  /**
   * Writes UTF-8 text to {@code target}, creating its parent folders.
   *
   * @throws UncheckedIOException "cannot write FILE: reason" when any step fails (the old file is left as it was)
   */
  public static void write(Path target, String content) {
    write(target, out -> out.write(content));
  }

  /**
   * Writes what {@code content} writes to {@code target}, creating its parent folders.
   *
   * @throws UncheckedIOException "cannot write FILE: reason" when any step fails, the content's own
   *     {@link IOException} included (the old file is left as it was)
   */
  public static void write(Path target, Content content) {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    Path tmp = null;
    try {
      if (Files.isDirectory(abs)) {
        throw new IOException("it is a directory");
      }
      Files.createDirectories(dir);
      tmp = createTemporary(dir, abs.getFileName().toString());
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE);
          BufferedWriter out = new BufferedWriter(new OutputStreamWriter(Channels.newOutputStream(ch),
              StandardCharsets.UTF_8))) {
        content.writeTo(out);
        out.flush();
        ch.force(true);
      }
      move(tmp, abs);
      tmp = null;
      forceDirectory(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target + ": " + describe(e), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // the original failure says more than this one
        }
      }
    }
  }

  /**
   * A new empty file {@code .NAME.PID-N.tmp} in {@code dir}, created with the default permissions (so the written
   * file follows the umask, as any other file the user writes; {@code Files.createTempFile} would make it private).
   */
  private static Path createTemporary(Path dir, String name) throws IOException {
    long pid = ProcessHandle.current().pid();
    while (true) {
      Path tmp = dir.resolve("." + name + "." + pid + "-" + TEMPORARIES.incrementAndGet() + ".tmp");
      try {
        return Files.createFile(tmp);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // left by a process of the same id long gone: take the next number
      }
    }
  }

  private static void move(Path tmp, Path target) throws IOException {
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      LOG.debug("{}: no atomic rename on this file system, replacing with a plain move", target);
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Forces a directory's entries to disk, where the platform allows opening a directory. */
  public static void forceDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: cannot force the directory ({}), skipped", dir, e.toString());
    }
  }

  /**
   * What went wrong with a file, for a message that already names it: the reason of a JDK file error (whose message
   * is often the bare path, e.g. "access denied" for {@code AccessDeniedException}), else the message.
   */
  public static String describe(IOException e) {
    String m = e.getMessage();
    String kind = e.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2")
        .toLowerCase(java.util.Locale.ROOT);
    if (e instanceof java.nio.file.FileSystemException f) {
      String why = f.getReason() != null ? f.getReason() : kind;
      return f.getFile() != null ? why + " (" + f.getFile() + ")" : why;
    }
    return m == null || m.isBlank() ? kind : m;
  }
}
