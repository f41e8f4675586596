package io.clarq.datasets.trec;

import io.clarq.core.files.AtomicFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/** Writes TREC run files atomically: {@code <topic> Q0 <item> <rank> <score> <tag>}, one row a line. */
public final class TrecRunWriter {
  /** Scores with six decimals, as Anserini prints them (and as trec_eval then reads them). */
  public static final DoubleFunction<String> SIX_DECIMALS = s -> String.format(Locale.ROOT, "%.6f", s);
  /** Scores in the shortest form that reads back exactly: {@code 30} for whole numbers, else Python's repr. */
  public static final DoubleFunction<String> COMPACT = s -> s == Math.rint(s) && Math.abs(s) < 1e15
      ? Long.toString((long) s) : io.clarq.core.ir.PythonFloat.repr(s);

  private TrecRunWriter() {}

  /**
   * Writes the rows; {@code q0} is the second column ({@code "0"} for ClariQ runs, {@code "Q0"} for trec_eval).
   * Topics, items and tags must not contain spaces.
   */
  public static void write(Path file, List<RunRow> rows, String q0, DoubleFunction<String> scoreFormat) {
    for (RunRow r : rows) {
      for (String f : List.of(r.topic(), r.item(), r.tag())) {
        if (f.isEmpty() || f.chars().anyMatch(Character::isWhitespace)) {
          throw new IllegalArgumentException("run field \"" + f + "\" must be non-empty without spaces");
        }
      }
    }
    AtomicFiles.write(file, out -> {
      for (RunRow r : rows) {
        out.write(r.topic() + " " + q0 + " " + r.item() + " " + r.rank() + " " + scoreFormat.apply(r.score())
            + " " + r.tag());
        out.write('\n');
      }
    });
  }
}
