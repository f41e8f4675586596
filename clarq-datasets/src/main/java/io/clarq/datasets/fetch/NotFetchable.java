package io.clarq.datasets.fetch;

/**
 * A file or folder the project's reference copy of a data set holds that is not an upstream file, so it cannot be
 * fetched from the data set's origin.
 *
 * @param path relative path below the data set's folder (a folder ends with '/')
 * @param why where it comes from instead
 */
public record NotFetchable(String path, String why) {
  public NotFetchable {
    if (path == null || path.isBlank() || why == null || why.isBlank()) {
      throw new IllegalArgumentException("illegal not-fetchable entry (" + path + ", " + why + "): path and why"
          + " must be non-blank");
    }
  }
}
