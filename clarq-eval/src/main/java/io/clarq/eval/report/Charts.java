package io.clarq.eval.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The chart kit of the report pages: JFreeChart plots drawn into inline SVG by JFreeSVG (text is escaped by JFreeSVG;
 * the SVG's ids derive from the chart's id, never from the clock, so a page is the same every time it is made). Three
 * shapes: a dot plot with interval bars ({@link #dotPlot}), horizontal stacked shares ({@link #stackedShares}) and
 * grouped bars ({@link #groupedBars}); {@link #svg} draws any other plot in the same style. Value axes are fitted to
 * the data (a dot plot's axis spans its intervals, not 0 to 1), except that bars start at 0.
 */
public final class Charts {
  /** The width every chart is drawn at, in pixels. */
  public static final int WIDTH = 860;
  /** The default height of a chart, in pixels. */
  public static final int HEIGHT = 340;
  static final Paint[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0x9467bd), new Color(0x8c564b)};
  static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
  private static final int ROW = 20;

  /**
   * One row of a dot plot.
   *
   * @param label the row's name
   * @param value the dot
   * @param lower the interval's lower end, NaN when there is no interval
   * @param upper the interval's upper end, NaN when there is no interval
   */
  public record Dot(String label, double value, double lower, double upper) {
    public Dot {
      Objects.requireNonNull(label, "label");
      if (Double.isNaN(value) || Double.isNaN(lower) != Double.isNaN(upper) || lower > value || value > upper) {
        throw new IllegalArgumentException("illegal dot \"" + label + "\": " + value + " in [" + lower + ", " + upper
            + "]");
      }
    }

    /** A dot without an interval. */
    public static Dot of(String label, double value) {
      return new Dot(label, value, Double.NaN, Double.NaN);
    }
  }

  /**
   * Where a value axis may go: a fitted axis never leaves {@code [floor, ceiling]} (rates: 0 and 1; unbounded:
   * infinities).
   */
  public record Bounds(double floor, double ceiling) {
    /** Rates and shares. */
    public static final Bounds RATE = new Bounds(0, 1);
    /** No bound. */
    public static final Bounds NONE = new Bounds(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    public Bounds {
      if (!(floor < ceiling)) {
        throw new IllegalArgumentException("illegal bounds [" + floor + ", " + ceiling + "]");
      }
    }
  }

  private Charts() {}

  /**
   * A horizontal dot plot: one row per dot, top to bottom in the order given, each dot with its interval as a bar.
   * The value axis spans the dots and their intervals with a small margin, within {@code bounds}.
   */
  public static String dotPlot(String title, String id, String valueLabel, List<Dot> dots, Bounds bounds) {
    int n = dots.size();
    XYIntervalSeries series = new XYIntervalSeries(valueLabel);
    String[] labels = new String[n];
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      Dot d = dots.get(i);
      int y = n - 1 - i;   // the first dot on top
      labels[y] = d.label();
      boolean interval = !Double.isNaN(d.lower());
      series.add(d.value(), interval ? d.lower() : d.value(), interval ? d.upper() : d.value(), y, y, y);
      lo = Math.min(lo, interval ? d.lower() : d.value());
      hi = Math.max(hi, interval ? d.upper() : d.value());
    }
    XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
    data.addSeries(series);
    NumberAxis x = new NumberAxis(valueLabel);
    fit(x, n == 0 ? 0 : lo, n == 0 ? 1 : hi, bounds);
    SymbolAxis y = new SymbolAxis(null, labels);
    y.setGridBandsVisible(false);
    y.setTickLabelFont(FONT);
    y.setRange(-0.6, Math.max(0, n - 1) + 0.6);
    XYErrorRenderer r = new XYErrorRenderer();
    r.setDrawYError(false);
    r.setDefaultLinesVisible(false);
    r.setDefaultShapesVisible(true);
    r.setCapLength(6);
    r.setSeriesPaint(0, COLOURS[0]);
    r.setErrorPaint(COLOURS[0]);
    XYPlot plot = new XYPlot(data, x, y, r);
    plot.setRangeGridlinesVisible(false);
    return svg(plot, title, id, false, 70 + ROW * Math.max(n, 3));
  }

  /**
   * Horizontal bars split into parts, e.g. the oracle's responses (bars: masked, distractor) by how F1 moved
   * (parts: rose, same, fell). {@code shares[p][b]} is part p of bar b, a share of the whole in [0, 1]; each part is
   * labelled with its percentage where there is room.
   */
  public static String stackedShares(String title, String id, String valueLabel, List<String> bars, List<String> parts,
      double[][] shares, Paint... colours) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    double top = 0;
    for (int b = 0; b < bars.size(); b++) {
      double sum = 0;
      for (int p = 0; p < parts.size(); p++) {
        data.addValue(shares[p][b], parts.get(p), bars.get(b));
        sum += shares[p][b];
      }
      top = Math.max(top, sum);
    }
    StackedBarRenderer r = new StackedBarRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setMaximumBarWidth(0.5);
    for (int p = 0; p < parts.size(); p++) {
      r.setSeriesPaint(p, colours.length > p ? colours[p] : COLOURS[p % COLOURS.length]);
    }
    labelShares(r, 0.03, ItemLabelAnchor.CENTER, TextAnchor.CENTER);
    NumberAxis value = new NumberAxis(valueLabel);
    value.setNumberFormatOverride(percent());
    value.setRange(0, Math.min(1, Math.max(top, 0.05) * 1.05));
    CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), value, r);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_RIGHT);   // the value axis under the bars
    return svg(plot, title, id, true, 110 + 45 * Math.max(bars.size(), 2));
  }

  /**
   * Vertical bars grouped by category, e.g. BLEU-4 and ROUGE-L (categories) with and without template words
   * (groups). {@code values[g][c]} is group g of category c; bars start at 0 and the axis ends a little above the
   * highest bar; each bar is labelled with its value.
   */
  public static String groupedBars(String title, String id, String valueLabel, List<String> categories,
      List<String> groups, double[][] values) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    double top = 0;
    for (int g = 0; g < groups.size(); g++) {
      for (int c = 0; c < categories.size(); c++) {
        data.addValue(values[g][c], groups.get(g), categories.get(c));
        top = Math.max(top, values[g][c]);
      }
    }
    BarRenderer r = new BarRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setItemMargin(0.05);
    for (int g = 0; g < groups.size(); g++) {
      r.setSeriesPaint(g, COLOURS[g % COLOURS.length]);
    }
    r.setDefaultItemLabelGenerator(new ValueLabels(new DecimalFormat("0.0000", DecimalFormatSymbols
        .getInstance(Locale.ROOT)), 0));
    r.setDefaultItemLabelsVisible(true);
    r.setDefaultItemLabelFont(FONT);
    NumberAxis value = new NumberAxis(valueLabel);
    value.setRange(0, top <= 0 ? 1 : top * 1.15);
    CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), value, r);
    return svg(plot, title, id, true, HEIGHT);
  }

  /** Sets {@code axis} to span {@code [lo, hi]} with a 5% margin each side (at least 0.02), within the bounds. */
  static void fit(NumberAxis axis, double lo, double hi, Bounds bounds) {
    double margin = Math.max(0.05 * (hi - lo), 0.02 * Math.max(1, Math.abs(hi)));
    double a = Math.max(bounds.floor(), lo - margin);
    double b = Math.min(bounds.ceiling(), hi + margin);
    if (!(a < b)) {
      a = Math.max(bounds.floor(), a - 0.5);
      b = Math.min(bounds.ceiling(), b + 0.5);
    }
    axis.setAutoRange(false);
    axis.setRange(a, b);
  }

  /**
   * Draws a plot as an SVG element with this id, {@link #WIDTH} wide and {@code height} high. A number axis whose data
   * span nothing (a constant series, a single point) is widened around its value ({@link #spanConstant}).
   */
  public static String svg(Plot plot, String title, String id, boolean legend, int height) {
    plot.setBackgroundPaint(Color.WHITE);
    if (plot instanceof XYPlot xy) {
      xy.setDomainGridlinePaint(new Color(0xdddddd));
      xy.setRangeGridlinePaint(new Color(0xdddddd));
      xy.setAxisOffset(RectangleInsets.ZERO_INSETS);
      for (int i = 0; i < xy.getDomainAxisCount(); i++) {
        spanConstant(xy.getDomainAxis(i));
      }
      for (int i = 0; i < xy.getRangeAxisCount(); i++) {
        spanConstant(xy.getRangeAxis(i));
      }
    } else if (plot instanceof CategoryPlot cat) {
      cat.setRangeGridlinePaint(new Color(0xdddddd));
      cat.setAxisOffset(RectangleInsets.ZERO_INSETS);
      for (int i = 0; i < cat.getRangeAxisCount(); i++) {
        spanConstant(cat.getRangeAxis(i));
      }
    }
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, legend);
    chart.setBackgroundPaint(Color.WHITE);
    if (legend) {
      chart.getLegend().setItemFont(FONT);
    }
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
    g.setDefsKeyPrefix(id + "-");   // JFreeSVG's default prefix is a clock reading: the same run would differ
    chart.draw(g, new Rectangle(0, 0, WIDTH, height));
    return g.getSVGElement(id);
  }

  /**
   * Widens a number axis whose range spans (next to) nothing to 10% of its value each side (1 each side of 0). On
   * such a range JFreeChart picks a tick unit of about 1e-9 and labels every tick "5E0", the value in scientific
   * notation, rounded: "5E0 5E0 5E0". Other axes, and axes of no number, are left as they are.
   */
  static void spanConstant(org.jfree.chart.axis.ValueAxis axis) {
    if (!(axis instanceof NumberAxis a) || axis instanceof SymbolAxis) {
      return;
    }
    a.configure();   // the auto range of the data now plotted
    org.jfree.data.Range r = a.getRange();
    double centre = r.getCentralValue();
    if (r.getLength() > 1e-6 * Math.max(1, Math.abs(centre))) {
      return;
    }
    double half = centre == 0 ? 1 : 0.1 * Math.abs(centre);
    a.setAutoRange(false);
    a.setRange(centre - half, centre + half);
  }

  private static DecimalFormat percent() {
    return new DecimalFormat("0%", DecimalFormatSymbols.getInstance(Locale.ROOT));
  }

  private static void labelShares(org.jfree.chart.renderer.category.AbstractCategoryItemRenderer r, double least,
      ItemLabelAnchor anchor, TextAnchor text) {
    r.setDefaultItemLabelGenerator(new ValueLabels(new DecimalFormat("0.0%", DecimalFormatSymbols
        .getInstance(Locale.ROOT)), least));
    r.setDefaultItemLabelsVisible(true);
    r.setDefaultItemLabelFont(FONT);
    r.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(anchor, text));
  }

  /** Labels a bar with its value, and none when the value is below {@code least} (no room inside the bar). */
  private record ValueLabels(DecimalFormat format, double least) implements CategoryItemLabelGenerator {
    @Override
    public String generateRowLabel(CategoryDataset dataset, int row) {
      return dataset.getRowKey(row).toString();
    }

    @Override
    public String generateColumnLabel(CategoryDataset dataset, int column) {
      return dataset.getColumnKey(column).toString();
    }

    @Override
    public String generateLabel(CategoryDataset dataset, int row, int column) {
      Number v = dataset.getValue(row, column);
      if (v == null || v.doubleValue() < least || (least > 0 && v.doubleValue() == 0)) {
        return null;
      }
      synchronized (format) {
        return format.format(v.doubleValue());
      }
    }
  }
}
