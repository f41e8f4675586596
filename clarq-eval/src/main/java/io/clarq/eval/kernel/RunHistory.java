package io.clarq.eval.kernel;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * The sessions a run took, kept in the {@code runs} list of {@code run-config.json}: when each started, how long it
 * ran and how many items it played. A resumed run adds one; a run's wall time is their sum, and a merge reports each
 * shard's.
 */
final class RunHistory {
  static final String FIELD = "runs";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private RunHistory() {}

  /** Adds a session to {@code outputDir}'s run config. */
  static void add(Path outputDir, Instant started, Duration wall, int played, int concurrency) {
    Path file = outputDir.resolve(RunSettings.FILE);
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
      ArrayNode runs = root.has(FIELD) && root.get(FIELD).isArray() ? (ArrayNode) root.get(FIELD)
          : root.putArray(FIELD);
      runs.addObject().put("started", started.toString()).put("wall_seconds", wall.toNanos() / 1e9)
          .put("items_played", played).put("concurrency", concurrency);
      AtomicFiles.write(file, JSON.writeValueAsString(root) + "\n");
    } catch (IOException | ClassCastException e) {
      throw new UncheckedIOException("cannot record the run's session in " + file + ": " + e.getMessage(),
          e instanceof IOException io ? io : new IOException(e));
    }
  }

  /** The concurrency of the last session recorded in {@code outputDir}, if any. */
  static java.util.Optional<String> concurrency(Path outputDir) {
    Path file = outputDir.resolve(RunSettings.FILE);
    try {
      java.util.Optional<String> last = java.util.Optional.empty();
      if (Files.exists(file)) {
        for (var run : JSON.readTree(file.toFile()).path(FIELD)) {
          if (run.has("concurrency")) {
            last = java.util.Optional.of(run.get("concurrency").asText());
          }
        }
      }
      return last;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** The sum of the sessions' wall times recorded in {@code outputDir} (zero when none is). */
  static Duration wallTime(Path outputDir) {
    Path file = outputDir.resolve(RunSettings.FILE);
    if (!Files.exists(file)) {
      return Duration.ZERO;
    }
    try {
      double seconds = 0;
      for (var run : JSON.readTree(file.toFile()).path(FIELD)) {
        seconds += run.path("wall_seconds").asDouble();
      }
      return Duration.ofNanos(Math.round(seconds * 1e9));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
