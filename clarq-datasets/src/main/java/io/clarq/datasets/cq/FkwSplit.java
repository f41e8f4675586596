package io.clarq.datasets.cq;

import java.util.Locale;

/** The two ClariQ-FKw splits and their files. */
public enum FkwSplit {
  TRAIN,
  DEV;

  /** The file name in the data directory: {@code ClariQ-FKw.tsv.train}, {@code ClariQ-FKw.tsv.dev}. */
  public String fileName() {
    return "ClariQ-FKw.tsv." + name().toLowerCase(Locale.ROOT);
  }

  /** Parses "train" or "dev" (any case); the error names the text. */
  public static FkwSplit parse(String text) {
    for (FkwSplit s : values()) {
      if (s.name().equalsIgnoreCase(text.strip())) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown ClariQ-FKw split \"" + text + "\": expected train or dev");
  }
}
