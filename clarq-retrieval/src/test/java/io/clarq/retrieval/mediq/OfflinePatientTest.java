package io.clarq.retrieval.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.Patient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OfflinePatientTest {
  private static final MediqCase CASE = new MediqCase(7, "Which diagnosis?", List.of("A 22-year-old man has a rash",
      "He has no fever"), Map.of("A", "a", "B", "b", "C", "c", "D", "d"), "A", "a",
      List.of("1. The patient is a 22-year-old man.", "2. The patient has a rash on his arms.",
      "3. The patient has no fever.", "4. The rash itches at night."), Optional.empty());

  @Test
  void testAnswersWithTheBestFactsVerbatimOrTheCannotAnswerLine() throws Exception {
    OfflinePatient p = new OfflinePatient("CANNOT", 2);
    Patient.Consultation c = p.start(CASE);
    assertThat(c.initialInfo()).isEqualTo("A 22-year-old man has a rash");
    assertThat(c.respond("Does the patient have a fever?", List.of())).startsWith("3. The patient has no fever.");
    assertThat(p.answer(CASE, "Where is the rash?")).first().isIn(CASE.facts().get(1), CASE.facts().get(3));
    assertThat(p.answer(CASE, "Where is the rash?")).hasSizeLessThanOrEqualTo(2);
    assertThat(c.respond("Any allergies to penicillin?", List.of())).isEqualTo("CANNOT");
    assertThat(c.respond("None", List.of())).isEqualTo("CANNOT");
    assertThat(c.facts()).contains(CASE.facts());
  }
}
