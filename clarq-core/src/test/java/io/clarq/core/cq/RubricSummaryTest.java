package io.clarq.core.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RubricSummaryTest {
  private static RubricRating rating(Grade natural, Grade useful) {
    return new RubricRating(new ScaleRating(natural, "n"), new ScaleRating(useful, "u"));
  }

  @Test
  void testSharesKeepUnparsedInTheDenominator() {
    RubricSummary s = RubricSummary.of(List.of(rating(Grade.GOOD, Grade.BAD), rating(Grade.GOOD, Grade.FAIR),
        rating(Grade.FAIR, Grade.GOOD), new UnparsedRating("I think it is great", "no JSON object")));
    assertThat(s.total()).isEqualTo(4);
    assertThat(s.unparsed()).isEqualTo(1);
    assertThat(s.count(RubricScale.NATURALNESS, Grade.GOOD)).isEqualTo(2);
    assertThat(s.share(RubricScale.NATURALNESS, Grade.GOOD)).isEqualTo(0.5);
    assertThat(s.share(RubricScale.NATURALNESS, Grade.BAD)).isZero();
    assertThat(s.share(RubricScale.USEFULNESS, Grade.BAD)).isEqualTo(0.25);
    assertThat(s.unparsedShare()).isEqualTo(0.25);
  }

  @Test
  void testGradeParsing() {
    assertThat(Grade.parse(" good. ")).contains(Grade.GOOD);
    assertThat(Grade.parse("Great")).isEmpty();
    assertThat(Grade.FAIR.label()).isEqualTo("Fair");
    assertThat(Grade.GOOD.points()).isEqualTo(2);
    assertThat(Grade.BAD.points()).isZero();
  }

  @Test
  void testInconsistentCountsAreRejected() {
    Map<Grade, Integer> one = Map.of(Grade.GOOD, 1);
    assertThatThrownBy(() -> new RubricSummary(2, 0, Map.of(RubricScale.NATURALNESS, one, RubricScale.USEFULNESS, one)))
        .hasMessageContaining("do not add up to 2");
  }
}
