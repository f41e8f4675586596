package io.clarq.eval.results;

import io.clarq.core.testing.JsonSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which schema in {@code docs/schemas/} describes each JSON or JSON Lines file clarq writes, by file name: the one
 * table to extend when a command writes a new kind of file. Names a user chooses ({@code --out FILE},
 * {@code --llm-cache FILE}) are matched by the names the tests give them, listed here. Shared through clarq-eval's
 * test-jar.
 *
 * <pre>{@code
 * List<String> errors = WrittenFileSchemas.validateTree(runDir);   // every .json/.jsonl under runDir
 * assertThat(errors).isEmpty();
 * }</pre>
 */
public final class WrittenFileSchemas {
  /** A file-name pattern (whole name) and its schema file. */
  public record Entry(Pattern name, String schema) {}

  /** The table, first match wins. */
  public static final List<Entry> TABLE = List.of(
      entry("results\\.json", "clarq-run-results.schema.json"),
      entry("transcripts\\.jsonl", "transcript-line.schema.json"),
      entry("run-config\\.json", "run-config.schema.json"),
      entry(".*verdicts\\.jsonl", "judge-verdicts-line.schema.json"),
      entry("toa-results\\.jsonl", "toa-results-line.schema.json"),
      entry("toa-config\\.json", "toa-config.schema.json"),
      // names the tests give to files the user names
      entry(".*flm\\.jsonl", "flm-example-line.schema.json"),
      entry(".*questions\\.jsonl", "cq-generation-line.schema.json"),
      entry(".*questions\\.jsonl\\.config\\.json", "cq-generate-config.schema.json"),
      entry(".*ratings\\.jsonl", "cq-judgement-line.schema.json"),
      entry(".*ratings\\.jsonl\\.config\\.json", "cq-judge-config.schema.json"),
      entry(".*cache\\.jsonl", "response-cache-line.schema.json"),
      entry(".*per_topic\\.json", "clariq-per-topic.schema.json"),
      entry(".*synthetic\\.jsonl", "clariq-synthetic-line.schema.json"),
      entry(".*audit\\.jsonl", "provider-audit-line.schema.json"));

  private static final Map<Path, JsonSchemas> SCHEMAS = new java.util.concurrent.ConcurrentHashMap<>();

  private WrittenFileSchemas() {}

  private static Entry entry(String name, String schema) {
    return new Entry(Pattern.compile(name), schema);
  }

  /** The project's schemas ({@code docs/schemas}). */
  public static JsonSchemas schemas() {
    return SCHEMAS.computeIfAbsent(JsonSchemas.projectSchemas(), JsonSchemas::in);
  }

  /** The schema of a file, by its name; empty when the table has none. */
  public static Optional<String> schemaOf(Path file) {
    String name = file.getFileName().toString();
    return TABLE.stream().filter(e -> e.name().matcher(name).matches()).map(Entry::schema).findFirst();
  }

  /**
   * Validates every {@code .json} and {@code .jsonl} file under {@code root} against its schema.
   *
   * @return every error (a file with no schema is one, naming the file); empty when all are valid
   * @throws IllegalStateException when {@code root} holds no such file (nothing was checked)
   */
  public static List<String> validateTree(Path root) {
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).filter(p -> {
        String n = p.getFileName().toString();
        return n.endsWith(".json") || n.endsWith(".jsonl");
      }).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
    if (files.isEmpty()) {
      throw new IllegalStateException("no .json or .jsonl file under " + root + ": nothing to validate");
    }
    List<String> errors = new ArrayList<>();
    for (Path f : files) {
      Optional<String> schema = schemaOf(f);
      if (schema.isEmpty()) {
        errors.add(f + ": no schema for this file: add one to docs/schemas and a line to WrittenFileSchemas.TABLE");
      } else {
        errors.addAll(schemas().validateFile(schema.get(), f));
      }
    }
    return errors;
  }

  /** The files {@link #validateTree} checks under {@code root}, with their schemas, for a test to report on. */
  public static List<String> checkedFiles(Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).map(p -> root.relativize(p) + " -> " + schemaOf(p).orElse("(none)"))
          .filter(l -> l.contains(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }
}
