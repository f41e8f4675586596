package io.clarq.datasets.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Reads line-oriented JSON files (transcripts, verdict files) the same way: blank lines are skipped, a bad last line
 * without its newline is a torn line (reported, never an error, every line before it kept), any other bad line is
 * an error naming the file and line.
 */
public final class JsonLines {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int TORN_PREVIEW = 60;

  private JsonLines() {}

  /** The items read, each with its 1-based line number, and the torn last line if there was one. */
  public record Contents<T>(List<Numbered<T>> items, Optional<TornLine> tornLine) {}

  /** An item and the line it was read from. */
  public record Numbered<T>(int line, T item) {}

  /**
   * Reads every line with {@code parse(line, where)}, where {@code where} is "file, line N".
   *
   * @throws IllegalArgumentException from {@code parse} for a bad line that is not the torn last line
   * @throws UncheckedIOException when the file cannot be read
   */
  public static <T> Contents<T> read(Path file, BiFunction<String, String, T> parse) {
    String content;
    try {
      content = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
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
      throw new IllegalArgumentException(where + ": not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object (" + what + ")");
    }
    return o;
  }
}
