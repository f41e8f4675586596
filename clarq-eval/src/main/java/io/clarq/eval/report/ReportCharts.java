package io.clarq.eval.report;

import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.task.Language;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.util.List;
import java.util.Map;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.statistics.HistogramDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The ClarQ-LLM report's charts, drawn with the page kit's {@link Charts}: success and turns against the number of
 * gold lines (the paper's Fig. 4), success per task type as a dot plot with Wilson intervals sorted by success, and
 * the distribution of AQL. Axes are fitted to the data. Labels are ours (numbers, language and task type names),
 * never model text; JFreeSVG escapes them.
 */
final class ReportCharts {
  private static final Paint[] COLOURS = {new Color(0x1f77b4), new Color(0xd62728)};

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
    NumberAxis rate = new NumberAxis("success (95% Wilson interval)");
    Charts.fit(rate, lowest(groups), highest(groups), Charts.Bounds.RATE);
    XYPlot plot = new XYPlot(success, integerAxis("gold lines in the task"), rate, errorRenderer(true));
    NumberAxis turnsAxis = new NumberAxis("mean seeker turns");
    turnsAxis.setAutoRangeIncludesZero(false);
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

  /**
   * Success per task type of one language as a dot plot with the 95% Wilson intervals as bars, the most successful
   * type on top (ties by type number); types whose interval is undefined (no judged dialogue) are left out.
   */
  static String successByType(Language language, Map<Integer, GroupFigures> byType, Map<Integer, String> names) {
    List<Charts.Dot> dots = byType.entrySet().stream()
        .filter(e -> e.getValue().success().interval().defined())
        .sorted(java.util.Comparator.<Map.Entry<Integer, GroupFigures>>comparingDouble(
            e -> -e.getValue().success().value()).thenComparing(Map.Entry::getKey))
        .map(e -> {
          GroupFigures f = e.getValue();
          String name = names.getOrDefault(e.getKey(), "");
          return new Charts.Dot(e.getKey() + (name.isEmpty() ? "" : " " + name), f.success().value(),
              f.success().interval().lower(), f.success().interval().upper());
        })
        .toList();
    return Charts.dotPlot("Success per task type, " + language.directoryName() + " (sorted by success)",
        "chart-types-" + language.code(), "success (95% Wilson interval)", dots, Charts.Bounds.RATE);
  }

  /** The distribution of the reference AQL over the dialogues of one language. */
  static String aqlDistribution(Language language, List<DialogueScore> scores) {
    HistogramDataset data = new HistogramDataset();
    double[] values = scores.stream().mapToDouble(s -> s.aql().reference()).toArray();
    data.addSeries(language.directoryName(), values, Math.max(1, Math.min(20, values.length)));
    NumberAxis x = new NumberAxis(language == Language.CHINESE ? "AQL (characters per seeker line)"
        : "AQL (spaces per seeker line, the reference figure)");
    x.setAutoRangeIncludesZero(false);   // fitted to the data: AQLs of 6.5-9 are not drawn from 0
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

  private static double lowest(Map<Language, Map<Integer, GroupFigures>> groups) {
    return groups.values().stream().flatMap(m -> m.values().stream())
        .filter(f -> f.success().interval().defined()).mapToDouble(f -> f.success().interval().lower()).min()
        .orElse(0);
  }

  private static double highest(Map<Language, Map<Integer, GroupFigures>> groups) {
    return groups.values().stream().flatMap(m -> m.values().stream())
        .filter(f -> f.success().interval().defined()).mapToDouble(f -> f.success().interval().upper()).max()
        .orElse(1);
  }

  private static String svg(XYPlot plot, String title, String id) {
    return Charts.svg(plot, title, id, true, Charts.HEIGHT);
  }

  /** The plot as an SVG element of the report's width and the given height, ids prefixed with {@code id}. */
  static String svg(XYPlot plot, String title, String id, int height) {
    return Charts.svg(plot, title, id, true, height);
  }
}
