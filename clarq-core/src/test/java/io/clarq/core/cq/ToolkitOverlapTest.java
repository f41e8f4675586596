package io.clarq.core.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.testing.Regressions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sacreBLEU's 13a BLEU and rouge-score's ROUGE-L, on small cases worked out by hand (in the comments). */
class ToolkitOverlapTest {
  @Test
  void testTokenizer13a() {
    // "?" is one of the symbols set apart; the apostrophe and a hyphen between letters are not; case is kept
    assertThat(Tokenizer13a.tokenize("Are you looking for Obama's family-tree?"))
        .containsExactly("Are", "you", "looking", "for", "Obama's", "family-tree", "?");
    // "$" and "%" set apart; "," and "." stay inside numbers and are split off elsewhere
    assertThat(Tokenizer13a.tokenize("It costs $3,000.50, or 4.5%."))
        .containsExactly("It", "costs", "$", "3,000.50", ",", "or", "4.5", "%", ".");
    // a dash after a digit is split
    assertThat(Tokenizer13a.tokenize("1990-2000 pre-war")).containsExactly("1990", "-", "2000", "pre-war");
    // entities unescaped first; line breaks are spaces
    assertThat(Tokenizer13a.tokenize("&quot;hi&quot;\nthere")).containsExactly("\"", "hi", "\"", "there");
    assertThat(Tokenizer13a.tokenize("  ")).isEmpty();
  }

  @Test
  void testRougeScoreTokens() {
    // lower case; everything but a-z0-9 separates, so the apostrophe and the umlaut split words
    assertThat(RougeScoreTokens.tokenize("Barack Obama's family-tree? Zürich 2020"))
        .containsExactly("barack", "obama", "s", "family", "tree", "z", "rich", "2020");
    assertThat(RougeScoreTokens.tokenize("?!")).isEmpty();
  }

  @Test
  void testSacreBleuSentenceAndCorpus() {
    // the cat sat on the mat / the cat sat on a mat: precisions 5/6, 3/5, 2/4, 1/3, BP 1 -> (1/12)^(1/4)
    double expected = Math.pow(1.0 / 12, 0.25);
    assertThat(SacreBleu.sentence("the cat sat on the mat", "the cat sat on a mat").bleu())
        .isCloseTo(expected, within(1e-12));
    // exp smoothing: a b c d / a b e d: 3/4, 1/3, then 0/2 -> 1/(2*2), 0/1 -> 1/(4*1): (1/64)^(1/4)
    assertThat(SacreBleu.corpus(List.of("a b c d"), List.of("a b e d")).bleu())
        .isCloseTo(Math.pow(1.0 / 64, 0.25), within(1e-12));
    // a b / a b c: no trigram in the hypothesis. Sentence (effective order 2): exp(1 - 3/2) * (1 * 1)^(1/2);
    // corpus (no effective order): 0
    assertThat(SacreBleu.sentence("a b", "a b c").bleu()).isCloseTo(Math.exp(-0.5), within(1e-12));
    assertThat(SacreBleu.corpus(List.of("a b"), List.of("a b c")).bleu()).isZero();
    // nothing shared, or an empty hypothesis: 0
    assertThat(SacreBleu.sentence("x y", "a b").bleu()).isZero();
    assertThat(SacreBleu.sentence("", "a b").bleu()).isZero();
    // corpus counts are summed before the precisions: (a b c d | a b e d) + (the cat sat on the mat | ... a mat)
    // unigrams 3+5 / 4+6, bigrams 1+3 / 3+5, trigrams 0+2 / 2+4, 4-grams 0+1 / 1+3, lengths 10 / 10
    assertThat(SacreBleu.corpus(List.of("a b c d", "the cat sat on the mat"),
        List.of("a b e d", "the cat sat on a mat")).bleu())
        .isCloseTo(Math.pow(8.0 / 10 * 4.0 / 8 * 2.0 / 6 * 1.0 / 4, 0.25), within(1e-12));
  }

  /** Every case of regressions/cq.json, table sacrebleu: what sacreBLEU itself gives (its score, in percent). */
  @Test
  void testSacreBleuAgreesWithSacreBleuItself() {
    Regressions sacre = Regressions.of("cq").table("sacrebleu");
    assertThat(sacre.runs()).isNotEmpty();
    for (String c : sacre.runs()) {
      List<String> hyps = List.of(sacre.text(c, "hypothesis").split("\\|"));
      List<String> refs = List.of(sacre.text(c, "reference").split("\\|"));
      double bleu = switch (sacre.text(c, "call")) {
        case "sentence" -> SacreBleu.sentence(hyps.get(0), refs.get(0)).bleu();
        case "corpus" -> SacreBleu.corpus(hyps, refs).bleu();
        default -> throw new IllegalArgumentException("regressions/cq.json: unknown call for " + c);
      };
      sacre.assertFigure(c, "BLEU", 100 * bleu);
    }
  }

  @Test
  void testConventionsOnOnePair() {
    List<String> hyp = List.of("Are you looking for Obama's family?");
    List<String> ref = List.of("are you interested in obamas family tree");
    // rouge-score tokens: are you looking for obama s family (7) / are you interested in obamas family tree (7):
    // LCS are, you, family = 3 -> P = R = F = 3/7
    assertThat(OverlapConvention.TOOLKITS.scores(hyp, ref).rougeL()).isCloseTo(3.0 / 7, within(1e-12));
    // clarq tokens: are you looking for obamas family (6) / (7): LCS 4, P 4/6, R 4/7, F with beta 1.2
    double p = 4.0 / 6;
    double r = 4.0 / 7;
    assertThat(OverlapConvention.CLARQ.scores(hyp, ref).rougeL())
        .isCloseTo(2.44 * p * r / (r + 1.44 * p), within(1e-12));
    assertThat(OverlapConvention.TOOLKITS.scores(hyp, ref).convention()).isEqualTo(OverlapConvention.TOOLKITS);
  }

  @Test
  void testToolkitReportWithAndWithoutTemplateWords() {
    OverlapReport r = CqOverlap.report(List.of("Are you looking for homes for sale?"),
        List.of("are you interested in a list of homes for sale"), TemplateWords.DEFAULT, OverlapConvention.TOOLKITS);
    // 13a tokens: Are you looking for homes for sale ? (8) / are you interested in a list of homes for sale (10);
    // "Are" is not "are". Unigrams you, for, homes, sale: 4/8; bigrams homes for, for sale: 2/7; trigram homes for
    // sale: 1/6; 4-grams 0/5 -> 1/(2*5); BP exp(1 - 10/8)
    assertThat(r.withTemplateWords().corpusBleu4())
        .isCloseTo(Math.exp(-0.25) * Math.pow(4.0 / 8 * 2.0 / 7 * 1.0 / 6 * 1.0 / 10, 0.25), within(1e-12));
    // without the openings: " homes for sale?" / " a list of homes for sale": rouge-score LCS 3, P 1, R 1/2 -> 2/3
    assertThat(r.withoutTemplateWords().rougeL()).isCloseTo(2.0 / 3, within(1e-12));
  }

  @Test
  void testStripTextMatchesTheTokenStrip() {
    TemplateWords tw = TemplateWords.DEFAULT;
    assertThat(tw.stripText("Would you like to know, the cost?")).isEqualTo(", the cost?");
    assertThat(tw.stripText("Are you interested in Obama's family")).isEqualTo(" Obama's family");
    assertThat(tw.stripText("What kind of appraisal are you looking for")).isEqualTo(
        "What kind of appraisal are you looking for");
    for (String t : List.of("Would you like to know, the cost?", "DO YOU WANT tax forms", "do you", "",
        "are you looking for's sake", "Did you mean Zürich?")) {
      assertThat(OverlapTokens.tokenize(tw.stripText(t))).as(t).isEqualTo(tw.strip(OverlapTokens.tokenize(t)));
    }
  }
}
