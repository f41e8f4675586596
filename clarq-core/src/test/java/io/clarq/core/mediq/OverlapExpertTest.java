package io.clarq.core.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OverlapExpertTest {
  @Test
  void testAsksItsQuestionsThenAnswersWithTheOptionTheRecordMentionsMost() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("A", "Herpes simplex");
    o.put("B", "Primary syphilis");
    o.put("C", "Chancroid");
    o.put("D", "Scabies");
    Inquiry inquiry = new Inquiry("Which diagnosis?", o);
    OverlapExpert e = new OverlapExpert(2);
    ExpertTurn first = e.respond(inquiry, new PatientState("A painless ulcer", List.of()));
    assertThat(first.asks()).isTrue();
    assertThat(first.question()).contains(OverlapExpert.QUESTIONS.get(0));
    assertThat(first.letter()).contains("A");          // no word matches: the first option
    ExpertTurn last = e.respond(inquiry, new PatientState("A painless ulcer", List.of(
        new Exchange(Optional.of("q1"), "Serology for syphilis is positive"),
        new Exchange(Optional.of("q2"), "Primary lesion on the shaft"))));
    assertThat(last.asks()).isFalse();
    assertThat(last.letter()).contains("B");
    assertThat(last.confidence()).isEqualTo(1.0);
    assertThatThrownBy(() -> new OverlapExpert(7)).hasMessageContaining("must be 0 to 6");
  }
}
