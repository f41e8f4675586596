package io.clarq.eval.run;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.files.AtomicFiles;
import io.clarq.datasets.transcript.DialogueRecordJson;
import io.clarq.datasets.transcript.TranscriptFile;
import io.clarq.datasets.transcript.TranscriptReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an output directory already holds: the finished dialogues of an earlier, interrupted run of the same config.
 * Failed dialogues (infrastructure errors) are dropped so they are played again; a torn last line (the process died
 * mid-write) held no complete dialogue. When anything was dropped, the transcript is rewritten with what is kept.
 */
final class ResumeState {
  private static final Logger LOG = LoggerFactory.getLogger(ResumeState.class);

  private ResumeState() {}

  /**
   * @param selected the dialogues of this run; records of other dialogues are an error (the config check should
   *     have caught a different run)
   * @param config the run: a record played by another seeker or provider is an error naming it
   * @return the finished dialogues, by key
   */
  static Map<DialogueKey, DialogueRecord> load(Path transcript, Set<DialogueKey> selected, RunConfig config) {
    Map<DialogueKey, DialogueRecord> finished = new TreeMap<>();
    if (!Files.exists(transcript)) {
      return finished;
    }
    TranscriptFile file = TranscriptReader.read(transcript);
    int dropped = 0;
    for (TranscriptFile.Entry e : file.entries()) {
      DialogueKey key = DialogueKey.of(e.record());
      if (!selected.contains(key)) {
        throw new IllegalStateException(transcript + ", line " + e.line() + ": dialogue " + key
            + " is not part of this run's task selection");
      }
      String seeker = config.seeker().name();
      String provider = config.provider().name();
      if (!e.record().seeker().equals(seeker) || !e.record().provider().equals(provider)) {
        throw new IllegalStateException(transcript + ", line " + e.line() + ": dialogue " + key + " was played by "
            + "seeker \"" + e.record().seeker() + "\" and provider \"" + e.record().provider() + "\", not by this "
            + "run's \"" + seeker + "\" and \"" + provider + "\"; it cannot be resumed or scored as this run's");
      }
      if (!e.record().finished() || finished.containsKey(key)) {
        dropped++;
        continue;
      }
      finished.put(key, e.record());
    }
    if (dropped > 0 || file.tornLine().isPresent()) {
      LOG.info("resuming {}: {} finished dialogues kept, {} failed or repeated records and {} torn line dropped",
          transcript, finished.size(), dropped, file.tornLine().isPresent() ? 1 : 0);
      rewrite(transcript, finished.values());
    }
    return finished;
  }

  /** Replaces the transcript with these records, one line each, in the order given. */
  static void rewrite(Path transcript, Collection<DialogueRecord> records) {
    StringBuilder sb = new StringBuilder();
    for (DialogueRecord r : records) {
      sb.append(DialogueRecordJson.toLine(r)).append('\n');
    }
    AtomicFiles.write(transcript, sb.toString());
  }
}
