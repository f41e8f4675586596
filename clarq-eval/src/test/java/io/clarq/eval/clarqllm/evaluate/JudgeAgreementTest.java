package io.clarq.eval.clarqllm.evaluate;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import org.junit.jupiter.api.Test;

/**
 * The offline judge against the reference GPT-4o judge's 560 recorded verdicts (11 "match": 7 English, 4 Chinese,
 * as the data's README and the issue count them). Strict means it never says "match" where GPT-4o said "no".
 */
class JudgeAgreementTest {
  @Test
  void testOfflineJudgeIsStrictOnTheRecordedVerdicts() throws Exception {
    JudgeAgreement a = JudgeAgreement.measure(new OfflineJudge(),
        VerdictFile.read(SharedData.require("clarq-llm/judge-verdicts.jsonl")));
    assertThat(a.judge()).isEqualTo("offline");
    assertThat(a.all().verdicts()).isEqualTo(560);
    assertThat(a.all().matches()).isEqualTo(11);
    assertThat(a.byLanguage().get(Language.ENGLISH).matches()).isEqualTo(7);
    assertThat(a.byLanguage().get(Language.CHINESE).matches()).isEqualTo(4);
    assertThat(a.all().unanswered()).isZero();
    assertThat(a.all().falseMatches()).isZero();
    // with no false match, every disagreement is a recorded "match" it did not grant
    assertThat(a.all().agreed()).isEqualTo(560 - 11 + a.all().matchesAgreed());
  }
}
