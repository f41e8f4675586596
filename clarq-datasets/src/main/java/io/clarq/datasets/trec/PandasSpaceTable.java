package io.clarq.datasets.trec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run file as the official ClariQ tool sees it through {@code pandas.read_csv(f, sep=' ', header=None)}: fields
 * split at every single space (so a leading space makes an empty first field), {@code "} quotes with doubled
 * quotes inside, empty fields missing, blank lines skipped, the first line fixing the number of columns (a longer
 * line is pandas' "Expected n fields" error, a shorter one is padded with missing cells). Used only by the
 * lenient readers that reproduce the official tool's behaviour.
 */
public final class PandasSpaceTable {
  private final Path file;
  private final List<Row> rows;
  private final int columns;

  /** One non-blank line: its 1-based line number and its cells ({@code null} = missing). */
  public record Row(int line, List<String> cells) {}

  private PandasSpaceTable(Path file, List<Row> rows, int columns) {
    this.file = file;
    this.rows = rows;
    this.columns = columns;
  }

  /** Reads the file; errors where pandas raises one (empty file, a line with too many fields). */
  public static PandasSpaceTable read(Path file, String kind) {
    List<String> lines = TrecRunReader.readLines(file, kind);
    List<Row> rows = new ArrayList<>();
    int columns = -1;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty()) {
        continue;
      }
      List<String> cells = split(line);
      if (columns < 0) {
        columns = cells.size();
      } else if (cells.size() > columns) {
        throw new FileFormatException(kind, file, i + 1,
            "expected " + columns + " fields, saw " + cells.size() + " (the official tool fails here too)");
      }
      while (cells.size() < columns) {
        cells.add(null);
      }
      rows.add(new Row(i + 1, cells));
    }
    if (columns < 0) {
      throw new FileFormatException(kind, file, 0, "the file is empty (the official tool fails here too)");
    }
    return new PandasSpaceTable(file, List.copyOf(rows), columns);
  }

  private static List<String> split(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"' && cell.length() == 0 && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else if (c == ' ') {
        cells.add(cell.length() == 0 ? null : cell.toString());
        cell.setLength(0);
        wasQuoted = false;
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.length() == 0 ? null : cell.toString());
    return cells;
  }

  /** The file read. */
  public Path file() {
    return file;
  }

  /** Rows in file order. */
  public List<Row> rows() {
    return rows;
  }

  /** Number of columns (fields of the first line). */
  public int columns() {
    return columns;
  }

  /** Whether pandas would type this column as numbers: every present cell is a number. */
  public boolean isNumeric(int column) {
    for (Row r : rows) {
      String c = r.cells().get(column);
      if (c != null && parseNumber(c) == null) {
        return false;
      }
    }
    return true;
  }

  /** The cell as pandas' number parser reads it, or {@code null} when it is not a number. */
  public static Double parseNumber(String cell) {
    String t = cell.strip();
    if (!t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
      return null;
    }
    return Double.parseDouble(t);
  }
}
