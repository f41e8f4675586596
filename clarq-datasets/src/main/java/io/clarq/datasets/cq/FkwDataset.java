package io.clarq.datasets.cq;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.files.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads ClariQ-FKw ({@code github.com/isekulic/CQ-generation}, {@code data/}): one tab-separated file per split, a
 * header {@code <empty>, topic_id, initial_request, facet_desc, question}, then one row per (request, facet) with
 * the pandas row index of the original ClariQ frame in the unnamed first column. The files hold no quoting, so a
 * field is the text between tabs, verbatim (never trimmed). The index is the example's id.
 */
public final class FkwDataset {
  /** The header the files carry. */
  public static final String HEADER = "\ttopic_id\tinitial_request\tfacet_desc\tquestion";

  private FkwDataset() {}

  /**
   * Loads one split.
   *
   * @param data the directory holding the split files, or one split file itself
   * @throws UncheckedIOException when the file cannot be read
   * @throws IllegalArgumentException naming the file and line when a row is malformed
   */
  public static List<CqExample> load(Path data, FkwSplit split) {
    Path file = Files.isDirectory(data) ? data.resolve(split.fileName()) : data;
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("ClariQ-FKw " + split.name().toLowerCase(java.util.Locale.ROOT)
          + " split not found: " + file + " (expected " + split.fileName() + " in the data directory)");
    }
    try {
      return parse(file.toString(), TextFiles.readUtf8(file).lines().toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read ClariQ-FKw file " + TextFiles.problem(file, e), e);
    }
  }

  /** Parses the lines of one split file; {@code source} names it in errors. */
  public static List<CqExample> parse(String source, List<String> lines) {
    if (lines.isEmpty()) {
      throw new IllegalArgumentException(source + ": empty file, expected the ClariQ-FKw header");
    }
    if (!lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(source + ", line 1: expected the header \"" + HEADER.replace("\t", "\\t")
          + "\", got \"" + lines.get(0).replace("\t", "\\t") + "\"");
    }
    List<CqExample> examples = new ArrayList<>(lines.size() - 1);
    Set<String> ids = new HashSet<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = source + ", line " + (i + 1);
      if (line.isEmpty() && i == lines.size() - 1) {
        break;
      }
      String[] f = line.split("\t", -1);
      if (f.length != 5) {
        throw new IllegalArgumentException(where + ": expected 5 tab-separated fields (index, topic_id, "
            + "initial_request, facet_desc, question), got " + f.length);
      }
      for (int k = 0; k < 5; k++) {
        if (f[k].startsWith("\"")) {
          // pandas (which wrote and reads these files) would take the quote as opening a quoted field and run it on
          // past tabs and lines; the files hold no quoting, so it is a damaged field, not text to keep
          throw new IllegalArgumentException(where + ": " + (k == 0 ? "index" : HEADER.split("\t")[k])
              + " opens with a stray \" (the ClariQ-FKw files hold no quoting); remove the quote or the row");
        }
      }
      requireInteger(where, "index", f[0]);
      requireInteger(where, "topic_id", f[1]);
      for (int k = 2; k < 5; k++) {
        if (f[k].isBlank()) {
          throw new IllegalArgumentException(where + ": empty " + HEADER.split("\t")[k]);
        }
      }
      if (!ids.add(f[0])) {
        throw new IllegalArgumentException(where + ": index " + f[0] + " appears twice");
      }
      examples.add(new CqExample(new FacetRequest(f[0], f[1], f[2], f[3]), f[4]));
    }
    if (examples.isEmpty()) {
      throw new IllegalArgumentException(source + ": no rows after the header; expected one row per (request, facet)");
    }
    return List.copyOf(examples);
  }

  private static void requireInteger(String where, String column, String value) {
    if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException(where + ": " + column + " \"" + value + "\" is not a non-negative integer");
    }
  }
}
