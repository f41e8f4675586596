package io.clarq.core.cq;

import static io.clarq.core.cq.Grade.BAD;
import static io.clarq.core.cq.Grade.FAIR;
import static io.clarq.core.cq.Grade.GOOD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RubricAgreementTest {
  private static final List<Grade> JUDGE = List.of(GOOD, GOOD, GOOD, GOOD, FAIR, FAIR, BAD, BAD, GOOD, FAIR);
  private static final List<Grade> HUMAN = List.of(GOOD, GOOD, GOOD, FAIR, FAIR, BAD, BAD, GOOD, GOOD, FAIR);

  @Test
  void testKappaByHand() {
    // agreements at 1, 2, 3, 5, 7, 9, 10: po = 7/10
    // judge: Good 5, Fair 3, Bad 2; human: Good 5, Fair 3, Bad 2 -> pe = (25 + 9 + 4) / 100 = 0.38
    // kappa = (0.7 - 0.38) / (1 - 0.38) = 0.32 / 0.62 = 0.516129...
    RubricAgreement.ScaleAgreement a = RubricAgreement.ScaleAgreement.of(JUDGE, HUMAN);
    assertThat(a.compared()).isEqualTo(10);
    assertThat(a.exact()).hasValue(0.7);
    assertThat(a.kappa().getAsDouble()).isCloseTo(0.32 / 0.62, within(1e-12));
    assertThat(a.kappa().getAsDouble()).isCloseTo(0.5161, within(5e-5));
  }

  @Test
  void testKappaBelowChanceAndUndefined() {
    // judge Good, Bad; human Bad, Good: po 0, pe = (1*1 + 1*1) / 4 = 0.5 -> kappa -1
    assertThat(RubricAgreement.ScaleAgreement.of(List.of(GOOD, BAD), List.of(BAD, GOOD)).kappa().getAsDouble())
        .isCloseTo(-1.0, within(1e-12));
    // judge Good, Good, Fair, Fair; human Good, Fair, Good, Fair: po 1/2, pe = (2*2 + 2*2) / 16 = 1/2 -> kappa 0
    assertThat(RubricAgreement.ScaleAgreement.of(List.of(GOOD, GOOD, FAIR, FAIR), List.of(GOOD, FAIR, GOOD, FAIR))
        .kappa().getAsDouble()).isCloseTo(0.0, within(1e-12));
    // everyone says Good: po = pe = 1, kappa undefined, exact agreement 1
    RubricAgreement.ScaleAgreement same = RubricAgreement.ScaleAgreement.of(List.of(GOOD, GOOD), List.of(GOOD, GOOD));
    assertThat(same.kappa()).isEmpty();
    assertThat(same.exact()).hasValue(1.0);
    assertThat(RubricAgreement.ScaleAgreement.of(List.of(), List.of()).exact()).isEmpty();
  }

  @Test
  void testMatchesByIdAndCountsWhatCannotBeCompared() {
    List<HumanRating> human = new java.util.ArrayList<>();
    Map<String, RubricOutcome> judged = new HashMap<>();
    for (int i = 0; i < JUDGE.size(); i++) {
      // naturalness carries the hand-worked pairs; usefulness agrees everywhere but on one Fair/Bad pair
      human.add(new HumanRating("q" + i, Optional.empty(), rating(HUMAN.get(i), i == 4 ? BAD : FAIR)));
      judged.put("q" + i, rating(JUDGE.get(i), FAIR));
    }
    human.add(new HumanRating("unjudged", Optional.empty(), rating(GOOD, GOOD)));
    human.add(new HumanRating("garbled", Optional.empty(), rating(GOOD, GOOD)));
    judged.put("garbled", new UnparsedRating("??", "no JSON object"));
    judged.put("judge-only", rating(BAD, BAD));
    RubricAgreement a = RubricAgreement.of(human, judged);
    assertThat(a.humanRatings()).isEqualTo(12);
    assertThat(a.notJudged()).isEqualTo(1);
    assertThat(a.judgeUnparsed()).isEqualTo(1);
    assertThat(a.on(RubricScale.NATURALNESS).kappa().getAsDouble()).isCloseTo(0.32 / 0.62, within(1e-12));
    // usefulness: po 9/10; judge Fair 10; human Fair 9, Bad 1 -> pe = 0.9, kappa = 0 / 0.1 = 0
    assertThat(a.on(RubricScale.USEFULNESS).exact()).hasValue(0.9);
    assertThat(a.on(RubricScale.USEFULNESS).kappa().getAsDouble()).isCloseTo(0.0, within(1e-12));
  }

  private static RubricRating rating(Grade naturalness, Grade usefulness) {
    return new RubricRating(new ScaleRating(naturalness, ""), new ScaleRating(usefulness, ""));
  }
}
