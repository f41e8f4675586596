package io.clarq.eval.kernel;

import io.clarq.core.files.AtomicFiles;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Reading and rewriting a benchmark's item log (one record a line, JSON Lines). */
final class ItemLog {
  private static final Logger LOG = LoggerFactory.getLogger(ItemLog.class);

  private ItemLog() {}

  /**
   * The finished records an earlier run of the same settings left in {@code file}, by key in file order. Failed and
   * repeated records and a torn last line are dropped (the file is rewritten without them), so their items are
   * played again.
   *
   * @param keys the keys of this run's items: a record of any other item is an error naming the line
   */
  static <R> Map<String, R> resume(Benchmark<?, R, ?> b, Path file, Set<String> keys) {
    Map<String, R> finished = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return finished;
    }
    JsonLines.Contents<R> contents = JsonLines.read(file, b::fromLine);
    int dropped = 0;
    for (JsonLines.Numbered<R> n : contents.items()) {
      String where = file + ", line " + n.line();
      String key = b.recordKey(n.item());
      if (!keys.contains(key)) {
        throw new IllegalStateException(where + ": item " + key + " is not part of this run's selection");
      }
      b.checkResumed(n.item(), where);
      if (!b.finished(n.item()) || finished.containsKey(key)) {
        dropped++;
        continue;
      }
      finished.put(key, n.item());
    }
    if (dropped > 0 || contents.tornLine().isPresent()) {
      LOG.info("resuming {}: {} finished records kept, {} failed or repeated records and {} torn line dropped", file,
          finished.size(), dropped, contents.tornLine().isPresent() ? 1 : 0);
      rewrite(b, file, finished.values());
    }
    return finished;
  }

  /** Replaces the log with these records, one line each, in the order given. */
  static <R> void rewrite(Benchmark<?, R, ?> b, Path file, Collection<R> records) {
    StringBuilder sb = new StringBuilder();
    for (R r : records) {
      sb.append(b.toLine(r)).append('\n');
    }
    AtomicFiles.write(file, sb.toString());
  }
}
