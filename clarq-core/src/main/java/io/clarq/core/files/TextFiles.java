package io.clarq.core.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads input text files strictly: a byte that is not UTF-8 (a Latin-1 "é", say) is an error naming the file and
 * the line, never a silent replacement character that would stop the text matching what it should; a directory or
 * a missing file is named as such.
 *
 * <pre>{@code
 * String text = TextFiles.readUtf8(Path.of("verdicts.jsonl")); // "verdicts.jsonl, line 7: not UTF-8 (byte 0xE9 ...)"
 * }</pre>
 */
public final class TextFiles {
  private TextFiles() {}

  /**
   * The whole file as UTF-8 text.
   *
   * @throws IOException "FILE: no such file", "FILE: is a directory, expected a file", or "FILE, line N: not UTF-8
   *     (byte 0xXX at byte B of the line); save the file as UTF-8"
   */
  public static String readUtf8(Path file) throws IOException {
    return readUtf8(file, false);
  }

  /**
   * The whole file as UTF-8 text; with {@code tornLastLine}, a last line without its line break (a write cut short,
   * which the caller drops or reports) may end in a cut character, which is decoded as U+FFFD instead of refused.
   *
   * @throws IOException as {@link #readUtf8(Path)}, for a bad byte anywhere else
   */
  public static String readUtf8(Path file, boolean tornLastLine) throws IOException {
    requireFile(file);
    byte[] bytes = Files.readAllBytes(file);
    if (tornLastLine && bytes.length > 0 && bytes[bytes.length - 1] != '\n') {
      int lastBreak = bytes.length - 1;
      while (lastBreak >= 0 && bytes[lastBreak] != '\n') {
        lastBreak--;
      }
      String whole = decode(file, java.util.Arrays.copyOf(bytes, lastBreak + 1));
      return whole + new String(bytes, lastBreak + 1, bytes.length - lastBreak - 1, StandardCharsets.UTF_8);
    }
    return decode(file, bytes);
  }

  private static String decode(Path file, byte[] bytes) throws IOException {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult r = decoder.decode(in, out, true);
    if (r.isError()) {
      int at = in.position();
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < at; i++) {
        if (bytes[i] == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      throw new IOException(String.format(Locale.ROOT, "%s, line %d: not UTF-8 (byte 0x%02X at byte %d of the line);"
          + " save the file as UTF-8", file, line, bytes[at] & 0xff, at - lineStart + 1));
    }
    decoder.flush(out);
    out.flip();
    return out.toString();
  }

  /**
   * Checks that {@code file} is a regular file one can read.
   *
   * @throws IOException "FILE: no such file" or "FILE: is a directory, expected a file"
   */
  public static void requireFile(Path file) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IOException(file + ": is a directory, expected a file");
    }
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString(), null, "no such file");
    }
  }

  /**
   * A message naming {@code file} once and what went wrong with it: the reason of a JDK file error (whose message is
   * often the bare path), or the message of an error that already names the file.
   */
  public static String problem(Path file, IOException e) {
    if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
      return file + ": not valid JSON, " + JsonErrors.describe(j);
    }
    if (e instanceof java.nio.file.FileSystemException f) {
      String why = f.getReason() != null ? f.getReason() : AtomicFiles.describe(e);
      if (e instanceof NoSuchFileException && f.getReason() == null) {
        why = "no such file";
      } else if (e instanceof java.nio.file.AccessDeniedException && f.getReason() == null) {
        why = "permission denied";
      }
      String which = f.getFile() != null && !f.getFile().equals(file.toString()) ? " (" + f.getFile() + ")" : "";
      return file + ": " + why + which;
    }
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.contains(file.toString()) ? m : file + ": " + m;
  }
}
