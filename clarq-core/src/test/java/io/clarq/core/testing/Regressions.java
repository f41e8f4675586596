package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The expected figures of a benchmark, from its regression file ({@code regressions/NAME.json} in this test-jar; the
 * docs quote the same files): one source for every number a test asserts, each with where it comes from. A figure is
 * matched to within half a unit of its last published decimal.
 */
public final class Regressions {
  private final String name;
  private final JsonNode root;

  private Regressions(String name, JsonNode root) {
    this.name = name;
    this.root = root;
  }

  /** The regression file {@code regressions/NAME.json}. */
  public static Regressions of(String name) {
    String resource = "/regressions/" + name + ".json";
    try (InputStream in = Regressions.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no regression file " + resource);
      }
      return new Regressions(name, new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
    }
  }

  /** The runs the file lists, in file order. */
  public List<String> runs() {
    List<String> runs = new ArrayList<>();
    root.path("runs").fieldNames().forEachRemaining(runs::add);
    return runs;
  }

  /** A run's text field (e.g. its language). */
  public String text(String run, String field) {
    return node(run, field).asText();
  }

  /** A run's expected figure. */
  public double figure(String run, String metric) {
    return node(run, metric).asDouble();
  }

  /** A top-level number, e.g. {@code index.documents}. */
  public long count(String section, String field) {
    JsonNode n = root.path(section).path(field);
    if (!n.isNumber()) {
      throw new IllegalArgumentException("regressions/" + name + ".json has no number " + section + "." + field);
    }
    return n.asLong();
  }

  /** Asserts {@code actual} equals the run's published figure to its published precision. */
  public void assertFigure(String run, String metric, double actual) {
    double tolerance = 0.5 * Math.pow(10, -root.path("precision").asInt(4));
    assertThat(actual).as("%s %s %s (regressions/%s.json)", name, run, metric, name)
        .isCloseTo(figure(run, metric), within(tolerance));
  }

  private JsonNode node(String run, String field) {
    JsonNode n = root.path("runs").path(run).path(field);
    if (n.isMissingNode()) {
      throw new IllegalArgumentException("regressions/" + name + ".json has no " + field + " for run " + run);
    }
    return n;
  }
}
