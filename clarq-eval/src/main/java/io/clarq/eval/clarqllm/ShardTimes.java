package io.clarq.eval.clarqllm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.eval.kernel.Shard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The shards' wall times in a merged run's results: each shard's (from its own {@code results.json}), their sum (the
 * machine time the run took) and the longest (the run's wall time when every shard ran at once), added to the
 * merged {@code results.json} as {@code shards} and to {@code summary.md} as a section, beside the merge's own time
 * ({@code wall_seconds}).
 */
final class ShardTimes {
  /** The field of the merged results JSON. */
  static final String FIELD = "shards";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ShardTimes() {}

  /**
   * One shard's wall time.
   *
   * @param wallTime its last run's wall time, empty when its results do not say (it never reached its end)
   */
  record Time(Shard shard, Path dir, Optional<Duration> wallTime) {
    Time {
      Objects.requireNonNull(shard, "shard");
      Objects.requireNonNull(dir, "dir");
      Objects.requireNonNull(wallTime, "wallTime");
    }
  }

  /** The shard's wall time as its {@code results.json} gives it. */
  static Time of(Shard shard, Path dir) {
    Path results = dir.resolve(ClarqEvaluator.RESULTS);
    if (!Files.exists(results)) {
      return new Time(shard, dir, Optional.empty());
    }
    try {
      JsonNode seconds = JSON.readTree(results.toFile()).path("wall_seconds");
      return new Time(shard, dir, seconds.isNumber()
          ? Optional.of(Duration.ofMillis(Math.round(seconds.asDouble() * 1000))) : Optional.empty());
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot merge " + dir + ": cannot read " + results + ": " + e.getMessage(), e);
    }
  }

  /** Adds the shards' times to the merged run's results JSON and summary. */
  static void write(RunResult merged, List<Time> times) {
    Duration sum = times.stream().flatMap(t -> t.wallTime().stream()).reduce(Duration.ZERO, Duration::plus);
    Duration longest = times.stream().flatMap(t -> t.wallTime().stream()).max(Duration::compareTo)
        .orElse(Duration.ZERO);
    long unknown = times.stream().filter(t -> t.wallTime().isEmpty()).count();
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(merged.results().toFile());
      ObjectNode s = root.putObject(FIELD);
      s.put("count", times.size());
      s.put("wall_seconds_sum", seconds(sum));
      s.put("wall_seconds_longest", seconds(longest));
      s.put("wall_seconds_unknown", unknown);
      s.put("merge_wall_seconds", seconds(merged.wallTime()));
      ArrayNode each = s.putArray("each");
      for (Time t : times) {
        ObjectNode o = each.addObject().put("shard", t.shard().toString()).put("dir", t.dir().toString());
        if (t.wallTime().isPresent()) {
          o.put("wall_seconds", seconds(t.wallTime().get()));
        } else {
          o.putNull("wall_seconds");
        }
      }
      AtomicFiles.write(merged.results(), JSON.writeValueAsString(root) + "\n");
      StringBuilder md = new StringBuilder(Files.readString(merged.summaryFile(), StandardCharsets.UTF_8));
      md.append(String.format(Locale.ROOT, "%n## Shards%n%n%d shards merged. Their wall times: sum %s (the machine "
          + "time of the run), longest %s (the run's wall time when all shards ran at once)%s; the merge itself took "
          + "%s.%n%n| shard | directory | wall time |%n|---|---|---:|%n", times.size(), RunProgress.format(sum),
          RunProgress.format(longest), unknown == 0 ? "" : "; " + unknown + " shard(s) recorded none (never reached "
              + "their end)", RunProgress.format(merged.wallTime())));
      for (Time t : times) {
        md.append("| ").append(t.shard()).append(" | ").append(t.dir().toString().replace("|", "\\|")).append(" | ")
            .append(t.wallTime().map(RunProgress::format).orElse("unknown")).append(" |\n");
      }
      AtomicFiles.write(merged.summaryFile(), md.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot add the shards' wall times to " + merged.results() + ": "
          + e.getMessage(), e);
    }
  }

  private static double seconds(Duration d) {
    return d.toMillis() / 1000.0;
  }
}
