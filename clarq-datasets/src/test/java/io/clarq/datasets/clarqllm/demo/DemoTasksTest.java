package io.clarq.datasets.clarqllm.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.tree.ResponseNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fingerprint of the demo tasks: 10 per language, parallel shapes, depths 1-3, every gold line with a purpose. */
class DemoTasksTest {
  @Test
  void testFingerprint() {
    TaskSet en = DemoTasks.load(Language.ENGLISH);
    TaskSet zh = DemoTasks.load(Language.CHINESE);
    assertThat(en.size()).isEqualTo(10);
    assertThat(zh.size()).isEqualTo(10);
    assertThat(en.tasks().get(0).id()).hasToString("1.0");
    assertThat(en.tasks().get(9).id()).hasToString("1.9");
    assertThat(en.tasks().get(0).typeName()).isEqualTo("Village Errands");
    assertThat(en.tasks().stream().map(t -> t.tree().maxDepth()).distinct().sorted().toList())
        .containsExactly(1, 2, 3);
    assertThat(en.tasks().stream().mapToInt(t -> t.tree().size()).sum()).isEqualTo(34);
    for (int i = 0; i < 10; i++) {
      ClarqTask e = en.tasks().get(i);
      ClarqTask z = zh.tasks().get(i);
      assertThat(ids(z)).as("task %s", e.id()).isEqualTo(ids(e));
      assertThat(e.tree().goldNodes()).allSatisfy(n -> assertThat(n.purpose()).isPresent());
      assertThat(z.tree().goldNodes()).allSatisfy(n -> assertThat(Language.detect(n.text()))
          .isEqualTo(Language.CHINESE));
    }
  }

  @Test
  void testCopyFileWritesTheTaskFileThatLoadsAsTheDemo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path file = dir.resolve(DemoTasks.FILE);
    DemoTasks.copyFile(Language.CHINESE, file);
    assertThat(io.clarq.datasets.clarqllm.ClarqLlmTasks.loadFile(file, Language.CHINESE))
        .isEqualTo(DemoTasks.load(Language.CHINESE).tasks());
    // an existing file is not overwritten
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> DemoTasks.copyFile(Language.ENGLISH, file))
        .isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
  }

  private static List<String> ids(ClarqTask t) {
    return t.tree().nodes().stream().map(ResponseNode::id).map(Object::toString).toList();
  }
}
