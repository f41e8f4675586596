package io.clarq.core.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HotpotAnswerMetricsTest {
  private static final double TWO_THIRDS = 2.0 / 3.0;

  /** prediction, gold, normalised prediction, F1, EM: worked by hand from hotpot_evaluate_v1.py. */
  static Stream<Arguments> cases() {
    return Stream.of(
        // articles
        Arguments.of("The Beatles", "Beatles", "beatles", 1.0, 1.0),
        Arguments.of("a cat", "cat", "cat", 1.0, 1.0),
        Arguments.of("An apple a day", "apple day", "apple day", 1.0, 1.0),
        Arguments.of("the the the", "", "", 0.0, 1.0),
        Arguments.of("Theatre", "theatre", "theatre", 1.0, 1.0),
        Arguments.of("anthem", "Anthem", "anthem", 1.0, 1.0),
        Arguments.of("the cat and the hat", "cat hat", "cat and hat", 0.8, 0.0),
        Arguments.of("A.", "a", "", 0.0, 1.0),
        Arguments.of("d\u00e9the", "d\u00e9the", "d\u00e9the", 1.0, 1.0),
        Arguments.of("the\u2014end", "\u2014end", "\u2014end", 1.0, 1.0),
        // yes / no / noanswer
        Arguments.of("yes", "yes", "yes", 1.0, 1.0),
        Arguments.of("Yes.", "yes", "yes", 1.0, 1.0),
        Arguments.of("yes", "no", "yes", 0.0, 0.0),
        Arguments.of("no", "no answer", "no", 0.0, 0.0),
        Arguments.of("noanswer", "noanswer", "noanswer", 1.0, 1.0),
        Arguments.of("yes indeed", "yes", "yes indeed", 0.0, 0.0),
        Arguments.of("no.", "NO", "no", 1.0, 1.0),
        Arguments.of("NoAnswer", "no answer", "noanswer", 0.0, 0.0),
        // empty answers
        Arguments.of("", "", "", 0.0, 1.0),
        Arguments.of("", "Paris", "", 0.0, 0.0),
        Arguments.of("Paris", "", "paris", 0.0, 0.0),
        // partial overlap and punctuation
        Arguments.of("New York City", "new york", "new york city", 0.8, 0.0),
        Arguments.of("new york", "New York City", "new york", 0.8, 0.0),
        Arguments.of("U.S.A.", "USA", "usa", 1.0, 1.0),
        Arguments.of("Smith, John", "John Smith", "smith john", 1.0, 0.0),
        Arguments.of("rock-and-roll", "rock and roll", "rockandroll", 0.0, 0.0),
        Arguments.of("cat cat dog", "cat dog dog", "cat cat dog", TWO_THIRDS, 0.0),
        Arguments.of("the_the", "thethe", "thethe", 1.0, 1.0),
        Arguments.of("a1 b", "a1 b", "a1 b", 1.0, 1.0),
        Arguments.of("l'amour", "lamour", "lamour", 1.0, 1.0),
        Arguments.of("  spaced   out  ", "spaced out", "spaced out", 1.0, 1.0),
        Arguments.of("Chief of Protocol", "Chief of Protocol of the United States", "chief of protocol", TWO_THIRDS,
            0.0),
        Arguments.of("no", "No!", "no", 1.0, 1.0),
        // unicode: only ASCII punctuation is removed; lower case and whitespace are Unicode
        Arguments.of("Caf\u00e9", "caf\u00e9", "caf\u00e9", 1.0, 1.0),
        Arguments.of("Ed Wood\u2019s film", "Ed Woods film", "ed wood\u2019s film", TWO_THIRDS, 0.0),
        Arguments.of("1994\u20132000", "1994-2000", "1994\u20132000", 0.0, 0.0),
        Arguments.of("\u00c9COLE", "\u00e9cole", "\u00e9cole", 1.0, 1.0),
        Arguments.of("a\u00a0b", "a b", "b", 1.0, 1.0),
        Arguments.of("the\u3000end", "end", "end", 1.0, 1.0),
        Arguments.of("\u00dcber-Mensch", "\u00fcbermensch", "\u00fcbermensch", 1.0, 1.0),
        Arguments.of("\u216b the", "\u216b", "\u217b", 1.0, 1.0),
        Arguments.of("\u5317\u4eac", "\u5317\u4eac", "\u5317\u4eac", 1.0, 1.0),
        Arguments.of("the \u03bb calculus", "\u03bb calculus", "\u03bb calculus", 1.0, 1.0),
        Arguments.of("\u00cdslenska", "\u00edslenska", "\u00edslenska", 1.0, 1.0),
        Arguments.of("\uff21 the", "\uff41", "\uff41", 1.0, 1.0),
        Arguments.of("\u0130stanbul", "i\u0307stanbul", "i\u0307stanbul", 1.0, 1.0),
        Arguments.of("\u00df", "SS", "\u00df", 0.0, 0.0),
        Arguments.of("\u03a3\u039f\u03a6\u039f\u03a3", "\u03c3\u03bf\u03c6\u03bf\u03c2", "\u03c3\u03bf\u03c6\u03bf\u03c2",
            1.0, 1.0));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\" vs \"{1}\"")
  @MethodSource("cases")
  void testOfficialScoring(String prediction, String gold, String normalized, double f1, double em) {
    assertThat(HotpotAnswerMetrics.normalize(prediction)).isEqualTo(normalized);
    assertThat(HotpotAnswerMetrics.f1(prediction, gold)).isCloseTo(f1, within(1e-12));
    assertThat(HotpotAnswerMetrics.exactMatch(prediction, gold)).isEqualTo(em);
  }

  @Test
  void testCaseCount() {
    assertThat(cases().count()).isGreaterThanOrEqualTo(30);
  }

  @Test
  void testF1IsSymmetricInPrecisionAndRecall() {
    assertThat(HotpotAnswerMetrics.f1("a b c d", "b"))
        .isCloseTo(HotpotAnswerMetrics.f1("b", "a b c d"), within(1e-12))
        .isCloseTo(2 * (1.0 / 3) * 1 / (1.0 / 3 + 1), within(1e-12));
  }
}
