package io.clarq.eval.report;

import io.clarq.core.stats.Estimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Objects;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * A forest plot as inline SVG (JFreeChart through {@link ReportCharts}): one row per group, top to bottom, each a
 * point with its 95% interval as a horizontal bar, and a line at zero. The difference axis spans the intervals and
 * zero with a little room, never a fixed [-1, 1]. The first row is drawn in the second colour (the overall figure).
 * Labels are the caller's own (type numbers), never task or model text.
 */
public final class ForestPlot {
  private static final int ROW = 19;
  private static final int FRAME = 110;

  private ForestPlot() {}

  /**
   * One row of the plot.
   *
   * @param label what the row is, e.g. "type 3"
   * @param estimate the difference with its interval (an undefined one leaves the row empty)
   */
  public record Row(String label, Estimate estimate) {
    public Row {
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(estimate, "estimate");
    }
  }

  /**
   * The plot as an SVG element.
   *
   * @param title the chart's title
   * @param axisLabel what the differences are, e.g. "success difference A - B (95% paired bootstrap interval)"
   * @param groupsLabel the legend's name for the rows after the first, e.g. "per task type"
   * @param rows the rows, drawn top to bottom; the first one stands apart as the overall figure
   * @param id the SVG element's id (also the prefix of its definitions)
   * @throws IllegalArgumentException when there is no row
   */
  public static String svg(String title, String axisLabel, String groupsLabel, List<Row> rows, String id) {
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("a forest plot needs at least one row");
    }
    int n = rows.size();
    String[] labels = new String[n];
    YIntervalSeries overall = new YIntervalSeries(rows.get(0).label());
    YIntervalSeries groups = new YIntervalSeries(groupsLabel);
    double lo = 0;
    double hi = 0;
    for (int i = 0; i < n; i++) {
      Row r = rows.get(i);
      int y = n - 1 - i;   // the first row at the top
      labels[y] = r.label();
      if (!r.estimate().interval().defined()) {
        continue;
      }
      lo = Math.min(lo, r.estimate().interval().lower());
      hi = Math.max(hi, r.estimate().interval().upper());
      (i == 0 ? overall : groups).add(y, r.estimate().value(), r.estimate().interval().lower(),
          r.estimate().interval().upper());
    }
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    data.addSeries(groups);
    data.addSeries(overall);
    SymbolAxis rowAxis = new SymbolAxis(null, labels);
    rowAxis.setGridBandsVisible(false);
    rowAxis.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    rowAxis.setRange(-0.7, n - 0.3);
    NumberAxis diff = new NumberAxis(axisLabel);
    double pad = Math.max(0.02, (hi - lo) * 0.06);
    diff.setRange(lo - pad, hi + pad);
    diff.setAutoRangeIncludesZero(false);
    diff.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    diff.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    XYErrorRenderer r = new XYErrorRenderer();
    r.setDrawXError(false);
    r.setDrawYError(true);
    r.setDefaultLinesVisible(false);
    r.setDefaultShapesVisible(true);
    r.setCapLength(5);
    r.setErrorStroke(new BasicStroke(1.6f));
    r.setSeriesPaint(0, new Color(0x1f77b4));
    r.setSeriesPaint(1, new Color(0xd62728));
    XYPlot plot = new XYPlot(data, rowAxis, diff, r);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    ValueMarker zero = new ValueMarker(0, new Color(0x555555), new BasicStroke(1f, BasicStroke.CAP_BUTT,
        BasicStroke.JOIN_MITER, 1f, new float[] {4f, 3f}, 0f));
    plot.addRangeMarker(zero);
    return ReportCharts.svg(plot, title, id, FRAME + ROW * n);
  }
}
