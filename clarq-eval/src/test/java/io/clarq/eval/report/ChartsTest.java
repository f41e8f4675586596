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
}
