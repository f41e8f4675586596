package io.clarq.eval.kernel;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the end step of a run (or a merge) is given. The item log has been rewritten in item order by then.
 *
 * @param output the output directory
 * @param items the items of this run (a shard's part of the selection, or all of it), in order
 * @param records every record of the run, resumed ones included, by item key in item order; failed records too
 * @param resumed how many records were read back from an earlier run
 * @param started when the run (or the merge) started
 * @param wallTime the run's wall time; for a merge, the sum of the shards' (see {@code shardWallTimes})
 * @param shardWallTimes a merge's shards' wall times in shard order; empty for a run
 * @param settings the run's settings, the shard included, with {@code concurrency} added
 * @param log the run's deviations
 */
public record RunEnd<I, R>(Path output, List<I> items, Map<String, R> records, int resumed, Instant started,
    Duration wallTime, List<Duration> shardWallTimes, RunSettings settings, RunLog log) {
  public RunEnd {
    Objects.requireNonNull(output, "output");
    items = List.copyOf(items);
    records = Collections.unmodifiableMap(new LinkedHashMap<>(records));
    shardWallTimes = List.copyOf(shardWallTimes);
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(wallTime, "wallTime");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(log, "log");
  }
}
