package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The TOA paper's published recoveries and response flow follow from its published means and shares
 * ({@code regressions/toa.json}, transcribed in {@code flm-toa/published-tables.json}): recovery is a ratio of the
 * dataset-level means.
 */
class PublishedRecoveryTest {
  private static final Fact MASKED = new Fact("T", 0, "masked", FactRole.SUPPORTING);
  private static final Fact OTHER = new Fact("U", 1, "other", FactRole.DISTRACTOR);

  private static final Regressions TABLE4 = Regressions.of("toa").table("table4");
  private static final Regressions TABLE5 = Regressions.of("toa").table("table5");
  private static final double HALF_UNIT = TABLE4.tolerance(); // the tables print one decimal (in percent)
  private static final String[] MEASURES = {"masked", "answered", "supporting", "recovery"};

  /** A Table 4 row's masked, answered, supporting means and printed recovery for F1 or EM. */
  private static double[] row(String primary, String score) {
    double[] cols = new double[MEASURES.length];
    for (int i = 0; i < cols.length; i++) {
      cols[i] = TABLE4.figure(primary, score + " " + MEASURES[i]);
    }
    return cols;
  }

  @Test
  void testRegressionFileIsThePublishedTablesFile() throws IOException {
    JsonNode tables = new ObjectMapper().readTree(SharedData.require("flm-toa/published-tables.json").toFile());
    List<String> primaries = new ArrayList<>();
    for (JsonNode row : tables.get("table4")) {
      String primary = row.get("primary").asText();
      primaries.add(primary);
      for (int i = 0; i < MEASURES.length; i++) {
        assertThat(row(primary, "F1")[i]).as(primary + " F1").isEqualTo(row.get("f1").get(i).asDouble());
        assertThat(row(primary, "EM")[i]).as(primary + " EM").isEqualTo(row.get("em").get(i).asDouble());
      }
    }
    assertThat(TABLE4.runs()).isEqualTo(primaries);
    List<String> columns = new ArrayList<>();
    tables.get("table5_columns").forEach(c -> columns.add(c.asText()));
    assertThat(TABLE5.runs()).isEqualTo(columns);
    tables.get("table5").fields().forEachRemaining(f -> {
      for (int col = 0; col < columns.size(); col++) {
        assertThat(TABLE5.figure(columns.get(col), f.getKey())).as(columns.get(col) + " " + f.getKey())
            .isEqualTo(f.getValue().get(col).asDouble());
      }
    });
    assertThat(TABLE5.metrics()).containsExactlyInAnyOrderElementsOf(() -> tables.get("table5").fieldNames());
  }

  /**
   * The printed recovery lies within what the printed means allow: each mean is known to +-0.05, recovery is
   * monotone in each of its three arguments, so its range is spanned by the corners of that box; the printed recovery
   * is itself rounded to +-0.05.
   */
  private static void assertRecoveryFollowsFromMeans(String row, double[] cols) {
    double masked = cols[0];
    double answered = cols[1];
    double supporting = cols[2];
    double printed = cols[3];
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int a = -1; a <= 1; a += 2) {
      for (int b = -1; b <= 1; b += 2) {
        for (int c = -1; c <= 1; c += 2) {
          double r = 100 * Recovery.of(supporting + a * HALF_UNIT, masked + b * HALF_UNIT, answered + c * HALF_UNIT)
              .getAsDouble();
          lo = Math.min(lo, r);
          hi = Math.max(hi, r);
        }
      }
    }
    assertThat(printed).as(row).isBetween(lo - HALF_UNIT, hi + HALF_UNIT);
    // and the unrounded means give the printed figure to within a point
    assertThat(100 * Recovery.of(supporting, masked, answered).getAsDouble()).as(row).isCloseTo(printed, within(1.0));
  }

  @Test
  void testTable4RecoveriesFollowFromTheirMeans() throws IOException {
    assertThat(TABLE4.runs()).hasSize(7);
    for (String primary : TABLE4.runs()) {
      assertRecoveryFollowsFromMeans(primary + " F1", row(primary, "F1"));
      assertRecoveryFollowsFromMeans(primary + " EM", row(primary, "EM"));
    }
    // the worked example, Flan-T5-Base F1: (68.8 - 53.0) / (71.7 - 53.0) = 84.49, printed 84.4
    double[] base = row("Flan-T5-Base", "F1");
    assertThat(Recovery.of(base[2], base[0], base[1]).getAsDouble())
        .isCloseTo((base[1] - base[0]) / (base[2] - base[0]), within(1e-12));
  }

  /**
   * A run whose per-example EM scores have exactly the published means (1000 examples, one decimal in percent = one
   * example) reports the published EM recovery through {@link ToaSummary}, whatever the arrangement of the examples:
   * the summary takes the ratio of means, not a mean of per-example ratios.
   */
  @Test
  void testSummaryRecoveryIsTheRatioOfMeansForTable4() {
    for (String primary : TABLE4.runs()) {
      double[] em = row(primary, "EM");
      int masked = (int) Math.round(em[0] * 10);
      int answered = (int) Math.round(em[1] * 10);
      int supporting = (int) Math.round(em[2] * 10);
      List<ToaOutcome> outcomes = new ArrayList<>();
      for (int k = 0; k < 1000; k++) {
        // complete right on the first examples, incomplete on the last ones, recovered in the middle
        outcomes.add(new ToaOutcome("e" + k, "q", OracleAnswer.answered(OTHER, ""), false, "gold",
            k < supporting ? "gold" : "wrong", k >= 1000 - masked ? "gold" : "wrong",
            k >= 500 - answered / 2 && k < 500 - answered / 2 + answered ? "gold" : "wrong"));
      }
      ToaSummary s = ToaSummary.of(outcomes, new RecoveryBootstrap(20, 1));
      assertThat(s.em().complete()).isCloseTo(em[2] / 100, within(1e-12));
      double expected = (double) (answered - masked) / (supporting - masked);
      assertThat(s.emRecovery().value().getAsDouble()).as(primary).isCloseTo(expected, within(1e-12));
      assertThat(100 * expected).isCloseTo(em[3], within(1.0));
    }
  }

  /**
   * Table 5 on the 400-question test subset: each printed share times 4 is a whole number of questions (they add up
   * to 400 in every column); outcomes with those counts give back every printed share and hallucination rate.
   */
  @Test
  void testTable5ResponseFlowFromItsCounts() {
    for (String name : TABLE5.runs()) {
      int[] counts = new int[6];
      String[] keys = {"masked_plus", "masked_equal", "masked_minus", "distractor_plus", "distractor_equal",
          "distractor_minus"};
      List<ToaOutcome> outcomes = new ArrayList<>();
      for (int k = 0; k < keys.length; k++) {
        counts[k] = (int) Math.round(TABLE5.figure(name, keys[k]) * 4);
        boolean masked = k < 3;
        // gold "x y"; x^i answers "x" (F1 2/3); x^r rises to "x y" (1), stays at "x" or falls to "z" (0)
        String recovered = switch (k % 3) {
          case 0 -> "x y";
          case 1 -> "x";
          default -> "z";
        };
        for (int i = 0; i < counts[k]; i++) {
          outcomes.add(new ToaOutcome(name + k + "/" + i, "q", OracleAnswer.answered(masked ? MASKED : OTHER, ""),
              masked, "x y", "x y", "x", recovered));
        }
      }
      assertThat(outcomes).as(name).hasSize(400);
      ResponseFlow flow = ResponseFlow.of(outcomes);
      assertThat(flow.responses()).isEqualTo(400);
      assertPercent(name, flow.share(flow.masked().total()).getAsDouble(), TABLE5.figure(name, "masked_response"));
      assertPercent(name, flow.share(flow.distractor().total()).getAsDouble(),
          TABLE5.figure(name, "distractor_response"));
      assertPercent(name, flow.share(flow.masked().rose()).getAsDouble(), TABLE5.figure(name, "masked_plus"));
      assertPercent(name, flow.share(flow.masked().same()).getAsDouble(), TABLE5.figure(name, "masked_equal"));
      assertPercent(name, flow.share(flow.masked().fell()).getAsDouble(), TABLE5.figure(name, "masked_minus"));
      assertPercent(name, flow.share(flow.distractor().rose()).getAsDouble(), TABLE5.figure(name, "distractor_plus"));
      assertPercent(name, flow.share(flow.distractor().same()).getAsDouble(),
          TABLE5.figure(name, "distractor_equal"));
      assertPercent(name, flow.share(flow.distractor().fell()).getAsDouble(),
          TABLE5.figure(name, "distractor_minus"));
      assertPercent(name, flow.hallucinationRate().getAsDouble(),
          TABLE5.figure(name, "distractor_hallucination_rate"));
    }
  }

  private static void assertPercent(String column, double share, double printed) {
    assertThat(100 * share).as(column).isCloseTo(printed, within(HALF_UNIT + 1e-9));
  }
}
