package io.clarq.datasets.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.testing.SharedData;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/** Fingerprints of the released ClarQ-LLM tasks (counts from docs/protocol/clarq-llm.md §1, texts from the files). */
class ClarqLlmTasksTest {
  private static Path tasksDir() {
    return SharedData.require("clarq-llm/tasks");
  }

  private static Map<Integer, Integer> histogram(Collection<ClarqTask> tasks, ToIntFunction<ClarqTask> f) {
    Map<Integer, Integer> h = new TreeMap<>();
    tasks.forEach(t -> h.merge(f.applyAsInt(t), 1, Integer::sum));
    return h;
  }

  @Test
  void testEnglishFingerprint() {
    TaskSet tasks = ClarqLlmTasks.load(tasksDir(), Language.ENGLISH);
    assertThat(tasks.size()).isEqualTo(310);
    List<ClarqTask> test = tasks.split(Split.TEST);
    assertThat(test).hasSize(260);
    assertThat(tasks.split(Split.DEV)).hasSize(50);
    assertThat(histogram(test, t -> t.tree().size()))
        .containsExactly(entry(2, 1), entry(3, 40), entry(4, 102), entry(5, 83), entry(6, 34));
    assertThat(histogram(test, t -> t.tree().maxDepth()))
        .containsExactly(entry(1, 141), entry(2, 100), entry(3, 17), entry(4, 2));
    assertThat(test.stream().mapToInt(t -> t.tree().size()).sum()).isEqualTo(1149);

    ClarqTask first = tasks.tasks().get(0);
    assertThat(first.id()).isEqualTo(new TaskId(1, 0));
    assertThat(first.typeName()).isEqualTo("Gather Resources");
    assertThat(first.tree().root().text()).isEqualTo("You can go to the mine to dig for rubies.");
    assertThat(first.tree().nodes()).extracting(n -> n.id().toString())
        .containsExactly("0", "1", "1.1", "1.1.1", "2", "3");
    assertThat(first.tree().goldNodes().get(4).text())
        .isEqualTo("You should use an excavator to dig, because the rubies are buried deep underground.");
    assertThat(first.tree().goldNodes().get(0).purpose()).get().asString()
        .startsWith("The previous responses from Jax did not explain how to enter the mine.");
    assertThat(first.briefing().role()).isEqualTo("adventurer");
    assertThat(first.briefing().task()).isEqualTo("collect rubies");
    assertThat(first.briefing().items()).containsExactly("An air sucker");

    ClarqTask lastTest = test.get(test.size() - 1);
    assertThat(lastTest.id().toString()).isEqualTo("26.9");
    assertThat(lastTest.tree().goldNodes().get(lastTest.tree().size() - 1).text()).startsWith(
        "You can only use the Sky Video Splicing software to splice the videos because Flash Video Splicing");

    ClarqTask last = tasks.tasks().get(309);
    assertThat(last.id().toString()).isEqualTo("31.9");
    assertThat(last.typeName()).isEqualTo("Magic Task");
    assertThat(last.tree().nodes()).extracting(n -> n.id().toString())
        .containsExactly("0", "1", "2", "2.1", "2.2", "3");
    assertThat(last.tree().node(NodeId.parse("3")).text()).isEqualTo("Wind elves only appear in Illusionary Realm of Space.");
    assertThat(last.tree().goldNodes()).extracting(ResponseNode::purpose).allMatch(p -> p.isEmpty());
  }

  @Test
  void testChineseFingerprintMatchesEnglishShapes() {
    TaskSet zh = ClarqLlmTasks.load(tasksDir().resolve("Chinese"), Language.CHINESE);
    TaskSet en = ClarqLlmTasks.load(tasksDir(), Language.ENGLISH);
    assertThat(zh.size()).isEqualTo(310);
    assertThat(histogram(zh.tasks(), t -> t.tree().size()))
        .containsExactly(entry(2, 1), entry(3, 56), entry(4, 123), entry(5, 95), entry(6, 35));
    assertThat(histogram(zh.tasks(), t -> t.tree().maxDepth()))
        .containsExactly(entry(1, 166), entry(2, 124), entry(3, 18), entry(4, 2));
    for (ClarqTask t : zh.tasks()) {
      assertThat(t.tree().nodes()).extracting(ResponseNode::id)
          .as("tree of %s", t.id())
          .isEqualTo(en.get(t.id()).tree().nodes().stream().map(ResponseNode::id).toList());
    }
    assertThat(zh.tasks().get(0).tree().root().text()).isEqualTo("你可以到矿山去挖掘红宝石。");
    assertThat(zh.get(TaskId.parse("31.9")).tree().node(NodeId.parse("3")).text()).isEqualTo("风精灵只出现在空间幻境中。");
    assertThat(zh.get(TaskId.parse("1.0")).briefing().role()).isEqualTo("冒险者");
  }

  @Test
  void testStripsJaxPrefixAndSurroundingWhitespace() {
    TaskSet en = ClarqLlmTasks.load(tasksDir(), Language.ENGLISH);
    assertThat(en.tasks()).allSatisfy(t -> assertThat(t.tree().nodes()).allSatisfy(n -> {
      assertThat(n.text()).doesNotStartWithIgnoringCase("jax:");
      assertThat(n.text()).isEqualTo(n.text().strip());
    }));
  }
}
