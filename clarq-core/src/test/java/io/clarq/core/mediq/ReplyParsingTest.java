package io.clarq.core.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The reference's reading rules, each with the quirk it keeps (expected values worked out from expert_basics.py). */
class ReplyParsingTest {
  private static final Map<String, String> OPTIONS = new LinkedHashMap<>();

  static {
    OPTIONS.put("A", "Herpes");
    OPTIONS.put("B", "Syphilis");
    OPTIONS.put("C", "Chancroid");
    OPTIONS.put("D", "Lymphogranuloma venereum");
  }

  @Test
  void testChoiceLooksForOptionTextBeforeALetterLineByLine() {
    assertThat(ReplyParsing.choice("  C \n", OPTIONS)).contains("C");
    assertThat(ReplyParsing.choice("The answer is (B).", OPTIONS)).contains("B");
    assertThat(ReplyParsing.choice("probably syphilis, so D", OPTIONS)).contains("B");
    // a reason starting with "A" is read as option A before the answer line is reached
    assertThat(ReplyParsing.choice("REASON: A key finding is the ulcer.\nANSWER: C", OPTIONS)).contains("A");
    assertThat(ReplyParsing.choice("I cannot tell yet", OPTIONS)).isEmpty();
  }

  @Test
  void testQuestionIsTheLastLineWithAQuestionMarkAfterItsLastColon() {
    assertThat(ReplyParsing.question("Regarding the pain: where exactly is it located?"))
        .contains("where exactly is it located?");
    assertThat(ReplyParsing.question("ATOMIC QUESTION: What is the patient's blood pressure?"))
        .contains("What is the patients blood pressure?");
    assertThat(ReplyParsing.question("\"Do you smoke?\"\nOr: do you drink?")).contains("do you drink?");
    assertThat(ReplyParsing.question("No question here.")).isEmpty();
  }

  @Test
  void testYesNoCountsNoInsideOtherWordsAndBothIsYes() {
    assertThat(ReplyParsing.yesNo("YES")).isEqualTo(new ReplyParsing.Parsed<>(true, true));
    assertThat(ReplyParsing.yesNo("No.")).isEqualTo(new ReplyParsing.Parsed<>(false, true));
    assertThat(ReplyParsing.yesNo("I do not know")).isEqualTo(new ReplyParsing.Parsed<>(false, true));
    assertThat(ReplyParsing.yesNo("it is not ambiguous\nDECISION: YES")).isEqualTo(
        new ReplyParsing.Parsed<>(true, false));
    assertThat(ReplyParsing.yesNo("maybe")).isEqualTo(new ReplyParsing.Parsed<>(false, false));
  }

  @Test
  void testConfidenceIsTheLastDecimalNumberElseTheRandomFallback() {
    SplittableRandom r = new SplittableRandom(1);
    assertThat(ReplyParsing.confidence("Confidence: 0.85", r)).isEqualTo(new ReplyParsing.Parsed<>(0.85, true));
    assertThat(ReplyParsing.confidence("between 0.2 and 0.65", r).value()).isEqualTo(0.65);
    ReplyParsing.Parsed<Double> fallback = ReplyParsing.confidence("80%", r);
    assertThat(fallback.parsed()).isFalse();
    assertThat(fallback.value()).isBetween(0.0, 0.4);
    assertThat(Math.round(fallback.value() * 10000) / 10000.0).isEqualTo(fallback.value());
  }

  @Test
  void testLikertRatings() {
    assertThat(ReplyParsing.likert("Very Confident").value()).isEqualTo(5);
    assertThat(ReplyParsing.likert("DECISION: Somewhat Unconfident.").value()).isEqualTo(2);
    assertThat(ReplyParsing.likert("Neither Confident or Unconfident").value()).isEqualTo(3);
    assertThat(ReplyParsing.likert("Unsure")).isEqualTo(new ReplyParsing.Parsed<>(0, false));
  }

  @Test
  void testPythonStripAndSplitlines() {
    assertThat(PyText.strip("\u00a0 x \u2003")).isEqualTo("x");
    assertThat(PyText.splitlines("1. a\r\n2. b\n\n3. c\n")).containsExactly("1. a", "2. b", "", "3. c");
    assertThat(PyText.splitlines("")).isEmpty();
  }
}
