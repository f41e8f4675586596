package io.clarq.core.toa.flm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlmExampleTest {
  static HotpotExample example() {
    return new HotpotExample("x1", "Were A and B of the same nationality?", "yes", "comparison", "hard",
        List.of(new SupportingFact("B", 0), new SupportingFact("A", 0), new SupportingFact("A", 1)),
        List.of(
            new Paragraph("A", List.of("A is American.", " A lives in LA.", " A likes films.")),
            new Paragraph("C", List.of("C is a town.")),
            new Paragraph("B", List.of("B was an American filmmaker."))));
  }

  @Test
  void testFactsInContextOrderWithRoles() {
    List<Fact> facts = example().facts();
    assertThat(facts).extracting(Fact::rendered).containsExactly("A: A is American.", "A: A lives in LA.",
        "A: A likes films.", "C: C is a town.", "B: B was an American filmmaker.");
    assertThat(facts).extracting(Fact::role).containsExactly(FactRole.SUPPORTING, FactRole.SUPPORTING,
        FactRole.DISTRACTOR, FactRole.DISTRACTOR, FactRole.SUPPORTING);
    assertThat(facts.get(1).text()).isEqualTo(" A lives in LA.");
  }

  @Test
  void testMaskBuildsCompleteIncompleteAndCandidates() {
    FlmExample flm = FlmExample.mask(example(), 1);
    assertThat(flm.id()).isEqualTo("x1/1");
    assertThat(flm.sourceId()).isEqualTo("x1");
    assertThat(flm.maskedFact().ref()).isEqualTo("\"A\"#1");
    assertThat(flm.completeContext())
        .isEqualTo("A: A is American. A lives in LA.\n\nB: B was an American filmmaker.");
    assertThat(flm.incompleteContext()).isEqualTo("A: A is American.\n\nB: B was an American filmmaker.");
    assertThat(flm.candidates()).hasSize(5).contains(flm.maskedFact());
    assertThat(flm.distractorCount()).isEqualTo(2);
    assertThat(flm.recoveredContext(flm.candidates().get(3)))
        .isEqualTo("A: A is American.\n\nB: B was an American filmmaker.\n\nC: C is a town.");
    IncompleteTask task = flm.incompleteTask();
    assertThat(task.context()).doesNotContain("lives in LA");
    // the id is opaque: no HotpotQA id, no fact index
    assertThat(task.exampleId()).matches("x[0-9a-f]{16}").doesNotContain("x1/").isNotEqualTo(
        FlmExample.mask(example(), 0).incompleteTask().exampleId());
  }

  @Test
  void testMaskingTheOnlyParagraphSentenceDropsTheParagraph() {
    FlmExample flm = FlmExample.mask(example(), 2);
    assertThat(flm.maskedFact().title()).isEqualTo("B");
    assertThat(flm.incompleteContext()).isEqualTo("A: A is American. A lives in LA.");
  }

  @Test
  void testBadSupportingFactNamesExampleAndFact() {
    assertThatThrownBy(() -> new HotpotExample("x2", "q", "a", "", "", List.of(new SupportingFact("A", 3)),
        List.of(new Paragraph("A", List.of("one", "two")))))
        .hasMessage("example x2: supporting fact [\"A\", 3] indexes no sentence (paragraph \"A\" has 2 sentences)");
    assertThatThrownBy(() -> new HotpotExample("x3", "q", "a", "", "", List.of(new SupportingFact("Z", 0)),
        List.of(new Paragraph("A", List.of("one")))))
        .hasMessage("example x3: supporting fact [\"Z\", 0] indexes no sentence (no paragraph is titled \"Z\")");
  }

  @Test
  void testMaskRejectsBadIndexAndNonSupportingFact() {
    assertThatThrownBy(() -> FlmExample.mask(example(), 3))
        .hasMessage("example x1: cannot mask supporting fact 3, it has 3");
    HotpotExample e = example();
    assertThatThrownBy(() -> new FlmExample("x1/9", "x1", "q", "a", e.facts(), e.facts().get(2)))
        .hasMessage("FLM example x1/9: masked fact \"A\"#2 is not one of its supporting facts");
  }

  @Test
  void testRepeatedSupportingFactCountsOnce() {
    HotpotExample e = new HotpotExample("x4", "q", "a", "", "",
        List.of(new SupportingFact("A", 0), new SupportingFact("A", 0)), List.of(new Paragraph("A", List.of("s"))));
    assertThat(e.supportingFacts()).hasSize(1);
  }
}
