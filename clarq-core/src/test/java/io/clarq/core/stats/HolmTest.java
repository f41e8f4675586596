package io.clarq.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * Holm's adjustment and McNemar's exact test against statsmodels and scipy: the figures and the command that made
 * them are in {@code fixtures/holm-statsmodels.json}.
 */
class HolmTest {
  static JsonNode fixture() throws Exception {
    try (InputStream in = HolmTest.class.getResourceAsStream("/fixtures/holm-statsmodels.json")) {
      return new ObjectMapper().readTree(in);
    }
  }

  private static double[] doubles(JsonNode list) {
    double[] out = new double[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i).asDouble();
    }
    return out;
  }

  @Test
  void testHolmMatchesStatsmodels() throws Exception {
    JsonNode synthetic = fixture().get("synthetic");
    assertThat(Holm.adjust(doubles(synthetic.get("p_values"))))
        .containsExactly(doubles(synthetic.get("holm")), within(1e-12));
  }

  @Test
  void testMcNemarAndHolmOnThePublishedPairMatchScipyAndStatsmodels() throws Exception {
    JsonNode pair = fixture().get("comp_en_vs_chat_en");
    JsonNode counts = pair.get("discordant");
    double[] p = new double[counts.size()];
    for (int i = 0; i < p.length; i++) {
      p[i] = McNemar.exactTwoSided(counts.get(i).get(0).asInt(), counts.get(i).get(1).asInt());
    }
    assertThat(p).containsExactly(doubles(pair.get("mcnemar_p")), within(1e-12));
    assertThat(Holm.adjust(p)).containsExactly(doubles(pair.get("holm")), within(1e-12));
  }

  @Test
  void testNothingAndBadValues() {
    assertThat(Holm.adjust(new double[0])).isEmpty();
    assertThat(Holm.adjust(new double[] {0.3})).containsExactly(0.3);
    assertThatThrownBy(() -> Holm.adjust(new double[] {0.1, Double.NaN})).hasMessageContaining(
        "illegal p-value NaN at position 1");
    assertThatThrownBy(() -> Holm.adjust(new double[] {1.5})).hasMessageContaining("illegal p-value 1.5");
  }
}
