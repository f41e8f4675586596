package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.GeneratedDocs;
import io.clarq.core.testing.SharedData;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The forecast's call statistics shipped with clarq are what the reference traces give now. To derive them again and
 * rewrite the resource: {@code ForecastCallStatistics.DERIVED_BY}.
 */
class ForecastCallStatisticsTest {
  private static final Path RESOURCE = Path.of("clarq-eval/src/main/resources/io/clarq/eval/clarqllm",
      ForecastCallStatistics.RESOURCE);

  @Test
  void testShippedStatisticsAreDerivedFromTheReferenceTraces() throws Exception {
    Path traces = SharedData.require("clarq-llm/reference-traces");
    ForecastCallStatistics derived = ForecastCallStatistics.derive(traces);
    Path file = GeneratedDocs.repositoryRoot().resolve(RESOURCE);
    if (Boolean.getBoolean("clarq.forecast.write")) {
      Files.writeString(file, derived.toJson());   // this JVM still holds the old resource: the next run checks it
      return;
    }
    assertThat(Files.readString(file)).as("%s differs from what the traces give; derive it again with: %s", file,
        ForecastCallStatistics.DERIVED_BY).isEqualTo(derived.toJson());
    assertThat(ForecastCallStatistics.shipped()).isEqualTo(derived);
  }

  /** The resource's text reads back to the same statistics, and a malformed one is named. */
  @Test
  void testTheTextReadsBackAndAMalformedOneIsNamed() throws Exception {
    ForecastCallStatistics shipped = ForecastCallStatistics.shipped();
    assertThat(shipped.derivedBy()).isEqualTo(ForecastCallStatistics.DERIVED_BY);
    assertThat(parse(shipped.toJson())).isEqualTo(shipped);
    String broken = shipped.toJson().replaceFirst("\"calls_per_turn\": \\[[^]]*]", "\"calls_per_turn\": [1]");
    assertThatThrownBy(() -> parse(broken)).hasMessageContaining("test.json")
        .hasMessageContaining("seeker.jsonl.gz calls_per_turn");
    String lowAboveHigh = shipped.toJson().replaceFirst("\"input_tokens_per_call\": \\[[^]]*]",
        "\"input_tokens_per_call\": [9.0, 2.0]");
    assertThatThrownBy(() -> parse(lowAboveHigh)).hasMessageContaining("9.0-2.0");
  }

  private static ForecastCallStatistics parse(String text) throws Exception {
    return ForecastCallStatistics.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test.json");
  }
}
