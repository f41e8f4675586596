package io.clarq.datasets.fetch;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What is on disk for one file of a data set, compared with the catalogue.
 *
 * @param file the catalogue's entry
 * @param where where the file belongs
 * @param status the outcome
 * @param actualSha256 the digest of what is there, when it was read
 */
public record FileCheck(DataFile file, Path where, Status status, Optional<String> actualSha256) {
  /** The outcome of checking one file. */
  public enum Status {
    /** Present, with the pinned size and SHA-256 (or, for an unpinned file, the digest recorded at its fetch). */
    VERIFIED(true),
    /** Not there (a {@code .part} download in progress does not count). */
    MISSING(false),
    /** Present, but its size or SHA-256 differs from the pinned one. */
    MISMATCH(false),
    /** An unpinned file present without a recorded digest (not fetched by clarq): nothing to check it against. */
    UNRECORDED(true);

    private final boolean usable;

    Status(boolean usable) {
      this.usable = usable;
    }

    /** Whether a command may read the file. */
    public boolean usable() {
      return usable;
    }
  }

  public FileCheck {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(actualSha256, "actualSha256");
  }

  /** One line for a person: status, path, and for a mismatch expected and actual digest. */
  public String describe() {
    return switch (status) {
      case VERIFIED -> "verified   " + where;
      case MISSING -> "missing    " + where;
      case UNRECORDED -> "unchecked  " + where + " (no pinned or recorded SHA-256)";
      case MISMATCH -> "MISMATCH   " + where + ": expected SHA-256 " + file.sha256().orElse("(recorded)")
          + ", actual " + actualSha256.orElse("?");
    };
  }
}
