package io.clarq.eval.clarqllm.conformance;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds and reads reference trace files: JSON Lines, gzip-compressed ({@code *.jsonl.gz}) or plain. */
final class TraceFiles {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TraceFiles() {}

  /** The trace files named: a file as it is, a directory's {@code *.jsonl.gz} files in name order. */
  static List<Path> expand(List<Path> paths) {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.list(p)) {
          List<Path> found = s.filter(f -> f.getFileName().toString().endsWith(".jsonl.gz")).sorted().toList();
          if (found.isEmpty()) {
            throw new IllegalArgumentException("trace directory " + p + " holds no *.jsonl.gz file");
          }
          out.addAll(found);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot list trace directory " + p, e);
        }
      } else if (Files.isRegularFile(p)) {
        out.add(p);
      } else {
        throw new IllegalArgumentException("trace file " + p + " does not exist");
      }
    }
    return out;
  }

  /**
   * The records of one file.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed record
   */
  static List<TraceRecord> read(Path file) {
    List<TraceRecord> out = new ArrayList<>();
    try {
      for (JsonLines.TextLine line : JsonLines.nonBlankLines(file)) {
        try {
          out.add(TraceRecord.of(JSON.readTree(line.text())));
        } catch (IOException | IllegalArgumentException e) {
          throw new IllegalArgumentException(line.where() + ": " + e.getMessage(), e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read trace file " + file + ": " + e.getMessage(), e);
    }
    return out;
  }
}
