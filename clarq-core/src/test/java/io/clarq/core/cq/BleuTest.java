package io.clarq.core.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Worked examples computed by hand; the expected values are written as the arithmetic the hand computation did. */
class BleuTest {
  private static List<String> t(String text) {
    return OverlapTokens.tokenize(text);
  }

  @Test
  void testSentenceBleuWorkedExampleShortHypothesis() {
    // hyp 7 tokens, ref 10: unigram 5/7 ("for" clipped to 1), bigram 3/6 -> (3+1)/(6+1), trigram 1/5 -> 2/6,
    // 4-gram 0/4 -> 1/5; BP = exp(1 - 10/7)
    BleuScore s = Bleu.sentence(t("Are you looking for homes for sale?"),
        t("are you interested in a list of homes for sale"));
    assertThat(s.matches()).containsExactly(5L, 3L, 1L, 0L);
    assertThat(s.totals()).containsExactly(7L, 6L, 5L, 4L);
    assertThat(s.brevityPenalty()).isCloseTo(Math.exp(-3.0 / 7), within(1e-12));
    double expected = Math.exp(-3.0 / 7) * Math.pow((5.0 / 7) * (4.0 / 7) * (2.0 / 6) * (1.0 / 5), 0.25);
    assertThat(s.bleu()).isCloseTo(expected, within(1e-12));
    assertThat(s.bleu()).isCloseTo(0.2646, within(1e-4));
  }

  @Test
  void testSentenceBleuWorkedExampleLongHypothesisHasNoPenalty() {
    // unigram 4/6, bigram 3/5 -> 4/6, trigram 2/4 -> 3/5, 4-gram 1/3 -> 2/4; c 6 > r 5 so BP 1
    BleuScore s = Bleu.sentence(t("are you looking for a map"), t("are you looking for directions"));
    assertThat(s.brevityPenalty()).isEqualTo(1.0);
    assertThat(s.bleu()).isCloseTo(Math.pow(2.0 / 15, 0.25), within(1e-12));
    assertThat(s.precision(2)).isCloseTo(3.0 / 5, within(1e-12));
  }

  @Test
  void testSentenceBleuEdgeCases() {
    assertThat(Bleu.sentence(t("do you want to know the cost"), t("do you want to know the cost")).bleu())
        .isEqualTo(1.0);
    assertThat(Bleu.sentence(List.of(), t("a b c")).bleu()).isZero();
    assertThat(Bleu.sentence(t("x y z"), t("a b c")).bleu()).isZero();
  }

  @Test
  void testCorpusBleuWorkedExample() {
    // pair 1 matches all its n-grams (7/7, 6/6, 5/5, 4/4); pair 2 as above unsmoothed (4/6, 3/5, 2/4, 1/3).
    // Summed: 11/13, 9/11, 7/9, 5/7, whose product telescopes to 5/13; c 13, r 14 so BP = exp(1 - 14/13).
    BleuScore s = Bleu.corpus(
        List.of(t("do you want to know the cost"), t("are you looking for a map")),
        List.of(t("do you want to know the cost of living"), t("are you looking for directions")));
    assertThat(s.matches()).containsExactly(11L, 9L, 7L, 5L);
    assertThat(s.totals()).containsExactly(13L, 11L, 9L, 7L);
    assertThat(s.hypothesisLength()).isEqualTo(13);
    assertThat(s.referenceLength()).isEqualTo(14);
    assertThat(s.bleu()).isCloseTo(Math.exp(-1.0 / 13) * Math.pow(5.0 / 13, 0.25), within(1e-12));
    assertThat(s.bleu()).isCloseTo(0.7292, within(1e-4));
  }

  @Test
  void testCorpusBleuIsZeroWithoutAFourGramMatchAndIsNotSmoothed() {
    BleuScore s = Bleu.corpus(List.of(t("are you looking maps")), List.of(t("are you looking for maps")));
    assertThat(s.matches().get(3)).isZero();
    assertThat(s.bleu()).isZero();
  }

  @Test
  void testCorpusBleuRejectsMismatchedLists() {
    assertThatThrownBy(() -> Bleu.corpus(List.of(t("a")), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 hypotheses, 0 references");
  }
}
