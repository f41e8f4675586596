package io.clarq.datasets.clariq;

import io.clarq.core.files.AtomicFiles;
import java.nio.file.Path;
import java.util.Map;

/** Writes clarification-need runs {@code <topic_id> <label>} atomically, one topic a line, in map order. */
public final class ClarificationNeedRunWriter {
  private ClarificationNeedRunWriter() {}

  /** Writes topic id -> label (1-4). */
  public static void write(Path file, Map<Integer, Integer> labels) {
    labels.forEach((topic, label) -> {
      if (label < 1 || label > 4) {
        throw new IllegalArgumentException("illegal label " + label + " for topic " + topic + ": must be 1-4");
      }
    });
    AtomicFiles.write(file, out -> {
      for (Map.Entry<Integer, Integer> e : labels.entrySet()) {
        out.write(e.getKey() + " " + e.getValue() + "\n");
      }
    });
  }
}
