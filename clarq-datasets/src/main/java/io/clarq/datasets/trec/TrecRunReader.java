package io.clarq.datasets.trec;

import io.clarq.core.files.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads TREC run files {@code <topic_id> 0 <item_id> <rank> <score> <run_id>}. {@link #read} is strict: one
 * single space between six fields, an integer rank, a finite score; anything else (a header line, a leading
 * space, tabs between fields, four columns, an empty file) is an error naming the line. What changes no score and
 * the official tool accepts is accepted: whitespace at the end of a line, CRLF line ends, and lines of five fields
 * (no run tag: the tool reads only columns 0, 2 and 4), counted in a warning. {@link #readAsOfficialTool} reads the
 * way the ClariQ tool's pandas call does and reports in warnings what that silently changes.
 */
public final class TrecRunReader {
  /** What a question-ranking run line looks like, for error messages. */
  public static final String QUESTION_RUN = "<topic_id> 0 <question_id> <rank> <score> <run_id>";
  /** What a document run line looks like, for error messages. */
  public static final String DOCUMENT_RUN = "<topic_id> Q0 <docno> <rank> <score> <run_id>";
  private static final String KIND = "run file";

  private TrecRunReader() {}

  /** Reads a run strictly; {@code expected} describes a line for the messages (e.g. {@link #QUESTION_RUN}). */
  public static RunFile read(Path file, String expected) {
    List<String> lines = readLines(file);
    List<RunRow> rows = new ArrayList<>();
    boolean first = true;
    int untagged = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty()) {
        continue;
      }
      RunRow row = parse(file, i + 1, line, expected, first);
      if (row.tag().isEmpty()) {
        untagged++;
      } else if (untagged > 0 && untagged == rows.size()) {
        // pandas takes the column count from the first line: a longer line after it is its ParserError
        throw new FileFormatException(KIND, file, i + 1, "has 6 fields, but the run's first line has 5 (no run tag):"
            + " give every line its run tag or none; the official tool fails on it (pandas: Expected 5 fields)");
      }
      rows.add(row);
      first = false;
    }
    if (rows.isEmpty()) {
      throw new FileFormatException(KIND, file, 0, "the file is empty: expected lines \"" + expected + "\"");
    }
    return new RunFile(file, rows, untagged == 0 ? List.of() : List.of(untaggedWarning(untagged,
        rows.stream().filter(r -> r.tag().isEmpty()).findFirst().orElseThrow().line())));
  }

  /** The warning for run lines without their run tag, which the official tool scores as if it were there. */
  static String untaggedWarning(int lines, int first) {
    return lines + " run line(s) have 5 fields, no run tag (first: line " + first + "): scored from the topic,"
        + " item and score columns, as the official tool does";
  }

  private static RunRow parse(Path file, int n, String untrimmed, String expected, boolean first) {
    String want = "expected \"" + expected + "\"";
    String line = untrimmed.stripTrailing();
    if (line.isEmpty()) {
      throw new FileFormatException(KIND, file, n, want + ", got a line of only spaces");
    }
    if (line.indexOf('\t') >= 0) {
      throw new FileFormatException(KIND, file, n, want + ", got a tab: fields are separated by single spaces");
    }
    if (Character.isWhitespace(line.charAt(0))) {
      throw new FileFormatException(KIND, file, n, want + ", got a line starting with a space");
    }
    String[] f = line.split(" ", -1);
    if (f.length != 6 && f.length != 5) {
      if (first && f.length > 0 && looksLikeHeader(f)) {
        throw new FileFormatException(KIND, file, n, want + ", got a header line");
      }
      throw new FileFormatException(KIND, file, n, want + ", got " + f.length + " fields");
    }
    for (String field : f) {
      if (field.isEmpty()) {
        throw new FileFormatException(KIND, file, n, want + ", got two spaces in a row");
      }
    }
    if (first && looksLikeHeader(f)) {
      throw new FileFormatException(KIND, file, n, want + ", got a header line");
    }
    int rank;
    try {
      rank = Integer.parseInt(f[3]);
    } catch (NumberFormatException e) {
      throw new FileFormatException(KIND, file, n, want + ", got rank \"" + f[3] + "\" (not an integer)");
    }
    Double score = PandasSpaceTable.parseNumber(f[4]);
    if (score == null || score.isInfinite()) {
      throw new FileFormatException(KIND, file, n, want + ", got score \"" + f[4] + "\" (not a finite number)");
    }
    return new RunRow(n, f[0], f[2], rank, score, f.length == 6 ? f[5] : "");
  }

  private static boolean looksLikeHeader(String[] fields) {
    // a header names its columns: no field of it is a number
    for (String f : fields) {
      if (PandasSpaceTable.parseNumber(f) != null) {
        return false;
      }
    }
    return true;
  }

  /**
   * Reads a run as the official ClariQ tool does: {@code pandas.read_csv(f, sep=' ', header=None)}. A topic column
   * with any non-number (a header line) keys every topic by text, so no topic is found (recall 0); a line starting
   * with a space has no topic (dropped). A file without a fifth column, an empty file, or a too-long line is an
   * error, as the official tool crashes on them. A score column with text would be sorted as text by the official
   * tool; that is not reproduced and is an error.
   */
  public static RunFile readAsOfficialTool(Path file) {
    PandasSpaceTable table = PandasSpaceTable.read(file, KIND);
    if (table.columns() < 5) {
      throw new FileFormatException(KIND, file, table.rows().get(0).line(), "has " + table.columns()
          + " column(s) split at single spaces; the official tool fails with KeyError: 4 (tabs? 4 columns?)");
    }
    List<String> warnings = new ArrayList<>();
    if (!table.isNumeric(0)) {
      warnings.add("the topic column holds text at line " + firstNonNumeric(table, 0)
          + " (a header line?): the official tool then finds no topic and scores every topic 0");
      return new RunFile(file, List.of(), warnings);
    }
    if (!table.isNumeric(4)) {
      throw new FileFormatException(KIND, file, firstNonNumeric(table, 4),
          "score column holds text; the official tool would sort scores as text, which clarq does not reproduce");
    }
    List<RunRow> rows = new ArrayList<>();
    int dropped = 0;
    if (table.columns() == 5) {
      warnings.add(untaggedWarning(table.rows().size(), table.rows().get(0).line()));
    }
    for (PandasSpaceTable.Row r : table.rows()) {
      String topic = r.cells().get(0);
      if (topic == null) {
        dropped++;
        continue;
      }
      String item = r.cells().get(2) == null ? "" : r.cells().get(2);
      String scoreCell = r.cells().get(4);
      double score = scoreCell == null ? Double.NEGATIVE_INFINITY : PandasSpaceTable.parseNumber(scoreCell);
      String tag = table.columns() > 5 && r.cells().get(5) != null ? r.cells().get(5) : "";
      rows.add(new RunRow(r.line(), canonicalNumber(topic), item, 0, score, tag));
    }
    if (dropped > 0) {
      warnings.add(dropped + " line(s) have no topic id (a leading space?): the official tool ignores them");
    }
    return new RunFile(file, rows, warnings);
  }

  /** A numeric cell as the number pandas compares by: {@code 101}, {@code 101.0} and {@code 1.01e2} are "101". */
  public static String canonicalNumber(String cell) {
    double v = PandasSpaceTable.parseNumber(cell);
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  private static int firstNonNumeric(PandasSpaceTable table, int column) {
    for (PandasSpaceTable.Row r : table.rows()) {
      String c = r.cells().get(column);
      if (c != null && PandasSpaceTable.parseNumber(c) == null) {
        return r.line();
      }
    }
    return 0;
  }

  static List<String> readLines(Path file) {
    return readLines(file, KIND);
  }

  /** The lines of a UTF-8 text file; the error names the kind of file and the file. */
  public static List<String> readLines(Path file, String kind) {
    try {
      return TextFiles.readUtf8(file).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(kind + " " + TextFiles.problem(file, e), e);
    }
  }
}
