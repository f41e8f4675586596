package io.clarq.eval.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.datasets.clarqllm.transcript.LineAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The sessions a run took, one line each in {@value #FILE} beside the run config: when each started, how long it ran,
 * how many items it played and at what concurrency. A resumed run adds a line; a run's wall time is their sum, and a
 * merge reports each shard's. Kept apart from {@code run-config.json} so that the settings file of a merged run is
 * byte for byte that of one unsharded run.
 */
final class RunHistory {
  static final String FILE = "sessions.jsonl";
  private static final ObjectMapper JSON = new ObjectMapper();

  private RunHistory() {}

  /** Adds a session to {@code outputDir}'s history. */
  static void add(Path outputDir, Instant started, Duration wall, int played, int concurrency) {
    try (LineAppender lines = LineAppender.open(outputDir.resolve(FILE))) {
      lines.append(JSON.createObjectNode().put("started", started.toString()).put("wall_seconds", wall.toNanos() / 1e9)
          .put("items_played", played).put("concurrency", concurrency).toString());
    }
  }

  /** The sum of the sessions' wall times recorded in {@code outputDir} (zero when none is). */
  static Duration wallTime(Path outputDir) {
    double seconds = sessions(outputDir).stream().mapToDouble(s -> s.path("wall_seconds").asDouble()).sum();
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }

  /** The concurrency of the last session recorded in {@code outputDir}, if any. */
  static Optional<String> concurrency(Path outputDir) {
    List<JsonNode> all = sessions(outputDir);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1).path("concurrency").asText());
  }

  private static List<JsonNode> sessions(Path outputDir) {
    Path file = outputDir.resolve(FILE);
    if (!Files.exists(file)) {
      return List.of();
    }
    return JsonLines.read(file, (line, where) -> JsonLines.object(line, where, "a run session")).items().stream()
        .map(JsonLines.Numbered::item).toList();
  }
}
