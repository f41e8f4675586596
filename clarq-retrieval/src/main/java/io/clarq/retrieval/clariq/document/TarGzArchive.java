package io.clarq.retrieval.clariq.document;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Reads gzip-compressed tar archives with Apache Commons Compress (ustar, GNU and PAX headers, long names), one regular
 * file at a time: only the entry being visited is in memory. Enough for test collections shipped as one file per
 * document.
 */
final class TarGzArchive {
  /** Larger entries are refused rather than read into memory. */
  static final int MAX_ENTRY_BYTES = 256 << 20;

  /** A regular file of the archive. */
  record Entry(String name, byte[] content) {}

  /** Takes each regular file of an archive in turn. */
  @FunctionalInterface
  interface Visitor {
    void visit(Entry entry) throws IOException;
  }

  private TarGzArchive() {}

  /**
   * Visits every regular file of the archive, in archive order.
   *
   * @throws IllegalArgumentException naming the archive when it is empty (0 bytes) or an entry's name is absolute
   *     or climbs out of the archive with {@code ..} (such an archive is refused, never indexed)
   * @throws UncheckedIOException naming the archive (and the entry) when it cannot be read
   */
  static void forEachFile(Path file, Visitor visitor) {
    try {
      if (Files.size(file) == 0) {
        throw new IllegalArgumentException("archive " + file + " is empty (0 bytes): expected a .tar.gz file");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read archive " + file + ": " + e, e);
    }
    try (InputStream gz = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file)), 1 << 16);
        TarArchiveInputStream tar = new TarArchiveInputStream(gz, "UTF-8")) {
      for (TarArchiveEntry e; (e = tar.getNextEntry()) != null; ) {
        if (!e.isFile()) {
          continue;
        }
        String name = e.getName();
        if (name.startsWith("/") || name.matches("^[A-Za-z]:.*") || name.equals("..") || name.startsWith("../")
            || name.contains("/../") || name.endsWith("/..")) {
          throw new IllegalArgumentException("archive " + file + ": entry \"" + name + "\" is an absolute path or "
              + "climbs out of the archive with ..; refusing the archive");
        }
        if (e.getSize() > MAX_ENTRY_BYTES) {
          throw new IOException("entry " + e.getName() + " of " + e.getSize() + " bytes is larger than "
              + MAX_ENTRY_BYTES);
        }
        byte[] content = tar.readNBytes((int) e.getSize());
        if (content.length < e.getSize()) {
          throw new IOException("archive ends inside entry " + e.getName());
        }
        visitor.visit(new Entry(e.getName(), content));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read archive " + file + ": " + e.getMessage(), e);
    }
  }
}
