package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.GeneratedDocs;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.RunForecast;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * MediQ's forecast statistics shipped with clarq are what the reference traces give now, and a forecast made of them
 * multiplies the per-case ranges by the cases. To derive them again and rewrite the resource:
 * {@code MediqForecastStatistics.DERIVED_BY}.
 */
class MediqForecastStatisticsTest {
  private static final Path RESOURCE = Path.of("clarq-eval/src/main/resources/io/clarq/eval/mediq",
      MediqForecastStatistics.RESOURCE);

  @Test
  void testShippedStatisticsAreDerivedFromTheReferenceTraces() throws Exception {
    Path traces = SharedData.require("mediq/reference-traces");
    MediqForecastStatistics derived = MediqForecastStatistics.derive(traces);
    Path file = GeneratedDocs.repositoryRoot().resolve(RESOURCE);
    if (Boolean.getBoolean("clarq.forecast.write")) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, derived.toJson());   // this JVM still holds the old resource: the next run checks it
      return;
    }
    assertThat(Files.readString(file)).as("%s differs from what the traces give; derive it again with: %s", file,
        MediqForecastStatistics.DERIVED_BY).isEqualTo(derived.toJson());
    assertThat(MediqForecastStatistics.shipped()).isEqualTo(derived);
    assertThat(derived.runs()).hasSize(18);   // 6 reference experts x 3 LLM patients
  }

  /** The resource's text reads back to the same statistics, and a malformed one is named. */
  @Test
  void testTheTextReadsBackAndAMalformedOneIsNamed() throws Exception {
    MediqForecastStatistics shipped = MediqForecastStatistics.shipped();
    assertThat(shipped.derivedBy()).isEqualTo(MediqForecastStatistics.DERIVED_BY);
    assertThat(parse(shipped.toJson())).isEqualTo(shipped);
    String broken = shipped.toJson().replaceFirst("\"input_tokens\": \\[[^]]*]", "\"input_tokens\": [1]");
    assertThatThrownBy(() -> parse(broken)).hasMessageContaining("test.json")
        .hasMessageContaining("expert input_tokens is not [low, high]");
    String lowAboveHigh = shipped.toJson().replaceFirst("\"calls\": \\[[^]]*]", "\"calls\": [9, 2]");
    assertThatThrownBy(() -> parse(lowAboveHigh)).hasMessageContaining("9.0-2.0");
  }

  /** A reference expert against an LLM patient: each role's range is the measured per-case range times the cases. */
  @Test
  void testTheForecastMultipliesTheMeasuredRangeByTheCases() {
    MediqForecastStatistics s = MediqForecastStatistics.shipped();
    MediqForecastStatistics.Run fixed = s.runs().stream().filter(r -> r.expertClass().equals("FixedExpert")
        && r.patientClass().equals("InstructPatient")).findFirst().orElseThrow();
    RunForecast f = MediqForecast.of(7, new MediqForecast.Setup("fixed", "instruct", "e", "q", "p", 30), s);
    assertThat(f.roles().stream().map(RunForecast.RoleForecast::role)).containsExactly("expert", "question",
        "patient");
    assertThat(f.roles().get(0).calls()).isEqualTo(new RunForecast.Range(
        (long) (7 * fixed.roles().get(0).callsLow()), (long) (7 * fixed.roles().get(0).callsHigh())));
    assertThat(f.roles().get(2).inputTokens().high()).isEqualTo((long) (7 * fixed.roles().get(2).inputHigh()));
    assertThat(f.roles().get(1).calls().low()).isPositive();   // the fixed expert generates its questions
    // model-free roles spend nothing
    RunForecast offline = MediqForecast.of(7, new MediqForecast.Setup("fixed", "offline", "e", "e", "", 30), s);
    assertThat(offline.roles().get(2).calls()).isEqualTo(new RunForecast.Range(0, 0));
    assertThat(offline.roles().get(0).calls().high()).isGreaterThanOrEqualTo(f.roles().get(0).calls().high());
  }

  private static MediqForecastStatistics parse(String text) throws Exception {
    return MediqForecastStatistics.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test.json");
  }
}
