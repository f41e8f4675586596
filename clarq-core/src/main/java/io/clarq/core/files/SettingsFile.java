package io.clarq.core.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The settings an output was made with, kept in a small JSON file next to it (e.g. {@code toa-config.json} in a TOA
 * run directory, {@code FILE.config.json} next to a {@code cq generate} output), so that a rerun into the same
 * output resumes it only when its settings are the same, and otherwise is refused with every setting that differs.
 */
public final class SettingsFile {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SettingsFile() {}

  /**
   * Compares {@code wanted} with the settings recorded in {@code file}; when the file does not exist, writes
   * {@code wanted} there (atomically) and returns no difference.
   *
   * @return each setting that differs, as {@code KEY X there, Y now} (JSON values; {@code null} when missing on one
   *     side), in the order of {@code wanted}'s keys and then the file's; empty when they are the same
   * @throws UncheckedIOException naming the file when it cannot be read or is not a JSON object
   */
  public static List<String> recordOrCompare(Path file, ObjectNode wanted) {
    if (!Files.exists(file)) {
      record(file, wanted);
      return List.of();
    }
    JsonNode found;
    try {
      found = MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the settings file " + file + ": " + e.getMessage(), e);
    }
    if (found == null || !found.isObject()) {
      throw new UncheckedIOException(new IOException("settings file " + file + " does not hold a JSON object"));
    }
    Set<String> keys = new LinkedHashSet<>();
    wanted.fieldNames().forEachRemaining(keys::add);
    found.fieldNames().forEachRemaining(keys::add);
    List<String> diffs = new ArrayList<>();
    for (String k : keys) {
      if (!Objects.equals(wanted.get(k), found.get(k))) {
        diffs.add(k + " " + found.get(k) + " there, " + wanted.get(k) + " now");
      }
    }
    return diffs;
  }

  /** Writes {@code settings} to {@code file} (atomically, pretty-printed), replacing what was there. */
  public static void record(Path file, ObjectNode settings) {
    try {
      AtomicFiles.write(file, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(settings));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize settings " + settings, e);
    }
  }
}
