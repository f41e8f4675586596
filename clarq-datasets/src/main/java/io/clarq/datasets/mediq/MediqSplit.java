package io.clarq.datasets.mediq;

import java.util.Arrays;
import java.util.Locale;

/** MediQ's two data files. */
public enum MediqSplit {
  /** 140 dermatology cases (craft-md). */
  CRAFT_MD("craft_md", "all_craft_md.jsonl"),
  /** 1,272 MedQA-derived cases. */
  DEV_GOOD("dev_good", "all_dev_good.jsonl");

  private final String key;
  private final String file;

  MediqSplit(String key, String file) {
    this.key = key;
    this.file = file;
  }

  /** The short name ("craft_md", "dev_good"), as trace files and results name it. */
  public String key() {
    return key;
  }

  /** The file name in the data folder. */
  public String file() {
    return file;
  }

  /**
   * The split named {@code name} (its key or file name, any case).
   *
   * @throws IllegalArgumentException naming the known splits
   */
  public static MediqSplit named(String name) {
    for (MediqSplit s : values()) {
      if (s.key.equalsIgnoreCase(name) || s.file.equalsIgnoreCase(name)
          || s.name().equalsIgnoreCase(name.replace('-', '_'))) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown MediQ data set \"" + name + "\"; known: "
        + Arrays.stream(values()).map(s -> s.key).toList() + " (or " + Arrays.stream(values())
        .map(s -> s.file).toList() + ")");
  }

  @Override
  public String toString() {
    return key.toLowerCase(Locale.ROOT);
  }
}
