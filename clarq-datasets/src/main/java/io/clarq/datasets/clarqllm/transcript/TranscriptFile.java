package io.clarq.datasets.clarqllm.transcript;

import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.datasets.jsonl.TornLine;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a JSONL transcript holds: its records with their line numbers, in file order, and the torn last line if an
 * interrupted run left one.
 */
public record TranscriptFile(Path file, List<Entry> entries, Optional<TornLine> tornLine) {
  /** A record and the 1-based line it was read from. */
  public record Entry(int line, DialogueRecord record) {
    public Entry {
      Objects.requireNonNull(record, "record");
    }
  }

  public TranscriptFile {
    Objects.requireNonNull(file, "file");
    entries = List.copyOf(entries);
    Objects.requireNonNull(tornLine, "tornLine");
  }

  /** The records, in file order. */
  public List<DialogueRecord> records() {
    return entries.stream().map(Entry::record).toList();
  }
}
