package io.clarq.core.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RougeLTest {
  private static List<String> t(String text) {
    return OverlapTokens.tokenize(text);
  }

  @Test
  void testWorkedExample() {
    // LCS = are you homes for sale = 5; P = 5/7, R = 5/10;
    // F(1.2) = 2.44 * (5/14) / (1/2 + 1.44 * 5/7) = (61/70) / (107/70) = 61/107; F(1) = 10/17
    List<String> hyp = t("Are you looking for homes for sale?");
    List<String> ref = t("are you interested in a list of homes for sale");
    RougeLScore s = RougeL.score(hyp, ref);
    assertThat(s.lcs()).isEqualTo(5);
    assertThat(s.precision()).isCloseTo(5.0 / 7, within(1e-12));
    assertThat(s.recall()).isCloseTo(0.5, within(1e-12));
    assertThat(s.f()).isCloseTo(61.0 / 107, within(1e-12));
    assertThat(RougeL.score(hyp, ref, 1.0).f()).isCloseTo(10.0 / 17, within(1e-12));
  }

  @Test
  void testLcsIsASubsequenceNotASubstring() {
    assertThat(RougeL.lcs(t("a x b y c"), t("a b c"))).isEqualTo(3);
    assertThat(RougeL.lcs(t("c b a"), t("a b c"))).isEqualTo(1);
  }

  @Test
  void testEmptyAndDisjointScoreZero() {
    assertThat(RougeL.score(List.of(), t("a b")).f()).isZero();
    assertThat(RougeL.score(t("a b"), t("c d")).f()).isZero();
    assertThat(RougeL.score(t("a b"), t("a b")).f()).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void testRejectsBadBeta() {
    assertThatThrownBy(() -> RougeL.score(t("a"), t("a"), 0.0))
        .hasMessage("illegal ROUGE-L beta 0.0: must be a positive finite value");
  }
}
