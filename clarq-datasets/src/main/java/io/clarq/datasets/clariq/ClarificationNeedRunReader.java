package io.clarq.datasets.clariq;

import io.clarq.datasets.trec.FileFormatException;
import io.clarq.datasets.trec.PandasSpaceTable;
import io.clarq.datasets.trec.TrecRunReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads clarification-need runs {@code <topic_id> <label>}. {@link #read} is strict: one single space, an integer
 * topic, a label 1-4; whitespace at the end of a line and CRLF line ends change nothing and are accepted. {@link #readAsOfficialTool} reproduces what the official tool makes of a bad file: with a
 * header line or leading spaces no topic is found (every topic predicted 0), labels outside 1-4 are classes like
 * any other; text labels, tabs and empty files fail, as they crash the official tool.
 */
public final class ClarificationNeedRunReader {
  private static final String KIND = "run file";
  private static final String EXPECTED = "expected \"<topic_id> <label>\" with a label 1-4";

  private ClarificationNeedRunReader() {}

  /** Reads a run strictly; errors name the line. */
  public static ClarificationNeedRun read(Path file) {
    List<String> text = TrecRunReader.readLines(file, KIND);
    Map<Integer, Integer> labels = new LinkedHashMap<>();
    Map<Integer, Integer> lines = new LinkedHashMap<>();
    for (int i = 0; i < text.size(); i++) {
      String line = text.get(i).stripTrailing();
      int n = i + 1;
      if (text.get(i).isEmpty()) {
        continue;
      }
      if (line.isEmpty()) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got a line of only spaces");
      }
      if (line.indexOf('\t') >= 0) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got a tab: fields are separated by a single space");
      }
      if (Character.isWhitespace(line.charAt(0))) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got a line starting with a space");
      }
      String[] f = line.split(" ", -1);
      if (f.length != 2 || f[1].isEmpty()) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got " + f.length + " fields");
      }
      Integer topic = integer(f[0]);
      Integer label = integer(f[1]);
      if (topic == null && label == null && labels.isEmpty()) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got a header line");
      }
      if (topic == null) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got topic id \"" + f[0] + "\" (not an integer)");
      }
      if (label == null) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got label \"" + f[1] + "\" (not an integer)");
      }
      if (label < 1 || label > 4) {
        throw new FileFormatException(KIND, file, n, EXPECTED + ", got label " + label + " (outside 1-4)");
      }
      Integer before = labels.get(topic);
      if (before != null && !before.equals(label)) {
        throw new FileFormatException(KIND, file, n, "topic " + topic + " is labelled " + label + " here and "
            + before + " on line " + lines.get(topic) + "; keep one label per topic");
      }
      labels.remove(topic); // keep the order of the winning (last) line
      labels.put(topic, label);
      lines.put(topic, n);
    }
    if (labels.isEmpty()) {
      throw new FileFormatException(KIND, file, 0, "the file is empty: " + EXPECTED);
    }
    return new ClarificationNeedRun(file, labels, lines, List.of());
  }

  /** Reads a run as {@code pd.read_csv(f, sep=' ', header=None).set_index(0)[1].to_dict()} does. */
  public static ClarificationNeedRun readAsOfficialTool(Path file) {
    PandasSpaceTable table = PandasSpaceTable.read(file, KIND);
    if (table.columns() < 2) {
      throw new FileFormatException(KIND, file, table.rows().get(0).line(), "has " + table.columns()
          + " column split at single spaces; the official tool fails with KeyError: 1 (tabs?)");
    }
    List<String> warnings = new ArrayList<>();
    Map<Integer, Integer> labels = new LinkedHashMap<>();
    Map<Integer, Integer> lines = new LinkedHashMap<>();
    if (!table.isNumeric(0)) {
      warnings.add("the topic column holds text (a header line?): the official tool then matches no topic and"
          + " predicts the dummy label 0 everywhere");
      return new ClarificationNeedRun(file, labels, lines, warnings);
    }
    boolean textLabels = !table.isNumeric(1);
    int unmatched = 0;
    for (PandasSpaceTable.Row r : table.rows()) {
      String topicCell = r.cells().get(0);
      Double topic = topicCell == null ? null : PandasSpaceTable.parseNumber(topicCell);
      if (topic == null || topic != Math.rint(topic)) {
        unmatched++;
        continue;
      }
      String labelCell = r.cells().get(1);
      if (textLabels || labelCell == null) {
        PandasSpaceTable.Row bad = table.rows().stream()
            .filter(x -> x.cells().get(1) == null || PandasSpaceTable.parseNumber(x.cells().get(1)) == null)
            .findFirst().orElse(r);
        throw new FileFormatException(KIND, file, bad.line(), "label \"" + bad.cells().get(1)
            + "\" is not a number; the official tool fails here too (mix of label types)");
      }
      double label = PandasSpaceTable.parseNumber(labelCell);
      if (label != Math.rint(label)) {
        throw new FileFormatException(KIND, file, r.line(),
            "label " + labelCell + " is not an integer (clarq does not reproduce fractional classes)");
      }
      int t = (int) (double) topic;
      Integer before = labels.get(t);
      if (before != null && before != (int) label) {
        warnings.add("topic " + t + " is listed twice with different labels (" + before + " on line " + lines.get(t)
            + ", " + (int) label + " on line " + r.line() + "): the official tool keeps the last, " + (int) label);
      }
      labels.remove(t);
      labels.put(t, (int) label);
      lines.put(t, r.line());
    }
    if (unmatched > 0) {
      warnings.add(unmatched + " line(s) have no usable topic id (a leading space?): the official tool ignores them");
    }
    return new ClarificationNeedRun(file, labels, lines, warnings);
  }

  private static Integer integer(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
