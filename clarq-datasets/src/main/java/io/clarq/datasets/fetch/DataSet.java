package io.clarq.datasets.fetch;

import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A public data set as the catalogue pins it: its name (the folder below the data directory), what it is, its
 * licence, the upstream repository and commit, the origin its files are fetched from, and every file with its size
 * and SHA-256.
 *
 * @param name short name and folder name, e.g. {@code clarq-llm}
 * @param title one line saying what it is
 * @param licence the licence as the upstream states it
 * @param homepage where to read about it
 * @param repository upstream repository (owner/name)
 * @param commit the upstream commit the files are pinned to
 * @param origin base address of the upstream files at that commit
 * @param notes what a user should know (subsets, unpinned files)
 * @param notFetchable what the project's reference copy holds beyond the upstream files
 * @param files the files, in catalogue order
 */
public record DataSet(String name, String title, String licence, String homepage, String repository, String commit,
    URI origin, List<String> notes, List<NotFetchable> notFetchable, List<DataFile> files) {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  public DataSet {
    Objects.requireNonNull(origin, "origin");
    notes = List.copyOf(notes);
    notFetchable = List.copyOf(notFetchable);
    files = List.copyOf(files);
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("illegal data set name \"" + name + "\": lower-case letters, digits, '-'");
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("data set " + name + " has no files");
    }
    Set<String> seen = new HashSet<>();
    for (DataFile f : files) {
      if (!seen.add(f.path())) {
        throw new IllegalArgumentException("data set " + name + ": file " + f.path() + " listed twice");
      }
    }
  }

  /** The total pinned size in bytes (files without a pinned size count 0). */
  public long pinnedBytes() {
    return files.stream().mapToLong(f -> f.size().orElse(0)).sum();
  }

  /** Whether every file has a pinned size and digest. */
  public boolean fullyPinned() {
    return files.stream().allMatch(DataFile::pinned);
  }
}
