package io.clarq.core.clarqllm.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.metrics.GoldMatch.Found;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Outcome;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Stage;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClarqMetricsTest {
  static ClarqTask task(String id, String... idTextPurpose) {
    List<ResponseNode> nodes = new ArrayList<>();
    for (int i = 0; i < idTextPurpose.length; i += 3) {
      nodes.add(ResponseNode.of(NodeId.parse(idTextPurpose[i]), idTextPurpose[i + 1], idTextPurpose[i + 2]));
    }
    Language lang = Language.detect(idTextPurpose[1]);
    return new ClarqTask(TaskId.parse(id), lang, "Test", new Briefing("miner", "dig", List.of(), List.of(),
        List.of()), "", new ResponseTree(nodes));
  }

  static final ClarqTask MINE = task("1.0",
      "0", "Go to the mine.", null,
      "1", "Use the shovel.", "which tool",
      "1.1", "The mine is north.", "which mine");

  static Dialogue dialogue(String... lines) {
    return Dialogue.ofLines(List.of(lines), EndReason.UNKNOWN);
  }

  /** A judge answering from a map of gold line to verdict, recording what it was asked. */
  static final class ScriptedJudge implements Judge {
    final Map<String, Optional<Verdict>> answers;
    final List<JudgeQuestion> asked = new ArrayList<>();

    ScriptedJudge(Map<String, Optional<Verdict>> answers) {
      this.answers = answers;
    }

    @Override
    public Optional<Verdict> judge(JudgeQuestion q) {
      asked.add(q);
      return answers.getOrDefault(q.gold(), Optional.empty());
    }
  }

  @Test
  void testWholeLinesIgnoreTheSecondProviderLinePosition() throws Exception {
    SuccessBreakdown b = ClarqMetrics.success(MINE, dialogue("Jax: what can help you?", "How?",
        "Jax: Go to the mine.", "Tool?", "Jax: Use the shovel.", "Where?", "JAX:   The mine is north.  ", "Bye"),
        Judge.none());
    assertThat(b.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(b.decidedBy()).isEqualTo(Stage.WHOLE_LINES);
    assertThat(b.gold()).extracting(GoldMatch::found).containsExactly(Found.WHOLE_LINE, Found.WHOLE_LINE);
    assertThat(b.gold().get(1).providerLine()).hasValue(1);

    // a gold line said only at h[2] is dropped by position
    SuccessBreakdown early = ClarqMetrics.success(MINE, dialogue("Jax: hi", "How?", "Jax: Use the shovel.", "Where?",
        "Jax: The mine is north.", "Bye"), Judge.none());
    assertThat(early.outcome()).isEqualTo(Outcome.FAILURE);
    assertThat(early.decidedBy()).isEqualTo(Stage.NO_PROVIDER_LINE_LEFT);
    assertThat(early.gold()).extracting(GoldMatch::found).containsExactly(Found.LEFTOVER, Found.WHOLE_LINE);
  }

  @Test
  void testSubstringsIgnoreCaseAndTrailingPunctuationForEnglish() throws Exception {
    SuccessBreakdown b = ClarqMetrics.success(MINE, dialogue("Jax: hi", "How?", "Jax: Go to the mine.", "Tool?",
        "Jax: use the SHOVEL!! Also, the mine is north", "Thanks", "Jax: Have fun."), Judge.none());
    assertThat(b.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(b.decidedBy()).isEqualTo(Stage.SUBSTRINGS);
    assertThat(b.gold()).extracting(GoldMatch::found).containsExactly(Found.SUBSTRING, Found.SUBSTRING);
    assertThat(b.gold().get(0).gold()).isEqualTo("use the shovel");
    assertThat(b.leftoverProviderLines()).containsExactly("have fun");
  }

  @Test
  void testChineseIsNotLowerCased() throws Exception {
    ClarqTask zh = task("1.0", "0", "去矿山。", null, "1", "用Ab挖掘机。", "工具");
    assertThat(ClarqMetrics.success(zh, dialogue("Jax: 你好", "怎么办？", "Jax: 去矿山。", "用什么？", "Jax: 用ab挖掘机。"),
        Judge.none()).outcome()).isEqualTo(Outcome.UNJUDGED);
    assertThat(ClarqMetrics.success(zh, dialogue("Jax: 你好", "怎么办？", "Jax: 去矿山。", "用什么？", "Jax: 用Ab挖掘机"),
        Judge.none()).outcome()).isEqualTo(Outcome.SUCCESS);
  }

  private static final Dialogue VAGUE = dialogue("Jax: hi", "How?", "Jax: Go to the mine.", "Tool?",
      "Jax: Any tool will do.", "Where?", "Jax: Don't overthink it.", "Bye");

  @Test
  void testJudgeAskedPerLeftoverLineStoppingAtFirstNo() throws Exception {
    ScriptedJudge allYes = new ScriptedJudge(Map.of("use the shovel", Optional.of(Verdict.of(true, "ok")),
        "the mine is north", Optional.of(Verdict.of(true, "ok"))));
    SuccessBreakdown yes = ClarqMetrics.success(MINE, VAGUE, allYes);
    assertThat(yes.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(yes.decidedBy()).isEqualTo(Stage.JUDGE);
    assertThat(allYes.asked).extracting(JudgeQuestion::gold).containsExactly("use the shovel", "the mine is north");
    assertThat(allYes.asked.get(0)).isEqualTo(new JudgeQuestion(Language.ENGLISH, "use the shovel", "which tool",
        List.of("any tool will do", "don't overthink it")));

    ScriptedJudge firstNo = new ScriptedJudge(Map.of("use the shovel", Optional.of(Verdict.of(false, "no"))));
    SuccessBreakdown no = ClarqMetrics.success(MINE, VAGUE, firstNo);
    assertThat(no.outcome()).isEqualTo(Outcome.FAILURE);
    assertThat(firstNo.asked).hasSize(1);
    assertThat(no.judged()).hasSize(1);
  }

  @Test
  void testUnansweredQuestionsMakeTheDialogueUnjudgedNeverAFailure() throws Exception {
    SuccessBreakdown none = ClarqMetrics.success(MINE, VAGUE, Judge.none());
    assertThat(none.outcome()).isEqualTo(Outcome.UNJUDGED);
    assertThat(none.judged()).hasSize(2).noneMatch(JudgeCall::answered);

    ScriptedJudge unparsedThenYes = new ScriptedJudge(Map.of("use the shovel", Optional.of(Verdict.unparsed("{oops")),
        "the mine is north", Optional.of(Verdict.of(true, ""))));
    assertThat(ClarqMetrics.success(MINE, VAGUE, unparsedThenYes).outcome()).isEqualTo(Outcome.UNJUDGED);

    ScriptedJudge missThenNo = new ScriptedJudge(Map.of("the mine is north", Optional.of(Verdict.of(false, ""))));
    assertThat(ClarqMetrics.success(MINE, VAGUE, missThenNo).outcome()).isEqualTo(Outcome.FAILURE);
  }

  @Test
  void testTaskWithoutPurposesIsNotSentToTheJudge() throws Exception {
    ClarqTask dev = task("27.0", "0", "Go to the mine.", null, "1", "Use the shovel.", null);
    ScriptedJudge judge = new ScriptedJudge(Map.of());
    SuccessBreakdown b = ClarqMetrics.success(dev, dialogue("Jax: hi", "How?", "Jax: Go.", "Tool?", "Jax: Any."),
        judge);
    assertThat(b.outcome()).isEqualTo(Outcome.UNJUDGED);
    assertThat(judge.asked).isEmpty();
  }

  @Test
  void testEqualGoldLinesShareTheLaterPurpose() throws Exception {
    ClarqTask twice = task("2.0", "0", "Go.", null, "1", "Take the key.", "first", "2", "Take the key!", "second");
    ScriptedJudge judge = new ScriptedJudge(Map.of());
    ClarqMetrics.success(twice, dialogue("Jax: hi", "How?", "Jax: Go.", "Key?", "Jax: Hmm."), judge);
    assertThat(judge.asked).extracting(JudgeQuestion::purpose).containsExactly("second", "second");
  }

  @Test
  void testAqd() {
    assertThat(ClarqMetrics.aqd(MINE, VAGUE)).isEqualTo(2 + 1 - 3);
    assertThat(ClarqMetrics.aqd(MINE, dialogue("Jax: hi", "Bye"))).isEqualTo(-2);
  }

  @Test
  void testAqlCountsSpacesForEnglishAndCharactersForChinese() {
    QueryLength en = ClarqMetrics.aql(dialogue("Jax: hi", "  How  do I dig?\n", "Jax: Go.", "Don't know, bye"));
    assertThat(en.language()).isEqualTo(Language.ENGLISH);
    assertThat(en.seekerLines()).isEqualTo(2);
    assertThat(en.reference()).isCloseTo((4 + 2) / 2.0, within(1e-12));
    assertThat(en.words()).isCloseTo((4 + 3) / 2.0, within(1e-12));

    QueryLength zh = ClarqMetrics.aql(dialogue("Jax: 你好", "\u3000我要挖矿😀 ", "Jax: 去。", "OK bye"));
    assertThat(zh.language()).isEqualTo(Language.CHINESE);
    assertThat(zh.reference()).isCloseTo((5 + 6) / 2.0, within(1e-12));
    assertThat(zh.words()).isCloseTo((4 + 2) / 2.0, within(1e-12));
  }

  @Test
  void testSummaryCountsUnjudgedApart() throws Exception {
    List<DialogueScore> scores = List.of(
        ClarqMetrics.score(MINE, VAGUE, Judge.none()),
        ClarqMetrics.score(task("2.0", "0", "Go.", null, "1", "Take the key.", "k"),
            dialogue("Jax: hi", "How?", "Jax: Go.", "Key?", "Jax: Take the key."), Judge.none()),
        ClarqMetrics.score(task("2.1", "0", "Go.", null, "1", "Take the key.", "k"),
            dialogue("Jax: hi", "How?", "Jax: Go.", "Key?"), Judge.none()));
    ClarqSummary s = new ClarqSummary(scores);
    assertThat(s.dialogues()).isEqualTo(3);
    assertThat(s.unjudged()).extracting(DialogueScore::taskId).containsExactly(TaskId.parse("1.0"));
    assertThat(s.success()).isEqualTo(0.5);
    assertThat(s.successLowerBound()).isCloseTo(1 / 3.0, within(1e-12));
    assertThat(s.successUpperBound()).isCloseTo(2 / 3.0, within(1e-12));
    assertThat(s.aqd()).isCloseTo((0 + 0 - 1) / 3.0, within(1e-12));
    assertThat(s.judgeCalls()).isEqualTo(2);
    assertThat(s.byType()).containsOnlyKeys(1, 2);
    assertThat(s.byType().get(2).success()).isEqualTo(0.5);
  }
}
