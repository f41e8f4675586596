package io.clarq.core.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One writer per output directory: an exclusive lock on {@code DIR/run.lock}, held from {@link #acquire} until
 * {@link #close}. The file holds the holder's process id, so a second writer is refused with a message naming the
 * directory and that process. The lock is the operating system's: it ends with the process that held it, so a run
 * killed by any means (SIGKILL included) leaves a file that no longer locks anything, and a resume takes it over; a
 * run that ends cleanly removes it.
 *
 * <pre>{@code
 * try (OutputLock lock = OutputLock.acquire(out)) {
 *   ... write into out ...
 * }
 * }</pre>
 */
public final class OutputLock implements AutoCloseable {
  /** The lock file's name in the directory. */
  public static final String FILE = "run.lock";

  // directories this process holds: a second descriptor on a locked file must never be opened and closed here,
  // since closing any descriptor of a file drops all of this process's locks on it (POSIX)
  private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

  private final Path directory;
  private final FileChannel channel;
  private final FileLock lock;

  private OutputLock(Path directory, FileChannel channel, FileLock lock) {
    this.directory = directory;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the directory's lock, creating the directory when missing.
   *
   * @throws IllegalStateException naming the directory and the holder's process id when another writer holds it
   *     (this process included)
   * @throws UncheckedIOException naming the directory when the lock file cannot be created or written
   */
  public static OutputLock acquire(Path directory) {
    Path key = directory.toAbsolutePath().normalize();
    if (!HELD.add(key)) {
      throw refused(directory, String.valueOf(ProcessHandle.current().pid()));
    }
    boolean locked = false;
    try {
      Files.createDirectories(directory);
      // a holder that ends cleanly removes the file while it still holds it; a writer that opened the file just
      // before may then lock the removed file: it sees that the path names another file, or none, and tries again
      for (int attempt = 1; ; attempt++) {
        OutputLock held = tryAcquire(directory, key);
        if (held != null) {
          locked = true;
          return held;
        }
        if (attempt == 3) {
          throw new IllegalStateException("cannot write into " + directory + ": its lock file "
              + directory.resolve(FILE) + " keeps being replaced by other runs; wait for them to end");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock output directory " + directory + ": " + AtomicFiles.describe(e), e);
    } finally {
      if (!locked) {
        HELD.remove(key);
      }
    }
  }

  /** The lock, or null when the file locked was removed meanwhile by its last holder. */
  private static OutputLock tryAcquire(Path directory, Path key) throws IOException {
    Path file = directory.resolve(FILE);
    // which file the path names is read with stat only: opening and closing a second descriptor of the locked file
    // would drop this process's lock on it (POSIX)
    Object before = fileKey(file);
    FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    boolean keep = false;
    try {
      Object opened = fileKey(file);
      FileLock lock;
      try {
        lock = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        throw refused(directory, holder(ch));
      }
      Object after = fileKey(file);
      if (opened == null ? after != null : !opened.equals(after) || before != null && !before.equals(opened)) {
        // the path names another file than the one locked (or none): the last holder removed it meanwhile
        lock.release();
        return null;
      }
      byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
      ch.truncate(0);
      ch.write(ByteBuffer.wrap(pid), 0);
      ch.force(true);
      keep = true;
      return new OutputLock(key, ch, lock);
    } finally {
      if (!keep) {
        try {
          ch.close();
        } catch (IOException ignored) {
          // the first failure is the one to report
        }
      }
    }
  }

  /**
   * The identity of the file {@code path} names (device and inode where the platform has them), read without opening
   * it; null when there is no such file, or when the platform gives files no key (then every look agrees).
   */
  private static Object fileKey(Path path) throws IOException {
    try {
      return Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    } catch (java.nio.file.NoSuchFileException e) {
      return null;
    }
  }

  private static IllegalStateException refused(Path directory, String holder) {
    return new IllegalStateException("cannot write into " + directory + ": another run is writing to it ("
        + (holder.isEmpty() ? "process id unknown" : "process " + holder) + ", lock " + directory.resolve(FILE)
        + "); wait for it to end, or use another output directory");
  }

  private static String holder(FileChannel ch) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(64);
    ch.read(buf, 0);
    return new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).strip();
  }

  public Path directory() {
    return directory;
  }

  /**
   * Releases the lock and removes the lock file (while still holding it, so no other writer can take a lock on a
   * file about to vanish unnoticed). A run killed before this leaves the file, which locks nothing and is taken
   * over by the next run.
   */
  @Override
  public void close() {
    try {
      Files.deleteIfExists(directory.resolve(FILE));
      lock.release();
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot release the lock on " + directory + ": " + e.getMessage(), e);
    } finally {
      HELD.remove(directory);
    }
  }
}
