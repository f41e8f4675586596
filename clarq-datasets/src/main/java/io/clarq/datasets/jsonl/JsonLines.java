package io.clarq.datasets.jsonl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.files.TextFiles;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;

/**
 * Reads and writes JSON Lines files, one JSON object a line; blank lines are skipped and every error names the file
 * and the 1-based line. Three ways to read, for three kinds of file:
 *
 * <ul>
 *   <li>{@link #read(Path, BiFunction)}: append-only logs (transcripts, verdict files). A bad last line without its
 *       newline is a torn line, reported and never an error, every line before it kept;
 *   <li>{@link #readRecords}: files written with {@link #open} (generated questions, ratings), whose cut last line
 *       is dropped when a run is resumed;
 *   <li>{@link #forEach}: large files streamed line by line (FLM examples, question files).
 * </ul>
 */
public final class JsonLines {
  // a line holds one JSON value: anything after it ("{...} x", "{...}{...}") is an error, not silently dropped
  private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final int TORN_PREVIEW = 60;

  private JsonLines() {}

  /** The items read, each with its 1-based line number, and the torn last line if there was one. */
  public record Contents<T>(List<Numbered<T>> items, Optional<TornLine> tornLine) {}

  /** An item and the line it was read from. */
  public record Numbered<T>(int line, T item) {}

  /** One non-blank line of a file and where it is ("file, line N"), for error messages. */
  public record TextLine(String text, String where) {}

  /** Takes one line's JSON; its exceptions' messages are prefixed with the file and line. */
  @FunctionalInterface
  public interface LineHandler {
    void accept(JsonNode node) throws IOException;
  }

  /**
   * Reads every line with {@code parse(line, where)}, where {@code where} is "file, line N".
   *
   * @throws IllegalArgumentException from {@code parse} for a bad line that is not the torn last line
   * @throws UncheckedIOException when the file cannot be read
   */
  public static <T> Contents<T> read(Path file, BiFunction<String, String, T> parse) {
    String content;
    try {
      content = TextFiles.readUtf8(file, true); // the torn last line is reported, not read
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + TextFiles.problem(file, e), e);
    }
    String[] lines = content.split("\n", -1);
    List<Numbered<T>> items = new ArrayList<>(lines.length);
    Optional<TornLine> torn = Optional.empty();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      try {
        items.add(new Numbered<>(i + 1, parse.apply(line, file + ", line " + (i + 1))));
      } catch (IllegalArgumentException e) {
        if (i < lines.length - 1) {
          throw e;
        }
        torn = Optional.of(new TornLine(i + 1, line.length(), line.substring(0, Math.min(TORN_PREVIEW, line.length()))));
      }
    }
    return new Contents<>(items, torn);
  }

  /**
   * Parses one line that must hold a JSON object.
   *
   * @throws IllegalArgumentException starting with {@code where} when it is not valid JSON or not an object
   */
  public static JsonNode object(String line, String where, String what) {
    JsonNode o;
    try {
      o = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(where + ": not valid JSON: " + io.clarq.core.files.JsonErrors.inLine(e), e);
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object (" + what + ")");
    }
    return o;
  }

  /**
   * Streams the file, giving each non-blank line's JSON to {@code handler}.
   *
   * @throws IOException "file, line N: ..." for a line that is not JSON or that the handler rejects
   *     ({@code IOException}, {@code IllegalArgumentException} or {@code NullPointerException}), or when the file
   *     cannot be read
   */
  public static void forEach(Path file, LineHandler handler) throws IOException {
    TextFiles.requireFile(file);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int lineNo = 0;
      while (true) {
        String line;
        try {
          line = in.readLine();
        } catch (CharacterCodingException e) {
          throw new IOException(file + ", line " + (lineNo + 1) + ": not UTF-8; save the file as UTF-8", e);
        }
        if (line == null) {
          break;
        }
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        try {
          handler.accept(JSON.readTree(line));
        } catch (JsonProcessingException e) {
          throw new IOException(file + ", line " + lineNo + ": not JSON: " + io.clarq.core.files.JsonErrors.inLine(e),
              e);
        } catch (IOException | IllegalArgumentException | NullPointerException e) {
          throw new IOException(file + ", line " + lineNo + ": " + e.getMessage(), e);
        }
      }
    }
  }

  /**
   * The non-blank lines of a UTF-8 file, gunzipped first when its name ends in {@code .gz} (the reference traces of
   * ClarQ-LLM and MediQ come both ways), each with "file, line N" for messages.
   *
   * @throws IOException when the file cannot be read or is not valid gzip
   */
  public static List<TextLine> nonBlankLines(Path file) throws IOException {
    List<TextLine> out = new ArrayList<>();
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      int n = 0;
      while ((line = r.readLine()) != null) {
        n++;
        if (!line.isBlank()) {
          out.add(new TextLine(line, file + ", line " + n));
        }
      }
    }
    return out;
  }

  /**
   * Reads every record; the error names the file ({@code what} says which kind) and the line.
   *
   * @param dropCutLastLine whether a last line without its newline is dropped (resume) rather than read
   * @throws IllegalArgumentException "what file, line N: ..." for a bad line
   * @throws UncheckedIOException when the file cannot be read
   */
  public static <T> List<T> readRecords(Path file, String what, Function<JsonNode, T> parser,
      boolean dropCutLastLine) {
    String text;
    try {
      text = TextFiles.readUtf8(file, dropCutLastLine);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + what + " " + TextFiles.problem(file, e), e);
    }
    String[] lines = text.split("\n", -1);
    int usable = lines.length;
    if (dropCutLastLine && !text.isEmpty() && !text.endsWith("\n")) {
      usable--;
    }
    List<T> out = new ArrayList<>();
    for (int i = 0; i < usable; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        out.add(parser.apply(JSON.readTree(lines[i])));
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException(what + " " + file + ", line " + (i + 1) + ": not valid JSON: "
            + io.clarq.core.files.JsonErrors.inLine(e), e);
      } catch (IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException(what + " " + file + ", line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /**
   * Opens a file for writing whole, flushed records one at a time, so an interrupted run keeps every finished
   * record: a new file, or appending after the finished records of one (a cut last line removed).
   */
  public static <T> Appender<T> open(Path file, String what, boolean append, Function<T, String> toJson) {
    try {
      if (append && Files.exists(file)) {
        String text = TextFiles.readUtf8(file, true);
        if (!text.isEmpty() && !text.endsWith("\n")) {
          AtomicFiles.write(file, text.substring(0, text.lastIndexOf('\n') + 1));
        }
      }
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      BufferedWriter w = append
          ? Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
          : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      return new Appender<>(w, what + " " + file, toJson);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open " + what + " " + file, e);
    }
  }

  /** A new, empty JSON object to fill in and write. */
  public static ObjectNode newObject() {
    return JSON.createObjectNode();
  }

  /** A required field. */
  public static JsonNode field(JsonNode o, String name) {
    JsonNode v = o.get(name);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field \"" + name + "\"");
    }
    return v;
  }

  /** A required string field. */
  public static String text(JsonNode o, String name) {
    JsonNode v = field(o, name);
    if (!v.isTextual()) {
      throw new IllegalArgumentException("field \"" + name + "\" must be a string, got " + v);
    }
    return v.asText();
  }

  /** A required integer field (a JSON integer that fits an int; {@code "3"} or {@code 3.5} is an error). */
  public static int integer(JsonNode o, String name) {
    JsonNode v = field(o, name);
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new IllegalArgumentException("field \"" + name + "\" must be an integer, got " + v);
    }
    return v.intValue();
  }

  /** A required boolean field ({@code "true"} or {@code 1} is an error). */
  public static boolean bool(JsonNode o, String name) {
    JsonNode v = field(o, name);
    if (!v.isBoolean()) {
      throw new IllegalArgumentException("field \"" + name + "\" must be true or false, got " + v);
    }
    return v.booleanValue();
  }

  /** An optional array of strings (empty when absent). */
  public static List<String> texts(JsonNode o, String name) {
    List<String> out = new ArrayList<>();
    JsonNode v = o.get(name);
    if (v != null) {
      v.forEach(x -> out.add(x.asText()));
    }
    return out;
  }

  /** Writes whole records, flushing each. Thread-safe. */
  public static final class Appender<T> implements AutoCloseable {
    private final BufferedWriter writer;
    private final String where;
    private final Function<T, String> toJson;

    private Appender(BufferedWriter writer, String where, Function<T, String> toJson) {
      this.writer = writer;
      this.where = where;
      this.toJson = toJson;
    }

    /** Writes one record and flushes it. */
    public synchronized void write(T record) {
      try {
        writer.write(toJson.apply(record));
        writer.write('\n');
        writer.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write to " + where, e);
      }
    }

    @Override
    public synchronized void close() {
      try {
        writer.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close " + where, e);
      }
    }
  }
}
