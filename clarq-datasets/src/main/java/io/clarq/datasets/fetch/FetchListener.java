package io.clarq.datasets.fetch;

import java.net.URI;
import java.util.OptionalLong;

/** Hears a fetch's progress (the {@code clarq data fetch} command prints it on stderr). All methods default to nothing. */
public interface FetchListener {
  /** How a file came to be verified on disk. */
  enum Outcome {
    /** It was already there and verified; nothing was downloaded. */
    ALREADY_VERIFIED,
    /** Downloaded from the start. */
    DOWNLOADED,
    /** A {@code .part} file from an earlier, interrupted fetch was continued. */
    RESUMED
  }

  /** A download starts (at {@code offset} when resuming). */
  default void started(DataFile file, URI source, long offset, OptionalLong total) {}

  /** Bytes on disk so far for the file being downloaded. */
  default void progress(DataFile file, long done, OptionalLong total) {}

  /** The file is verified in place. */
  default void finished(DataFile file, Outcome outcome) {}

  /** A listener that hears nothing. */
  static FetchListener none() {
    return new FetchListener() {};
  }
}
