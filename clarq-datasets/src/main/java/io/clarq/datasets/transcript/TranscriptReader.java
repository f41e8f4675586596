package io.clarq.datasets.transcript;

import io.clarq.core.dialogue.DialogueRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a JSONL transcript. A last line without its newline that does not parse is a torn line: it is reported in
 * {@link TranscriptFile#tornLine()}, never an error, and every line before it is kept. Any other bad line is an
 * error naming the file and line. Blank lines are skipped.
 */
public final class TranscriptReader {
  private static final int TORN_PREVIEW = 60;

  private TranscriptReader() {}

  /**
   * @throws IllegalArgumentException naming the file and line when a complete line is not a valid record
   * @throws UncheckedIOException when the file cannot be read
   */
  public static TranscriptFile read(Path file) {
    String content;
    try {
      content = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read transcript " + file + ": " + e.getMessage(), e);
    }
    String[] lines = content.split("\n", -1);
    List<TranscriptFile.Entry> entries = new ArrayList<>(lines.length);
    Optional<TornLine> torn = Optional.empty();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      boolean last = i == lines.length - 1;
      try {
        DialogueRecord r = DialogueRecordJson.fromLine(line, file + ", line " + (i + 1));
        entries.add(new TranscriptFile.Entry(i + 1, r));
      } catch (IllegalArgumentException e) {
        if (!last) {
          throw e;
        }
        torn = Optional.of(new TornLine(i + 1, line.length(), line.substring(0, Math.min(TORN_PREVIEW, line.length()))));
      }
    }
    return new TranscriptFile(file, entries, torn);
  }
}
