package io.clarq.eval.clarqllm.evaluate;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerdictCacheJudgeTest {
  @TempDir Path tmp;

  private static final JudgeQuestion KNOWN = new JudgeQuestion(Language.ENGLISH, "use the shovel", "which tool",
      List.of("any tool"));
  private static final JudgeQuestion NEW = new JudgeQuestion(Language.ENGLISH, "the mine is north", "which mine",
      List.of("any tool"));
  private static final JudgeQuestion GARBLED = new JudgeQuestion(Language.CHINESE, "金", "用途", List.of("银"));

  @Test
  void testCacheFirstThenFallbackAppendingNewVerdicts() throws Exception {
    Path file = tmp.resolve("verdicts.jsonl");
    try (VerdictCacheJudge seed = VerdictCacheJudge.open(file, q -> Optional.of(Verdict.of(false, "seeded")))) {
      assertThat(seed.judge(KNOWN)).contains(Verdict.of(false, "seeded"));
    }
    List<JudgeQuestion> live = new ArrayList<>();
    Judge liveJudge = q -> {
      live.add(q);
      return Optional.of(q.equals(GARBLED) ? Verdict.unparsed("{match: maybe") : Verdict.of(true, "live"));
    };
    try (VerdictCacheJudge judge = VerdictCacheJudge.open(file, liveJudge)) {
      assertThat(judge.judge(KNOWN)).contains(Verdict.of(false, "seeded"));
      assertThat(judge.judge(NEW)).contains(Verdict.of(true, "live"));
      assertThat(judge.judge(NEW)).contains(Verdict.of(true, "live"));
      assertThat(judge.judge(GARBLED)).contains(Verdict.unparsed("{match: maybe"));
      assertThat(judge.judge(GARBLED)).contains(Verdict.unparsed("{match: maybe"));
      assertThat(live).containsExactly(NEW, GARBLED, GARBLED);
      assertThat(judge.hits()).isEqualTo(2);
      assertThat(judge.misses()).isEqualTo(3);
      assertThat(judge.appended()).isEqualTo(1);
    }
    assertThat(VerdictFile.read(file)).extracting(VerdictRecord::question).containsExactly(KNOWN, NEW);
  }

  @Test
  void testMissWithoutJudgeStaysUnanswered() throws Exception {
    VerdictCacheJudge judge = VerdictCacheJudge.of(
        List.of(VerdictRecord.of(KNOWN, Verdict.of(true, "yes"))), Judge.none());
    assertThat(judge.judge(KNOWN)).contains(Verdict.of(true, "yes"));
    assertThat(judge.judge(NEW)).isEmpty();
    assertThat(judge.size()).isEqualTo(1);
  }
}
