package io.clarq.eval.report;

import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.metrics.GroupFigures;
import io.clarq.core.task.Language;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.statistics.HistogramDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The report's charts, drawn by JFreeChart into inline SVG (JFreeSVG): success and turns against the number of gold
 * lines (the paper's Fig. 4), success per task type with its Wilson interval, and the distribution of AQL. Every
 * label is ours (numbers and language names), never task or model text.
 */
final class ReportCharts {
  static final int WIDTH = 860;
  static final int HEIGHT = 340;
  private static final Paint[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728)};
  private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

  private ReportCharts() {}

  /** Success (with 95% intervals, left axis) and mean seeker turns (right axis) per number of gold lines. */
  static String byGoldLines(Map<Language, Map<Integer, GroupFigures>> groups) {
    YIntervalSeriesCollection success = new YIntervalSeriesCollection();
    XYSeriesCollection turns = new XYSeriesCollection();
    groups.forEach((language, byLines) -> {
      YIntervalSeries s = new YIntervalSeries(language.directoryName() + " success");
      XYSeries t = new XYSeries(language.directoryName() + " turns");
      byLines.forEach((lines, f) -> {
        if (f.success().interval().defined()) {
          s.add(lines, f.success().value(), f.success().interval().lower(), f.success().interval().upper());
        }
        t.add(lines.doubleValue(), f.turns().value());
      });
      success.addSeries(s);
      turns.addSeries(t);
    });
    XYPlot plot = new XYPlot(success, integerAxis("gold lines in the task"), rateAxis("success (95% Wilson interval)"),
        errorRenderer(true));
    NumberAxis turnsAxis = new NumberAxis("mean seeker turns");
    turnsAxis.setAutoRangeIncludesZero(true);
    plot.setRangeAxis(1, turnsAxis);
    plot.setDataset(1, turns);
    plot.mapDatasetToRangeAxis(1, 1);
    XYLineAndShapeRenderer turnsRenderer = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < groups.size(); i++) {
      turnsRenderer.setSeriesPaint(i, COLOURS[i % COLOURS.length]);
      turnsRenderer.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f,
          new float[] {4f, 4f}, 0f));
    }
    plot.setRenderer(1, turnsRenderer);
    return svg(plot, "Success and turns by the number of gold lines (paper Fig. 4)", "chart-gold-lines");
  }

  /** Success per task type with its 95% Wilson interval. */
  static String successByType(Map<Language, Map<Integer, GroupFigures>> groups) {
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    groups.forEach((language, byType) -> {
      YIntervalSeries s = new YIntervalSeries(language.directoryName());
      byType.forEach((type, f) -> {
        if (f.success().interval().defined()) {
          s.add(type, f.success().value(), f.success().interval().lower(), f.success().interval().upper());
        }
      });
      data.addSeries(s);
    });
    XYPlot plot = new XYPlot(data, integerAxis("task type"), rateAxis("success (95% Wilson interval)"),
        errorRenderer(false));
    return svg(plot, "Success per task type", "chart-types");
  }

  /** The distribution of the reference AQL over the dialogues of one language. */
  static String aqlDistribution(Language language, List<DialogueScore> scores) {
    HistogramDataset data = new HistogramDataset();
    double[] values = scores.stream().mapToDouble(s -> s.aql().reference()).toArray();
    data.addSeries(language.directoryName(), values, Math.max(1, Math.min(20, values.length)));
    NumberAxis x = new NumberAxis(language == Language.CHINESE ? "AQL (characters per seeker line)"
        : "AQL (spaces per seeker line, the reference figure)");
    XYBarRenderer bars = new XYBarRenderer(0.05);
    bars.setShadowVisible(false);
    bars.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
    bars.setSeriesPaint(0, COLOURS[language.ordinal() % COLOURS.length]);
    XYPlot plot = new XYPlot(data, x, integerAxis("dialogues"), bars);
    return svg(plot, "AQL distribution, " + language.directoryName(), "chart-aql-" + language.code());
  }

  private static XYErrorRenderer errorRenderer(boolean lines) {
    XYErrorRenderer r = new XYErrorRenderer();
    r.setDefaultLinesVisible(lines);
    r.setDefaultShapesVisible(true);
    r.setCapLength(6);
    for (int i = 0; i < COLOURS.length; i++) {
      r.setSeriesPaint(i, COLOURS[i]);
      r.setSeriesLinesVisible(i, lines);
    }
    return r;
  }

  private static NumberAxis integerAxis(String label) {
    NumberAxis a = new NumberAxis(label);
    a.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    a.setAutoRangeIncludesZero(false);
    return a;
  }

  private static NumberAxis rateAxis(String label) {
    NumberAxis a = new NumberAxis(label);
    a.setRange(0, 1.02);
    return a;
  }

  private static String svg(XYPlot plot, String title, String id) {
    return svg(plot, title, id, HEIGHT);
  }

  /** The plot as an SVG element of the report's width and the given height, ids prefixed with {@code id}. */
  static String svg(XYPlot plot, String title, String id, int height) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    chart.getLegend().setItemFont(FONT);
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
    g.setDefsKeyPrefix(id + "-");   // JFreeSVG's default prefix is a clock reading: the same run would differ
    chart.draw(g, new Rectangle(0, 0, WIDTH, height));
    return g.getSVGElement(id);
  }
}
