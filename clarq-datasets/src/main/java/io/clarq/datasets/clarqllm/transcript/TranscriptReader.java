package io.clarq.datasets.clarqllm.transcript;

import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Reads a JSONL transcript. A last line without its newline that does not parse is a torn line: it is reported in
 * {@link TranscriptFile#tornLine()}, never an error, and every line before it is kept. Any other bad line is an
 * error naming the file and line. Blank lines are skipped.
 */
public final class TranscriptReader {
  private TranscriptReader() {}

  /**
   * @throws IllegalArgumentException naming the file and line when a complete line is not a valid record
   * @throws UncheckedIOException when the file cannot be read
   */
  public static TranscriptFile read(Path file) {
    JsonLines.Contents<DialogueRecord> c = JsonLines.read(file, DialogueRecordJson::fromLine);
    return new TranscriptFile(file,
        c.items().stream().map(n -> new TranscriptFile.Entry(n.line(), n.item())).toList(), c.tornLine());
  }
}
