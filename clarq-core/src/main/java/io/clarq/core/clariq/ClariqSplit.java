package io.clarq.core.clariq;

/**
 * ClariQ's splits and the labelled file each is read from. As in the official tool, {@code train} and {@code dev}
 * read their own file and every other split reads {@code test_with_labels.tsv}.
 */
public enum ClariqSplit {
  TRAIN("train.tsv"),
  DEV("dev.tsv"),
  TEST("test_with_labels.tsv");

  private final String labelFile;

  ClariqSplit(String labelFile) {
    this.labelFile = labelFile;
  }

  /** The labelled TSV of this split, e.g. {@code dev.tsv}. */
  public String labelFile() {
    return labelFile;
  }

  /** Lower-case name as used on the command line. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Parses train, dev or test (any case); the error names the text. */
  public static ClariqSplit parse(String text) {
    for (ClariqSplit s : values()) {
      if (s.id().equalsIgnoreCase(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown ClariQ split \"" + text + "\": expected train, dev or test");
  }
}
