package io.clarq.datasets.trec;

import java.nio.file.Path;
import java.util.List;

/**
 * The rows read from a run file, with what the lenient (official-tool) reading silently did to them.
 *
 * @param file the file read
 * @param rows the rows in file order
 * @param warnings what the official tool would have done silently (empty when read strictly)
 */
public record RunFile(Path file, List<RunRow> rows, List<String> warnings) {
  public RunFile {
    rows = List.copyOf(rows);
    warnings = List.copyOf(warnings);
  }
}
