package io.clarq.core.clarqllm.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskTypesTest {
  @Test
  void testTaskIdParseOrderAndSplit() {
    assertThat(TaskId.parse(" 3.2 ")).isEqualTo(new TaskId(3, 2));
    assertThat(new TaskId(3, 2)).hasToString("3.2");
    assertThat(new TaskId(2, 9)).isLessThan(new TaskId(10, 0));
    assertThat(new TaskId(26, 9).split()).isEqualTo(Split.TEST);
    assertThat(new TaskId(27, 0).split()).isEqualTo(Split.DEV);
    assertThatThrownBy(() -> TaskId.parse("3")).hasMessage("illegal task id \"3\": expected <type>.<index>, e.g. 3.2");
    assertThatThrownBy(() -> TaskId.parse("3.x")).hasMessageContaining("illegal task id \"3.x\"");
    assertThatThrownBy(() -> new TaskId(32, 0)).hasMessage("illegal task type 32: must be 1-31");
    assertThatThrownBy(() -> new TaskId(1, 10)).hasMessage("illegal task index 10: must be 0-9");
  }

  @Test
  void testSplit() {
    assertThat(Split.parse("Test")).isEqualTo(Split.TEST);
    assertThat(Split.DEV.contains(31)).isTrue();
    assertThatThrownBy(() -> Split.parse("train")).hasMessage("unknown split \"train\": expected test or dev");
    assertThatThrownBy(() -> Split.ofType(0)).hasMessage("illegal task type 0: must be 1-31");
  }

  @Test
  void testLanguageDetectionIsTheReferenceRule() {
    assertThat(Language.detect("You can go to the mine.")).isEqualTo(Language.ENGLISH);
    assertThat(Language.detect("你可以到矿山去挖掘红宝石。")).isEqualTo(Language.CHINESE);
    // at least as many ideographs as ASCII letters: a tie is Chinese, an empty text too
    assertThat(Language.detect("用Ab挖掘")).isEqualTo(Language.CHINESE);
    assertThat(Language.detect("用Abc挖")).isEqualTo(Language.ENGLISH);
    assertThat(Language.detect("")).isEqualTo(Language.CHINESE);
    assertThat(Language.parse("ZH")).isEqualTo(Language.CHINESE);
    assertThat(Language.parse("english")).isEqualTo(Language.ENGLISH);
    assertThatThrownBy(() -> Language.parse("fr")).hasMessageContaining("unknown language \"fr\"");
  }

  @Test
  void testReferenceTextRules() {
    assertThat(ReferenceText.strip("\u00A0\u3000 text \t\n")).isEqualTo("text");
    assertThat("\u00A0text".strip()).isEqualTo("\u00A0text"); // why ReferenceText.strip exists
    assertThat(ReferenceText.stripSpeaker("JAX:   Go north. ")).isEqualTo("Go north.");
    assertThat(ReferenceText.stripSpeaker(" Jax: Go")).isEqualTo("Jax: Go");
    assertThat(ReferenceText.stripSpeaker("Jaxon said")).isEqualTo("Jaxon said");
    assertThat(ReferenceText.stripTrailingPunctuation("Really?!。，")).isEqualTo("Really");
    assertThat(ReferenceText.stripTrailingPunctuation("...")).isEmpty();
    assertThat(ReferenceText.length("挖😀")).isEqualTo(2);
  }

  @Test
  void testTaskSet() {
    ResponseTree tree = new ResponseTree(List.of(ResponseNode.of(NodeId.ROOT, "Go.", null),
        ResponseNode.of(NodeId.parse("1"), "North.", "where")));
    Briefing b = new Briefing("miner", "dig", List.of(), List.of(), List.of());
    ClarqTask a = new ClarqTask(TaskId.parse("27.0"), Language.ENGLISH, "X", b, "", tree);
    ClarqTask c = new ClarqTask(TaskId.parse("2.0"), Language.ENGLISH, "Y", b, "", tree);
    TaskSet set = new TaskSet(Language.ENGLISH, List.of(a, c));
    assertThat(set.tasks()).containsExactly(c, a);
    assertThat(set.split(Split.DEV)).containsExactly(a);
    assertThat(set.ofType(2)).containsExactly(c);
    assertThatThrownBy(() -> set.get(TaskId.parse("1.0"))).hasMessage("no task 1.0 in this English task set");
    assertThatThrownBy(() -> new TaskSet(Language.ENGLISH, List.of(a, a))).hasMessageContaining("task 27.0 appears twice");
    assertThatThrownBy(() -> new TaskSet(Language.CHINESE, List.of(a))).hasMessageContaining("task 27.0 is ENGLISH");
    assertThatThrownBy(() -> new Briefing(" ", "dig", List.of(), List.of(), List.of()))
        .hasMessage("illegal briefing: role is blank");
  }
}
