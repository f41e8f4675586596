package io.clarq.eval.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

/** The chart kit: rows in the order given, axes fitted to the data, text escaped, the same SVG every time. */
class ChartsTest {
  private static final Pattern TRANSLATE = Pattern.compile("translate\\(([-0-9.]+),\\s*([-0-9.]+)\\)");

  /** The y position of the text element that reads {@code label}, from its own y or its translation. */
  private static double y(Document svg, String label) {
    Element t = svg.select("text").stream().filter(e -> e.text().equals(label)).findFirst().orElseThrow();
    if (!t.attr("y").isEmpty()) {
      return Double.parseDouble(t.attr("y"));
    }
    Matcher m = TRANSLATE.matcher(t.attr("transform"));
    assertThat(m.find()).as("position of " + label).isTrue();
    return Double.parseDouble(m.group(2));
  }

  private static List<String> labels(String svg) {
    return Jsoup.parse(svg, "", Parser.xmlParser()).select("text").eachText();
  }

  private static List<Double> ticks(Document svg) {
    return svg.select("text").stream().map(Element::text).filter(s -> s.matches("-?\\d+(\\.\\d+)?"))
        .map(Double::parseDouble).toList();
  }

  @Test
  void testDotPlotKeepsTheOrderGivenFitsTheAxisAndEscapesLabels() {
    String svg = Charts.dotPlot("t", "dots", "success", List.of(new Charts.Dot("best <b>&", 0.95, 0.90, 0.98),
        new Charts.Dot("middle", 0.93, 0.88, 0.96), Charts.Dot.of("worst", 0.91)), Charts.Bounds.RATE);
    assertThat(svg).doesNotContain("<b>").contains("best &lt;b&gt;&amp;");
    Document doc = Jsoup.parse(svg, "", Parser.xmlParser());
    assertThat(y(doc, "best <b>&")).isLessThan(y(doc, "middle"));
    assertThat(y(doc, "middle")).isLessThan(y(doc, "worst"));
    // the axis spans 0.88-0.98 with a margin, not 0-1
    assertThat(ticks(doc)).isNotEmpty().allSatisfy(v -> assertThat(v).isBetween(0.85, 1.0));
    assertThat(Charts.dotPlot("t", "dots", "success", List.of(Charts.Dot.of("a", 0.5)), Charts.Bounds.RATE))
        .isEqualTo(Charts.dotPlot("t", "dots", "success", List.of(Charts.Dot.of("a", 0.5)), Charts.Bounds.RATE));
  }

  @Test
  void testAnIntervalMustHoldItsDot() {
    assertThatThrownBy(() -> new Charts.Dot("a", 0.5, 0.6, 0.7)).hasMessageContaining("illegal dot \"a\": 0.5 in"
        + " [0.6, 0.7]");
  }

  /**
   * A constant series (every dialogue 5 turns, one gold-line count) gives an auto-ranged axis no span: JFreeChart then
   * picks a tick unit of about 1e-9 and labels it "5E0 5E0"; the kit widens such an axis around its value, so every
   * tick label is a plain number and they differ.
   */
  @Test
  void testAConstantSeriesGetsReadableDistinctTickLabels() {
    org.jfree.data.xy.XYSeries s = new org.jfree.data.xy.XYSeries("turns");
    s.add(3, 5.0);
    s.add(4, 5.0);
    s.add(5, 5.0);
    org.jfree.chart.axis.NumberAxis turns = new org.jfree.chart.axis.NumberAxis("mean seeker turns");
    turns.setAutoRangeIncludesZero(false);
    org.jfree.chart.axis.NumberAxis lines = new org.jfree.chart.axis.NumberAxis("gold lines");
    lines.setAutoRangeIncludesZero(false);
    org.jfree.data.xy.XYSeries one = new org.jfree.data.xy.XYSeries("one point");
    one.add(3, 0.25);
    org.jfree.chart.axis.NumberAxis single = new org.jfree.chart.axis.NumberAxis("single x");
    single.setAutoRangeIncludesZero(false);
    // before the fix: the turns axis read "5E0" eleven times, the single point's axes "3E0", "2.5E-1"
    List<String> constant = labels(Charts.svg(new org.jfree.chart.plot.XYPlot(new org.jfree.data.xy.XYSeriesCollection(
        s), lines, turns, new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer()), "constant", "constant", false,
        Charts.HEIGHT));
    assertThat(constant).noneMatch(t -> t.matches(".*\\dE-?\\d.*"));
    // the turns axis spans 4.5-5.5 around its value, in steps of 0.1; the gold lines axis 3-5 is left as it was
    assertThat(constant).contains("4.5", "5.0", "5.5", "3.0", "4.0");
    assertThat(constant.stream().filter("5.5"::equals)).hasSize(1);
    List<String> point = labels(Charts.svg(new org.jfree.chart.plot.XYPlot(new org.jfree.data.xy.XYSeriesCollection(
        one), single, new org.jfree.chart.axis.NumberAxis("share"), new org.jfree.chart.renderer.xy
        .XYLineAndShapeRenderer()), "point", "point", false, Charts.HEIGHT));
    assertThat(point).noneMatch(t -> t.matches(".*\\dE-?\\d.*"));
    List<String> numbers = point.stream().filter(t -> t.matches("-?\\d+(\\.\\d+)?")).toList();
    assertThat(numbers).as(point.toString()).hasSizeGreaterThanOrEqualTo(6).doesNotHaveDuplicates()
        .contains("2.70", "3.00", "0.00", "0.24");
  }
}
