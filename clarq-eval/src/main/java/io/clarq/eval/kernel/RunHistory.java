package io.clarq.eval.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.datasets.clarqllm.transcript.LineAppender;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The sessions a run took, one line each in {@value #FILE} beside the run config: when each started, how long it ran,
 * how many items it played and at what concurrency. A resumed run adds a line; a run's wall time is their sum, and a
 * merge reports each shard's. Kept apart from {@code run-config.json} so that the settings of a merged run are those
 * of one unsharded run (a merge records only the shards it merged beside them). A session that ended records its item
 * log's digest, which a merge checks the shard's log against; one that stopped records why.
 */
final class RunHistory {
  static final String FILE = "sessions.jsonl";
  /** The field of a session that ended with a complete item log: that log's digest, which a merge checks. */
  static final String LOG_DIGEST = "item_log_sha256";
  /** The field of a session that stopped: the item whose play threw, and what it threw. */
  static final String STOPPED_BY = "stopped_by";
  private static final ObjectMapper JSON = new ObjectMapper();

  private RunHistory() {}

  /**
   * Adds a session to {@code outputDir}'s history.
   *
   * @param logDigest the item log's digest ({@link ShardSet#digest}) when the session ended with the log complete
   *     and rewritten in item order; empty when it stopped
   * @param stoppedBy when the session stopped: the item whose play threw and what it threw
   */
  static void add(Path outputDir, Instant started, Duration wall, int played, int concurrency,
      Optional<String> logDigest, Optional<String> stoppedBy) {
    try (LineAppender lines = LineAppender.open(outputDir.resolve(FILE))) {
      com.fasterxml.jackson.databind.node.ObjectNode o = JSON.createObjectNode().put("started", started.toString())
          .put("wall_seconds", wall.toNanos() / 1e9).put("items_played", played).put("concurrency", concurrency);
      logDigest.ifPresent(d -> o.put(LOG_DIGEST, d));
      stoppedBy.ifPresent(w -> o.put(STOPPED_BY, w.length() > 500 ? w.substring(0, 500) + "..." : w));
      lines.append(o.toString());
    }
  }

  /**
   * The item log's digest as the last session recorded it when it ended; empty when it recorded none (it stopped, or
   * an older clarq or another program wrote the directory).
   */
  static Optional<String> logDigest(Path outputDir) {
    return lastSession(outputDir, LOG_DIGEST);
  }

  /** Why the last session stopped (the item and what it threw); empty when it ended or recorded nothing. */
  static Optional<String> stoppedBy(Path outputDir) {
    return lastSession(outputDir, STOPPED_BY);
  }

  private static Optional<String> lastSession(Path outputDir, String field) {
    List<JsonNode> all = sessions(outputDir);
    JsonNode d = all.isEmpty() ? null : all.get(all.size() - 1).get(field);
    return d == null ? Optional.empty() : Optional.of(d.asText());
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
