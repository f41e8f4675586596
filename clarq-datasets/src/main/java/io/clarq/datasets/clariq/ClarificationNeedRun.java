package io.clarq.datasets.clariq;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A clarification-need run: the predicted label per topic (a repeated topic keeps its last line, as in the
 * official tool) and the line each came from.
 *
 * @param file the file read
 * @param labels topic id to predicted label
 * @param lines topic id to the line of its prediction
 * @param warnings what the lenient (official-tool) reading silently did
 */
public record ClarificationNeedRun(
    Path file, Map<Integer, Integer> labels, Map<Integer, Integer> lines, List<String> warnings) {
  public ClarificationNeedRun {
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
    warnings = List.copyOf(warnings);
  }
}
