package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The expected figures of a benchmark, from its regression file ({@code regressions/NAME.json} in this test-jar; the
 * docs' tables are generated from the same files by {@link RegressionTables}): one source for every number a test
 * asserts, each with where it comes from. A file holds its runs at the top level ({@code runs}) or in named
 * {@code tables}, each with its own source, command and optionally precision. A figure is matched to within half a
 * unit of its last published decimal ({@code "precision": N}), or exactly as printed ({@code "precision": "exact"}:
 * the official tool's full Python float, which the test compares as text or as the double it denotes).
 */
public final class Regressions {
  private static final ObjectMapper JSON = new ObjectMapper().setNodeFactory(JsonNodeFactory.withExactBigDecimals(true))
      .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private final String name;
  private final JsonNode root;
  private final JsonNode precision;

  private Regressions(String name, JsonNode root, JsonNode precision) {
    this.name = name;
    this.root = root;
    this.precision = root.has("precision") ? root.get("precision") : precision;
  }

  /** The regression file {@code regressions/NAME.json}. */
  public static Regressions of(String name) {
    String resource = "/regressions/" + name + ".json";
    try (InputStream in = Regressions.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no regression file " + resource);
      }
      JsonNode root = JSON.readTree(in);
      return new Regressions(name, root, root.path("precision"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
    }
  }

  /** One of the file's named {@code tables} (its precision defaults to the file's). */
  public Regressions table(String table) {
    JsonNode t = root.path("tables").path(table);
    if (!t.isObject()) {
      throw new IllegalArgumentException("regressions/" + name + ".json has no table " + table);
    }
    return new Regressions(name + "#" + table, t, precision);
  }

  /** The names of the file's tables, in file order (empty when its runs are at the top level). */
  public List<String> tables() {
    List<String> tables = new ArrayList<>();
    root.path("tables").fieldNames().forEachRemaining(tables::add);
    return tables;
  }

  /** A top-level text field of the file or table ({@code title}, {@code source}, {@code command}), or "". */
  public String about(String field) {
    return root.path(field).asText("");
  }

  /** The display name of a figure's column ({@code columns.METRIC}), or null when the file gives none. */
  public String columnName(String metric) {
    JsonNode n = root.path("columns").path(metric);
    return n.isTextual() ? n.asText() : null;
  }

  /** The runs the file lists, in file order. */
  public List<String> runs() {
    List<String> runs = new ArrayList<>();
    root.path("runs").fieldNames().forEachRemaining(runs::add);
    return runs;
  }

  /** The metrics (number fields) of the runs, in the order they first appear. */
  public List<String> metrics() {
    Set<String> metrics = new LinkedHashSet<>();
    for (String run : runs()) {
      root.path("runs").path(run).fields().forEachRemaining(f -> {
        if (f.getValue().isNumber()) {
          metrics.add(f.getKey());
        }
      });
    }
    return new ArrayList<>(metrics);
  }

  /** Whether the run has this field. */
  public boolean has(String run, String field) {
    return !root.path("runs").path(run).path(field).isMissingNode();
  }

  /** A run's text field (e.g. its language). */
  public String text(String run, String field) {
    return node(run, field).asText();
  }

  /** A run's expected figure. */
  public double figure(String run, String metric) {
    return number(run, metric).doubleValue();
  }

  /** A run's expected figure as a whole number (a count). */
  public long whole(String run, String metric) {
    try {
      return number(run, metric).longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("regressions/" + name + ".json: " + run + " " + metric + " is not a whole number");
    }
  }

  /**
   * A run's figure as the file writes it: every decimal it has (so "0.2250" stays "0.2250" and an official tool's
   * "0.05560622994136926" is given back unchanged), which is how the docs print it.
   */
  public String printed(String run, String metric) {
    BigDecimal d = number(run, metric);
    return d.abs().compareTo(new BigDecimal("1e-4")) < 0 && d.signum() != 0 ? d.toString() : d.toPlainString();
  }

  /** A top-level number, e.g. {@code index.documents}. */
  public long count(String section, String field) {
    JsonNode n = root.path(section).path(field);
    if (!n.isNumber()) {
      throw new IllegalArgumentException("regressions/" + name + ".json has no number " + section + "." + field);
    }
    return n.asLong();
  }

  /** Whether figures are compared exactly as printed ({@code "precision": "exact"}). */
  public boolean exact() {
    return "exact".equals(precision.asText());
  }

  /** Half a unit of the last published decimal; 0 for exact figures. */
  public double tolerance() {
    return exact() ? 0 : 0.5 * Math.pow(10, -precision.asInt(4));
  }

  /** Asserts {@code actual} equals the run's published figure to its published precision. */
  public void assertFigure(String run, String metric, double actual) {
    String what = String.format("%s %s %s (regressions/%s.json)", name, run, metric, name.replaceAll("#.*", ""));
    if (exact()) {
      assertThat(actual).as(what).isEqualTo(figure(run, metric));
    } else {
      assertThat(actual).as(what).isCloseTo(figure(run, metric), within(tolerance()));
    }
  }

  private BigDecimal number(String run, String metric) {
    JsonNode n = node(run, metric);
    if (!n.isNumber()) {
      throw new IllegalArgumentException("regressions/" + name + ".json: " + run + " " + metric + " is not a number");
    }
    return n.decimalValue();
  }

  private JsonNode node(String run, String field) {
    JsonNode n = root.path("runs").path(run).path(field);
    if (n.isMissingNode()) {
      throw new IllegalArgumentException("regressions/" + name + ".json has no " + field + " for run " + run);
    }
    return n;
  }
}
