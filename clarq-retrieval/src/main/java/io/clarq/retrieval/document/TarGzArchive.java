package io.clarq.retrieval.document;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * A minimal reader of gzip-compressed ustar archives (what {@code tar czf} writes): regular files only, with the
 * ustar name prefix and GNU long names honoured. Enough for test collections shipped as one file per document.
 */
public final class TarGzArchive {
  private static final int BLOCK = 512;

  /** A regular file of the archive. */
  public record Entry(String name, byte[] content) {}

  private TarGzArchive() {}

  /**
   * Every regular file of the archive, in archive order.
   *
   * @throws IllegalArgumentException naming the archive when it is empty (0 bytes) or an entry's name is absolute
   *     or climbs out of the archive with {@code ..} (such an archive is refused whole, never indexed)
   * @throws UncheckedIOException naming the archive when it cannot be read (not gzip, cut short)
   */
  public static List<Entry> read(Path file) {
    List<Entry> out = new ArrayList<>();
    try {
      if (Files.size(file) == 0) {
        throw new IllegalArgumentException("archive " + file + " is empty (0 bytes): expected a .tar.gz file");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read archive " + file + ": " + e, e);
    }
    try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file)), 1 << 16)) {
      byte[] header = new byte[BLOCK];
      String longName = null;
      while (true) {
        if (!readBlock(in, header)) {
          break;
        }
        if (isZero(header)) {
          break; // end-of-archive marker
        }
        String name = text(header, 0, 100);
        long size = octal(header, 124, 12, file);
        char type = (char) header[156];
        String magic = text(header, 257, 6);
        if (magic.startsWith("ustar")) {
          String prefix = text(header, 345, 155);
          if (!prefix.isEmpty()) {
            name = prefix + "/" + name;
          }
        }
        byte[] content = readContent(in, size, file);
        if (type == 'L') {
          longName = new String(content, StandardCharsets.UTF_8).replace("\0", "");
          continue;
        }
        if (longName != null) {
          name = longName;
          longName = null;
        }
        if (type == '0' || type == '\0') {
          if (name.startsWith("/") || name.matches("^[A-Za-z]:.*") || name.equals("..") || name.startsWith("../")
              || name.contains("/../") || name.endsWith("/..")) {
            throw new IllegalArgumentException("archive " + file + ": entry \"" + name + "\" is an absolute path or "
                + "climbs out of the archive with ..; refusing the archive");
          }
          out.add(new Entry(name, content));
        }
      }
    } catch (IOException e) {
      // the JDK's gzip and end-of-file errors may carry no message: say what kind of failure it was
      throw new UncheckedIOException("cannot read archive " + file + ": " + (e.getMessage() == null
          ? e.getClass().getSimpleName() + " (not a complete gzip-compressed tar file?)" : e.getMessage()), e);
    }
    return out;
  }

  private static byte[] readContent(InputStream in, long size, Path file) throws IOException {
    if (size > Integer.MAX_VALUE - BLOCK) {
      throw new IOException("entry of " + size + " bytes is too large in " + file);
    }
    int padded = (int) ((size + BLOCK - 1) / BLOCK * BLOCK);
    byte[] buffer = in.readNBytes(padded);
    if (buffer.length < padded) {
      throw new EOFException("archive " + file + " ends inside an entry");
    }
    return java.util.Arrays.copyOf(buffer, (int) size);
  }

  private static boolean readBlock(InputStream in, byte[] block) throws IOException {
    int n = in.readNBytes(block, 0, BLOCK);
    if (n == 0) {
      return false;
    }
    if (n < BLOCK) {
      throw new EOFException("truncated tar header");
    }
    return true;
  }

  private static boolean isZero(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  private static String text(byte[] b, int off, int len) {
    int end = off;
    while (end < off + len && b[end] != 0) {
      end++;
    }
    return new String(b, off, end - off, StandardCharsets.UTF_8);
  }

  private static long octal(byte[] b, int off, int len, Path file) throws IOException {
    String s = text(b, off, len).trim();
    if (s.isEmpty()) {
      return 0;
    }
    try {
      return Long.parseLong(s, 8);
    } catch (NumberFormatException e) {
      throw new IOException("bad size field \"" + s + "\" in " + file, e);
    }
  }
}
