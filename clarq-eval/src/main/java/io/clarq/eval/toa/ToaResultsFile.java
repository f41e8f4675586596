package io.clarq.eval.toa;

import io.clarq.core.flm.FlmExample;
import io.clarq.core.toa.ToaOutcome;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads back a run's results file. A last line cut short by a crash (no line break at its end) is cut off the file,
 * so the example runs again; any other bad line is an error naming the file and line.
 */
final class ToaResultsFile {
  private static final Logger LOG = LoggerFactory.getLogger(ToaResultsFile.class);

  private ToaResultsFile() {}

  /** The finished outcomes by example id; empty when the file does not exist. */
  static Map<String, ToaOutcome> read(Path file, java.util.List<FlmExample> examples) throws IOException {
    Map<String, ToaOutcome> done = new HashMap<>();
    if (!Files.exists(file)) {
      return done;
    }
    Set<String> ids = examples.stream().map(FlmExample::id).collect(Collectors.toSet());
    String content = Files.readString(file, StandardCharsets.UTF_8);
    int complete = content.lastIndexOf('\n') + 1;
    if (complete < content.length()) {
      LOG.warn("{}: dropping an unfinished last line ({} characters); that example runs again", file,
          content.length() - complete);
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
        ch.truncate(content.substring(0, complete).getBytes(StandardCharsets.UTF_8).length);
      }
    }
    String[] lines = content.substring(0, complete).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      ToaOutcome o;
      try {
        o = ToaOutcomeJson.fromLine(lines[i]);
      } catch (IOException | IllegalArgumentException e) {
        throw new IOException(file + ", line " + (i + 1) + ": " + e.getMessage(), e);
      }
      if (!ids.contains(o.exampleId())) {
        throw new IOException(file + ", line " + (i + 1) + ": example " + o.exampleId() + " is not in this run");
      }
      if (done.put(o.exampleId(), o) != null) {
        throw new IOException(file + ", line " + (i + 1) + ": example " + o.exampleId() + " appears twice");
      }
    }
    return done;
  }
}
