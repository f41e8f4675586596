package io.clarq.datasets.fetch;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/** A downloaded file whose size or SHA-256 is not the pinned one; the message names file, source and both digests. */
public final class ChecksumMismatchException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String expected;
  private final String actual;

  ChecksumMismatchException(Path file, URI source, long expectedSize, String expected, long actualSize,
      String actual) {
    super("checksum mismatch for " + file + " from " + source + ": expected SHA-256 " + expected + " ("
        + expectedSize + " bytes), actual " + actual + " (" + actualSize + " bytes); the download was discarded,"
        + " nothing verified before it was touched");
    this.expected = expected;
    this.actual = actual;
  }

  /** The pinned SHA-256. */
  public String expected() {
    return expected;
  }

  /** The SHA-256 of what was downloaded. */
  public String actual() {
    return actual;
  }
}
