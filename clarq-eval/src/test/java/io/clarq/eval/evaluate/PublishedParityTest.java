package io.clarq.eval.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.judge.Judge;
import io.clarq.core.metrics.ClarqSummary;
import io.clarq.core.testing.SharedData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The published runs scored with the published verdicts reproduce the paper's figures (expected values from the
 * issue and the paper, never from our own output).
 */
class PublishedParityTest {
  private static ClarqSummary score(String run, String language) throws Exception {
    Path file = SharedData.require("clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_" + run + ".json");
    Path tasks = SharedData.require("clarq-llm/tasks/" + language);
    Path verdicts = SharedData.require("clarq-llm/judge-verdicts.jsonl");
    try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(verdicts, Judge.none())) {
      ClarqSummary s = ClarqEvaluation.score(file, tasks, judge);
      assertThat(judge.hits()).isEqualTo(s.judgeCalls());
      return s;
    }
  }

  @Test
  void testChatEnglish() throws Exception {
    ClarqSummary s = score("provider.Chat.En", "English");
    assertThat(s.dialogues()).isEqualTo(260);
    assertThat(s.unjudged()).isEmpty();
    assertThat(s.success()).isCloseTo(0.1346, within(5e-5));
    assertThat(s.aqd()).isCloseTo(-1.1923, within(5e-5));
    assertThat(s.aql()).isCloseTo(50.0359, within(5e-5));
  }

  @Test
  void testCompletionChinese() throws Exception {
    ClarqSummary s = score("provider.Comp.Ch", "Chinese");
    assertThat(s.dialogues()).isEqualTo(260);
    assertThat(s.unjudged()).isEmpty();
    assertThat(s.success()).isCloseTo(0.5077, within(5e-5));
    assertThat(s.aqd()).isCloseTo(0.2154, within(5e-5));
    assertThat(s.aql()).isCloseTo(129.8562, within(5e-5));
  }

  @Test
  void testOtherRuns() throws Exception {
    for (String[] r : new String[][] {{"provider.Comp.En", "English"}, {"provider.Chat.Ch", "Chinese"},
        {"multi_info_provider.Comp.En", "English"}, {"multi_info_provider.Comp.Ch", "Chinese"}}) {
      ClarqSummary s = score(r[0], r[1]);
      assertThat(s.dialogues()).as(r[0]).isEqualTo(260);
      assertThat(s.unjudged()).as(r[0]).isEmpty();
    }
  }
}
