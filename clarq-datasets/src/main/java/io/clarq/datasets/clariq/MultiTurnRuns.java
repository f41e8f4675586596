package io.clarq.datasets.clariq;

import io.clarq.core.files.AtomicFiles;
import io.clarq.core.ir.PythonFloat;
import io.clarq.datasets.trec.FileFormatException;
import io.clarq.datasets.trec.PandasSpaceTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes ClariQ's multi-turn run format, {@code <context_id> 0 "<question text>" <rank> <score> <run_id>}:
 * the question is quoted, an embedded quote is doubled, {@code ""} is "ask nothing".
 */
public final class MultiTurnRuns {
  private static final String KIND = "multi-turn run file";
  private static final String EXPECTED = "expected <context_id> 0 \"<question text>\" <rank> <score> <run_id>";

  private MultiTurnRuns() {}

  /** Writes the rows atomically; context ids and tags must not contain spaces. */
  public static void write(Path file, List<MultiTurnRunRow> rows) {
    for (MultiTurnRunRow r : rows) {
      if (r.contextId().isEmpty() || r.contextId().contains(" ") || r.tag().isEmpty() || r.tag().contains(" ")) {
        throw new IllegalArgumentException("context id \"" + r.contextId() + "\" and tag \"" + r.tag()
            + "\" must be non-empty without spaces");
      }
    }
    AtomicFiles.write(file, out -> {
      for (MultiTurnRunRow r : rows) {
        out.write(r.contextId() + " 0 \"" + r.question().replace("\"", "\"\"") + "\" " + r.rank() + " "
            + PythonFloat.repr(r.score()) + " " + r.tag());
        out.write('\n');
      }
    });
  }

  /** Reads a multi-turn run strictly: six fields, the question quoted, numeric rank and score. */
  public static List<MultiTurnRunRow> read(Path file) {
    PandasSpaceTable table = PandasSpaceTable.read(file, KIND);
    List<MultiTurnRunRow> rows = new ArrayList<>();
    for (PandasSpaceTable.Row r : table.rows()) {
      List<String> c = r.cells();
      long present = c.stream().filter(x -> x != null).count();
      if (c.size() != 6 || c.get(0) == null || c.get(3) == null || c.get(4) == null || c.get(5) == null) {
        throw new FileFormatException(KIND, file, r.line(), EXPECTED + ", got " + present + " fields");
      }
      Double rank = PandasSpaceTable.parseNumber(c.get(3));
      Double score = PandasSpaceTable.parseNumber(c.get(4));
      if (rank == null || rank != Math.rint(rank)) {
        throw new FileFormatException(KIND, file, r.line(), EXPECTED + ", got rank \"" + c.get(3) + "\"");
      }
      if (score == null || score.isInfinite()) {
        throw new FileFormatException(KIND, file, r.line(), EXPECTED + ", got score \"" + c.get(4) + "\"");
      }
      String question = c.get(2) == null ? "" : c.get(2);
      rows.add(new MultiTurnRunRow(r.line(), c.get(0), question, (int) (double) rank, score, c.get(5)));
    }
    return rows;
  }
}
