package io.clarq.datasets.clariq;

import io.clarq.core.files.TextFiles;
import io.clarq.datasets.trec.FileFormatException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

/**
 * ClariQ's TSV dialect, read as pandas reads it: tab-separated, {@code "} quotes with doubled quotes inside, no
 * escape character (so {@code \""} inside quotes is a backslash and a quote), nothing trimmed (nine bank questions
 * end with a space), blank lines skipped. Commons CSV's TDF preset trims, so it is not used.
 */
final class ClariqTsv {
  static final CSVFormat FORMAT = CSVFormat.Builder.create()
      .setDelimiter('\t')
      .setQuote('"')
      .setQuoteMode(QuoteMode.MINIMAL)
      .setEscape(null)
      .setRecordSeparator("\n")
      .setIgnoreSurroundingSpaces(false)
      .setTrim(false)
      .setIgnoreEmptyLines(true)
      .build();

  /** One data row and the line it starts on. */
  record Line(int number, List<String> cells) {}

  private ClariqTsv() {}

  /** Reads the data rows after checking the header; every row must have the header's number of cells. */
  static List<Line> read(Path file, String kind, List<String> expectedHeader) {
    List<Line> out = new ArrayList<>();
    String text;
    try {
      text = TextFiles.readUtf8(file); // strict: a non-UTF-8 byte is named with its line
    } catch (IOException e) {
      throw new UncheckedIOException(kind + " " + TextFiles.problem(file, e), e);
    }
    try (Reader in = new StringReader(text);
        CSVParser parser = FORMAT.parse(in)) {
      long lineBefore = 0;
      boolean header = true;
      Iterator<CSVRecord> records = parser.iterator();
      while (true) {
        CSVRecord r;
        try {
          if (!records.hasNext()) {
            break;
          }
          r = records.next();
        } catch (UncheckedIOException e) {
          // Commons CSV reports a broken quote as an I/O error without the file: name the file and the record's line
          Throwable cause = e.getCause() == null ? e : e.getCause();
          throw new FileFormatException(kind, file, (int) lineBefore + 1, "malformed quoting (a field opened with \""
              + " must close with \" before the next tab or line end; a quote inside is written \"\"): "
              + cause.getMessage());
        }
        int line = (int) lineBefore + 1;
        lineBefore = parser.getCurrentLineNumber();
        List<String> cells = r.toList();
        if (header) {
          if (!cells.equals(expectedHeader)) {
            throw new FileFormatException(kind, file, line, "expected header " + expectedHeader + ", got " + cells);
          }
          header = false;
          continue;
        }
        if (cells.size() != expectedHeader.size()) {
          throw new FileFormatException(kind, file, line,
              "expected " + expectedHeader.size() + " tab-separated fields, got " + cells.size());
        }
        out.add(new Line(line, cells));
      }
      if (header) {
        throw new FileFormatException(kind, file, 0, "the file is empty: expected header " + expectedHeader);
      }
      if (out.isEmpty()) {
        throw new FileFormatException(kind, file, 0, "no rows after the header; expected at least one");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(kind + " " + file + ": " + e.getMessage(), e);
    } catch (IllegalStateException e) {
      throw new FileFormatException(kind, file, 0, "malformed quoting: " + e.getMessage());
    }
    return out;
  }

  static int integer(Path file, String kind, Line line, int column, String name) {
    String text = line.cells().get(column);
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new FileFormatException(kind, file, line.number(), name + " \"" + text + "\" is not an integer");
    }
  }
}
