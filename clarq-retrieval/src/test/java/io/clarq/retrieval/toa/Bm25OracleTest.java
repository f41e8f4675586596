package io.clarq.retrieval.toa;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import java.util.List;
import org.junit.jupiter.api.Test;

class Bm25OracleTest {
  private final Bm25Oracle oracle = new Bm25Oracle();

  private static OracleQuery q(String question, FlmExample e) {
    return OracleQuery.of(e.incompleteTask().exampleId(), question, e.candidates());
  }

  static FlmExample example() {
    return FlmExample.mask(new HotpotExample("e1", "Where was the director of Jaws born?", "Cincinnati", "bridge",
        "hard", List.of(new SupportingFact("Jaws", 0), new SupportingFact("Steven Spielberg", 0)),
        List.of(
            new Paragraph("Jaws", List.of("Jaws is a 1975 film directed by Steven Spielberg.")),
            new Paragraph("Steven Spielberg", List.of("Spielberg was born in Cincinnati.", " He directed films.")),
            new Paragraph("Ohio", List.of("Ohio is a state.", " Cincinnati is a city in Ohio.")))), 1);
  }

  @Test
  void testReturnsTheSentenceThatAnswers() {
    OracleAnswer a = oracle.answer(q("Where was Spielberg born?", example()));
    assertThat(a.status()).isEqualTo(OracleAnswer.Status.ANSWERED);
    assertThat(a.response().get().ref()).isEqualTo(example().maskedFact().ref());
    assertThat(a.raw()).matches("bm25 \\d+\\.\\d{4}, next \\d+\\.\\d{4}");
  }

  @Test
  void testStemmingAndStopWords() {
    // "directing" stems to "direct"; "the", "of" are stop words; "1975" only in the Jaws sentence
    List<Bm25Oracle.Ranked> ranked = oracle.rank(q("the directing of 1975", example()));
    assertThat(ranked.get(0).fact().title()).isEqualTo("Jaws");
    assertThat(ranked).extracting(r -> r.fact().rendered())
        .containsExactly("Jaws: Jaws is a 1975 film directed by Steven Spielberg.",
            "Steven Spielberg: He directed films.");
  }

  @Test
  void testTiesGoToContextOrder() {
    FlmExample twins = FlmExample.mask(new HotpotExample("t", "q", "a", "", "",
        List.of(new SupportingFact("P", 1)),
        List.of(new Paragraph("P", List.of("Same words here.", "Same words here.", "Other text.")))), 0);
    List<Bm25Oracle.Ranked> ranked = oracle.rank(q("same words", twins));
    assertThat(ranked).extracting(Bm25Oracle.Ranked::position).containsExactly(0, 1);
    assertThat(ranked.get(0).score()).isEqualTo(ranked.get(1).score());
    assertThat(oracle.answer(q("same words", twins)).response().get().sentenceIndex()).isZero();
  }

  @Test
  void testNoMatch() {
    assertThat(oracle.answer(q("the of and", example())).status()).isEqualTo(OracleAnswer.Status.NO_MATCH);
    assertThat(oracle.answer(q("zebra", example())).raw())
        .isEqualTo("no candidate shares an indexed term with the question");
    assertThat(oracle.answer(q("", example())).status()).isEqualTo(OracleAnswer.Status.NO_MATCH);
  }

  @Test
  void testDescribe() {
    assertThat(oracle.describe()).isEqualTo("offline-bm25(k1=1.2,b=0.75)");
  }
}
