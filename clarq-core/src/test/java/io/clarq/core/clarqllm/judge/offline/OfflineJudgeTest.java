package io.clarq.core.clarqllm.judge.offline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline judge says "match" only when one leftover line restates the gold line. */
class OfflineJudgeTest {
  private final OfflineJudge judge = new OfflineJudge();

  private Verdict ask(Language language, String gold, String... generated) {
    return judge.judge(new JudgeQuestion(language, gold, "a purpose", List.of(generated))).orElseThrow();
  }

  @Test
  void testARestatedLineMatches() {
    // content terms: henry, work, wander, circu, find: all five in the second line (works/working -> work; the
    // suffix cut is crude, circus -> circu, but the same on both sides)
    Verdict v = ask(Language.ENGLISH, "henry works at the wandering circus, you can find him there",
        "you are overthinking it", "henry is working at the wandering circus; go find him");
    assertThat(v.isMatch()).as(v.analysis()).isTrue();
    assertThat(v.analysis()).contains("leftover line 2 holds 1.00");
  }

  @Test
  void testAReassuranceNamingThePlaceIsNotEnough() {
    // GPT-4o said "match" here; the strict judge does not (3 of 5 content terms: henry, wander, circu)
    Verdict v = ask(Language.ENGLISH, "henry works at the wandering circus, you can find him there",
        "you are overthinking it; just go directly to the wandering circus and talk to henry to borrow the horse");
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.NO_MATCH);
    assertThat(v.analysis()).contains("holds 0.60").contains("needs 0.80 of 5 content terms");
  }

  @Test
  void testEveryNumberOfTheGoldLineMustBeThere() {
    Verdict v = ask(Language.ENGLISH, "the guard changes at 8 o'clock", "the guard changes at 9 o'clock");
    assertThat(v.isMatch()).isFalse();
    assertThat(ask(Language.ENGLISH, "the guard changes at 8 o'clock", "at 8 o'clock the guard changes").isMatch())
        .isTrue();
  }

  @Test
  void testChineseUsesCharacterBigrams() {
    // gold bigrams 只有 有昆 昆仑 仑山 山有 有灵 灵石: all 7 in the first line; the second holds 只有 有昆 昆仑 仑山
    // 灵石, 5 of 7 = 0.71, below 0.8
    assertThat(ask(Language.CHINESE, "只有昆仑山有灵石", "记住，只有昆仑山有灵石。").isMatch()).isTrue();
    assertThat(ask(Language.CHINESE, "只有昆仑山有灵石", "灵石只有昆仑山才有").isMatch()).isFalse();
    assertThat(ask(Language.CHINESE, "电阻可以在商店买到", "你直接前往电器商店购买所需的电阻即可，不需要担心").isMatch())
        .isFalse();
  }

  @Test
  void testNoLeftoverContentIsANo() {
    assertThat(ask(Language.ENGLISH, "the key is under the mat", "goodbye").outcome())
        .isEqualTo(Verdict.Outcome.NO_MATCH);
    assertThat(ask(Language.ENGLISH, "it is so", "it is so").analysis()).contains("no content term");
  }

  @Test
  void testNameAndSettings() {
    assertThat(judge.name()).isEqualTo("offline");
    assertThat(new OfflineJudge(0.5).name()).isEqualTo("offline (coverage 0.50)");
    assertThatThrownBy(() -> new OfflineJudge(0)).hasMessageContaining("illegal offline judge coverage 0.0");
    assertThat(OfflineJudge.terms("The Wandering Circus's horses", Language.ENGLISH))
        .containsExactly("wander", "circu", "hors");
  }
}
