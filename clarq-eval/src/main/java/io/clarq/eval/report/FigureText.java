package io.clarq.eval.report;

import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Interval;
import java.util.Locale;

/**
 * How every report (console, Markdown, HTML) prints a figure: 4 decimals, "-" when undefined, intervals and ranges as
 * {@code [a, b]}.
 */
public final class FigureText {
  private FigureText() {}

  /** "0.4846", or "-" for NaN. */
  public static String fixed(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
  }

  /**
   * "[0.4231, 0.5462]", or "-". Brackets and a comma, never a hyphen between the ends: a hyphen reads as a minus sign
   * once an end is negative ("-1.3423--1.0385").
   */
  public static String interval(Interval i) {
    return i.defined() ? String.format(Locale.ROOT, "[%.4f, %.4f]", i.lower(), i.upper()) : "-";
  }

  /** The estimate's interval: "[0.4231, 0.5462]", or "-". */
  public static String interval(Estimate e) {
    return interval(e.interval());
  }

  /** "0.4923 [0.1077, 0.8846]", or "-". */
  public static String withInterval(Estimate e) {
    return e.interval().defined() ? String.format(Locale.ROOT, "%.4f [%.4f, %.4f]", e.value(), e.interval().lower(),
        e.interval().upper()) : "-";
  }

  /** The success range left open by unjudged dialogues: "[0.4423, 0.9962]", or "-". */
  public static String range(GroupFigures f) {
    return interval(f.successRange());
  }
}
