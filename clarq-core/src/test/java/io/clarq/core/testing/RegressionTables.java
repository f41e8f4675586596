package io.clarq.core.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the docs' tables of expected figures from the regression files: a section
 * {@code <!-- generated: regression NAME -->} (or {@code regression NAME#TABLE} for one of a file's tables) becomes
 * the table of that file's runs, one row per run (its {@code label}, else its name in backticks) and one column per
 * figure (headed by the file's {@code columns} entry, else the figure's name), each printed as the file writes it,
 * then a line naming the file and the figures' source. Checked by {@code RegressionDocsTest}; regenerate with
 * {@value #COMMAND}.
 */
public final class RegressionTables {
  /** The command that rewrites the docs' generated regression tables. */
  public static final String COMMAND =
      "mvn -B -q -o test -pl clarq-core -Dtest=RegressionDocsTest -Dclarq.docs.write=true";

  private static final String PREFIX = "regression ";

  private RegressionTables() {}

  /** The section for {@code spec}, or null when the spec is not a regression table's. */
  public static String generate(String spec) {
    if (!spec.startsWith(PREFIX)) {
      return null;
    }
    String what = spec.substring(PREFIX.length()).strip();
    int hash = what.indexOf('#');
    String file = hash < 0 ? what : what.substring(0, hash);
    Regressions file0 = Regressions.of(file);
    Regressions r = hash < 0 ? file0 : file0.table(what.substring(hash + 1));
    return table(r, file0, what);
  }

  private static String table(Regressions r, Regressions file, String what) {
    List<String> metrics = r.metrics();
    StringBuilder sb = new StringBuilder();
    List<String> header = new ArrayList<>();
    header.add("run");
    for (String m : metrics) {
      String col = r.columnName(m);
      header.add(col == null ? file.columnName(m) == null ? m : file.columnName(m) : col);
    }
    sb.append("| ").append(String.join(" | ", header)).append(" |\n");
    sb.append("|").append("---|".repeat(header.size())).append('\n');
    for (String run : r.runs()) {
      List<String> cells = new ArrayList<>();
      cells.add(r.has(run, "label") ? r.text(run, "label") : "`" + run + "`");
      for (String m : metrics) {
        cells.add(r.has(run, m) ? r.printed(run, m) : "");
      }
      sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
    String source = r.about("source").isEmpty() ? file.about("source") : r.about("source");
    String command = r.about("command").isEmpty() ? file.about("command") : r.about("command");
    int hash = what.indexOf('#');
    sb.append('\n').append("From `clarq-core/src/test/resources/regressions/")
        .append(hash < 0 ? what : what.substring(0, hash)).append(".json`");
    if (hash >= 0) {
      sb.append(", table `").append(what.substring(hash + 1)).append('`');
    }
    sb.append(". Source: ").append(source.endsWith(".") ? source : source + ".");
    if (!command.isEmpty()) {
      sb.append(" Command: `").append(command.replace("`", "'")).append("`.");
    }
    sb.append('\n');
    return sb.toString();
  }
}
