package io.clarq.datasets.fkw;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * JSON Lines files written one whole, flushed record at a time, so an interrupted run keeps every finished record;
 * when such a file is resumed, a last line cut short by the interruption is dropped.
 */
public final class JsonLines {
  static final ObjectMapper JSON = new ObjectMapper();

  private JsonLines() {}

  /**
   * Reads every record; the error names the file ({@code what} says which kind) and the line.
   *
   * @param dropCutLastLine whether a last line without its newline is dropped (resume) rather than read
   */
  static <T> List<T> read(Path file, String what, Function<JsonNode, T> parser, boolean dropCutLastLine) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + what + " " + file, e);
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
      } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException(what + " " + file + ", line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** Opens a file for writing: a new file, or appending after the finished records of one (a cut line removed). */
  static <T> Appender<T> open(Path file, String what, boolean append, Function<T, String> toJson) {
    try {
      if (append && Files.exists(file)) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (!text.isEmpty() && !text.endsWith("\n")) {
          Files.writeString(file, text.substring(0, text.lastIndexOf('\n') + 1), StandardCharsets.UTF_8);
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

  /** A required field. */
  static JsonNode field(JsonNode o, String name) {
    JsonNode v = o.get(name);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field \"" + name + "\"");
    }
    return v;
  }

  /** A required string field. */
  static String text(JsonNode o, String name) {
    JsonNode v = field(o, name);
    if (!v.isTextual()) {
      throw new IllegalArgumentException("field \"" + name + "\" must be a string, got " + v);
    }
    return v.asText();
  }

  /** An optional array of strings (empty when absent). */
  static List<String> texts(JsonNode o, String name) {
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
