package io.clarq.datasets.fetch;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What is on disk for one file a fetch derived ({@link DerivedFiles}), compared with the digest the fetch recorded.
 *
 * @param path the file's path relative to the data set's folder
 * @param where the file
 * @param status the outcome
 * @param expected the SHA-256 the fetch recorded, when it recorded one
 * @param actual the SHA-256 of what is there, when it was read
 */
public record DerivedCheck(String path, Path where, Status status, Optional<String> expected,
    Optional<String> actual) {
  /** The outcome of checking one derived file. */
  public enum Status {
    /** Present, as the fetch derived it. */
    VERIFIED,
    /** Recorded by the fetch, not there now. */
    MISSING,
    /** Present, but not what the fetch derived: edited since. */
    MODIFIED,
    /** Present in a folder the fetch derived, but not written by it. */
    ADDED,
    /** Derived without a record of its digest (by an older clarq, or a derivation cut short): cannot be checked. */
    UNRECORDED
  }

  public DerivedCheck {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(expected, "expected");
    Objects.requireNonNull(actual, "actual");
  }

  /** One line for a person: status, file, and what differs from what the fetch derived. */
  public String describe() {
    return switch (status) {
      case VERIFIED -> "verified   " + where + " (derived)";
      case MISSING -> "missing    " + where + ": derived by the fetch, not there now";
      case MODIFIED -> "MODIFIED   " + where + ": differs from what the fetch derived (SHA-256 "
          + expected.orElse("?") + " when derived, " + actual.orElse("?") + " now)";
      case ADDED -> "ADDED      " + where + ": not written by the fetch, in a folder it derived";
      case UNRECORDED -> "unchecked  " + where + ": derived without a record of its SHA-256 (" + DerivedFiles.RECORD
          + "), so an edit cannot be told";
    };
  }
}
