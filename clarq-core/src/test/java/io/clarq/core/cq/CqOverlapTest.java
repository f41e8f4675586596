package io.clarq.core.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CqOverlapTest {
  @Test
  void testTokenizerLowersAndDropsApostrophesAndPunctuation() {
    assertThat(OverlapTokens.tokenize("Barack Obama's family-tree?")).containsExactly("barack", "obamas", "family",
        "tree");
    assertThat(OverlapTokens.tokenize("  ")).isEmpty();
    assertThat(OverlapTokens.tokenize("I\u2019m in Zürich, 2020")).containsExactly("im", "in", "zürich", "2020");
  }

  @Test
  void testTemplateWordsStripTheLongestOpeningOnly() {
    TemplateWords tw = TemplateWords.DEFAULT;
    assertThat(tw.strip(OverlapTokens.tokenize("Would you like to know the cost?"))).containsExactly("the", "cost");
    assertThat(tw.strip(OverlapTokens.tokenize("would you like a map"))).containsExactly("a", "map");
    assertThat(tw.strip(OverlapTokens.tokenize("do you want to know about tax"))).containsExactly("tax");
    assertThat(tw.strip(OverlapTokens.tokenize("what kind of appraisal are you looking for")))
        .containsExactly("what", "kind", "of", "appraisal", "are", "you", "looking", "for");
    assertThat(tw.strip(OverlapTokens.tokenize("are you looking"))).containsExactly("are", "you", "looking");
  }

  @Test
  void testReportScoresWithAndWithoutTemplateWords() {
    OverlapReport r = CqOverlap.report(List.of("Are you looking for homes for sale?"),
        List.of("are you interested in a list of homes for sale"));
    assertThat(r.withTemplateWords().items()).isEqualTo(1);
    assertThat(r.withTemplateWords().rougeL()).isCloseTo(61.0 / 107, within(1e-12));
    // without templates: "homes for sale" vs "a list of homes for sale": LCS 3, P 1, R 1/2 -> 1.22 / 1.94
    assertThat(r.withoutTemplateWords().rougeL()).isCloseTo(61.0 / 97, within(1e-12));
    // corpus BLEU: unigram 3/3, bigram 2/2, trigram 1/1, no 4-gram in a 3-token hypothesis -> 0 (unsmoothed)
    assertThat(r.withoutTemplateWords().corpusBleu4()).isZero();
    // sentence BLEU: 1 * 1 * 1 * (0+1)/(0+1), BP exp(1 - 6/3)
    assertThat(r.withoutTemplateWords().sentenceBleu4()).isCloseTo(Math.exp(-1.0), within(1e-12));
  }

  @Test
  void testFacetWordsAndMissingWords() {
    FacetRequest fr = new FacetRequest("231", "123", "What is von Willebrand Disease?", "treatments Types types");
    assertThat(fr.facetWords()).containsExactly("treatments", "types");
    assertThat(QuestionCandidate.missingWords(fr.facetWords(), "Which types of treat?"))
        .containsExactly("treatments");
    assertThat(QuestionCandidate.missingWords(fr.facetWords(), "Which type of treatment?")).isEmpty();
    assertThat(QuestionCandidate.missingWords(List.of("boxes", "car"), "a box or cars")).isEmpty();
    assertThat(QuestionCandidate.missingWords(List.of("car"), "cart")).containsExactly("car");
  }
}
