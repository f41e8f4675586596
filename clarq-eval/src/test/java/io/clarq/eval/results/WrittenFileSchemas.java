package io.clarq.eval.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Which schema in {@code docs/schemas/} describes each JSON or JSON Lines file clarq writes, by file name and, for a
 * file every benchmark writes under the same name ({@code results.json}), by the {@code benchmark} the file names: the
 * one table to extend when a command writes a new kind of file. Names a user chooses ({@code --llm-cache FILE},
 * {@code --per-topic FILE}) are matched by the names the tests give them, listed here. Shared through clarq-eval's
 * test-jar.
 *
 * <pre>{@code
 * List<String> errors = WrittenFileSchemas.validateTree(runDir);   // every .json/.jsonl under runDir
 * assertThat(errors).isEmpty();
 * }</pre>
 */
public final class WrittenFileSchemas {
  /**
   * A file-name pattern (whole name), the benchmark the file must name in its top-level {@code benchmark} field (empty:
   * any file of that name), and its schema file.
   */
  public record Entry(Pattern name, Optional<String> benchmark, String schema) {}

  /** The table, first match wins. */
  public static final List<Entry> TABLE = List.of(
      // results.json: one name for every benchmark, told apart by the benchmark it names (the envelope requires it)
      entry("results\\.json", "clarq-llm", "clarq-run-results.schema.json"),
      entry("results\\.json", "toa", "toa-results.schema.json"),
      entry("results\\.json", "cq-generate", "cq-generate-results.schema.json"),
      entry("results\\.json", "cq-judge", "cq-judge-results.schema.json"),
      entry("run-config\\.json", "run-config.schema.json"),
      entry("sessions\\.jsonl", "sessions-line.schema.json"),
      entry("item-usage\\.jsonl", "item-usage-line.schema.json"),
      entry("transcripts\\.jsonl", "transcript-line.schema.json"),
      entry(".*verdicts\\.jsonl", "judge-verdicts-line.schema.json"),
      entry("toa-results\\.jsonl", "toa-results-line.schema.json"),
      entry("generations\\.jsonl", "cq-generation-line.schema.json"),
      entry("judgements\\.jsonl", "cq-judgement-line.schema.json"),
      entry("leaderboard\\.json", "mediq", "outcome-leaderboard.schema.json"),
      entry("leaderboard\\.json", "toa", "outcome-leaderboard.schema.json"),
      entry("leaderboard\\.json", "cq-judge", "outcome-leaderboard.schema.json"),
      entry("leaderboard\\.json", "leaderboard.schema.json"),
      entry("study\\.json", "study-spec.schema.json"),
      entry("suite\\.json", "suite-run.schema.json"),
      // the side files of a study export (clarq-serve's StudyExport), and a rater's file (p01.jsonl, ...)
      entry("participant\\.json", "study-participant.schema.json"),
      entry("agreement\\.json", "study-agreement.schema.json"),
      entry("study-export\\.json", "study-export.schema.json"),
      entry("p[0-9]{2,}\\.jsonl", "human-ratings-line.schema.json"),
      entry("scorecard\\.json", "scorecard.schema.json"),
      // names the tests give to files the user names
      entry(".*flm\\.jsonl", "flm-example-line.schema.json"),
      entry(".*cache\\.jsonl", "response-cache-line.schema.json"),
      entry(".*per_topic\\.json", "clariq-per-topic.schema.json"),
      entry(".*synthetic\\.jsonl", "clariq-synthetic-line.schema.json"),
      entry(".*audit\\.jsonl", "provider-audit-line.schema.json"));

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<Path, JsonSchemas> SCHEMAS = new java.util.concurrent.ConcurrentHashMap<>();

  private WrittenFileSchemas() {}

  private static Entry entry(String name, String schema) {
    return new Entry(Pattern.compile(name), Optional.empty(), schema);
  }

  private static Entry entry(String name, String benchmark, String schema) {
    return new Entry(Pattern.compile(name), Optional.of(benchmark), schema);
  }

  /** The project's schemas ({@code docs/schemas}). */
  public static JsonSchemas schemas() {
    return SCHEMAS.computeIfAbsent(JsonSchemas.projectSchemas(), JsonSchemas::in);
  }

  /**
   * The schema of a file, by its name and, where the table asks, the benchmark it names; empty when the table has
   * none (a {@code results.json} naming no benchmark the table knows has none).
   */
  public static Optional<String> schemaOf(Path file) {
    String name = file.getFileName().toString();
    List<Entry> named = TABLE.stream().filter(e -> e.name().matcher(name).matches()).toList();
    if (named.stream().allMatch(e -> e.benchmark().isEmpty())) {
      return named.stream().map(Entry::schema).findFirst();
    }
    Optional<String> benchmark = benchmarkOf(file);
    return named.stream().filter(e -> e.benchmark().isEmpty() || e.benchmark().equals(benchmark))
        .map(Entry::schema).findFirst();
  }

  /** The top-level {@code benchmark} field of a JSON file; empty when it has none or cannot be read as JSON. */
  private static Optional<String> benchmarkOf(Path file) {
    try {
      JsonNode b = JSON.readTree(file.toFile()).path("benchmark");
      return b.isTextual() ? Optional.of(b.asText()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
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
        errors.add(f + ": no schema for this file" + benchmarkOf(f).map(b -> " (benchmark \"" + b + "\")").orElse("")
            + ": add one to docs/schemas and a line to WrittenFileSchemas.TABLE");
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
