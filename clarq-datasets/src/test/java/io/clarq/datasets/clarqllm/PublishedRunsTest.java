package io.clarq.datasets.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published results files: fingerprints of one run per language, and malformed files. */
class PublishedRunsTest {
  @TempDir Path tmp;

  private static Path run(String name) {
    return SharedData.require("clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider." + name + ".json");
  }

  @Test
  void testChatEnglishFingerprint() {
    PublishedRun run = PublishedRuns.load(run("Chat.En"));
    assertThat(run.name()).isEqualTo("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En");
    assertThat(run.language()).isEqualTo(Language.ENGLISH);
    assertThat(run.dialogues()).hasSize(260);
    assertThat(run.dialogues()).allMatch(d -> d.task().split() == Split.TEST);
    PublishedDialogue first = run.dialogues().get(0);
    assertThat(first.task().id().toString()).isEqualTo("1.0");
    assertThat(first.dialogue().endReason()).isEqualTo(EndReason.UNKNOWN);
    assertThat(first.dialogue().lines()).hasSize(12);
    assertThat(first.dialogue().lines().get(0)).isEqualTo("Jax: what can help you?");
    assertThat(first.dialogue().lines().get(2)).isEqualTo("Jax: You can go to the mine to dig for rubies.");
    assertThat(first.dialogue().seekerLines().get(0)).startsWith("Hello Jax, I'm on a quest to collect rubies");
    assertThat(run.dialogues().get(259).task().id().toString()).isEqualTo("26.9");
    // the seeker speaks last in every published dialogue: an even number of lines
    assertThat(run.dialogues()).allMatch(d -> d.dialogue().lines().size() % 2 == 0);
  }

  @Test
  void testTasksInResultsFileEqualTheTaskFiles() {
    TaskSet tasks = ClarqLlmTasks.load(SharedData.require("clarq-llm/tasks"), Language.CHINESE);
    PublishedRun run = PublishedRuns.load(run("Comp.Ch"));
    assertThat(run.language()).isEqualTo(Language.CHINESE);
    assertThat(run.dialogues()).hasSize(260);
    assertThat(run.dialogues()).allSatisfy(d -> {
      assertThat(d.task().tree()).isEqualTo(tasks.get(d.task().id()).tree());
      assertThat(d.task().briefing()).isEqualTo(tasks.get(d.task().id()).briefing());
    });
  }

  private Path resultsFile(java.util.function.Consumer<ObjectNode> editTask) throws IOException {
    ArrayNode types = TaskFiles.JSON.createArrayNode();
    for (int type = 1; type <= 31; type++) {
      ArrayNode tasks = types.addArray();
      for (int i = 0; i < 10; i++) {
        ObjectNode t = TaskFiles.task(type);
        t.put("all_response", "Jax: Go to the mine.\nJax: Use the shovel.\nJax: The mine is north.");
        t.set("gold_structure", TaskFiles.JSON.valueToTree(List.of("1", "1.1")));
        ArrayNode l2l = t.putArray("l2l");
        if (type <= 26) {
          l2l.add(TaskFiles.JSON.valueToTree(List.of("Jax: what can help you?", "How do I dig gold?",
              "Jax: Go to the mine.", "Goodbye")));
        } else {
          l2l.addArray();
        }
        l2l.addArray();
        if (type == 2 && i == 4) {
          editTask.accept(t);
        }
        tasks.add(t);
      }
    }
    Path file = tmp.resolve("run.Comp.En.json");
    TaskFiles.JSON.writeValue(file.toFile(), types);
    return file;
  }

  @Test
  void testSmallResultsFile() throws IOException {
    PublishedRun run = PublishedRuns.load(resultsFile(t -> {}));
    assertThat(run.name()).isEqualTo("run.Comp.En");
    assertThat(run.dialogues()).hasSize(260);
    assertThat(run.dialogues().get(0).dialogue().seekerLines()).containsExactly("How do I dig gold?", "Goodbye");
  }

  @Test
  void testGoldStructureCountMismatch() throws IOException {
    Path file = resultsFile(t -> t.set("gold_structure", TaskFiles.JSON.valueToTree(List.of("1"))));
    assertThatThrownBy(() -> PublishedRuns.load(file)).hasMessageContaining("run.Comp.En.json, task 2.4: "
        + "gold_structure has 1 node ids for 3 lines of all_response");
  }

  @Test
  void testUtteranceNotString() throws IOException {
    Path file = resultsFile(t -> ((ArrayNode) t.get("l2l").get(0)).set(1, TaskFiles.JSON.getNodeFactory().numberNode(3)));
    assertThatThrownBy(() -> PublishedRuns.load(file))
        .hasMessageContaining("run.Comp.En.json, task 2.4: l2l[0][1] is not a string");
  }

  @Test
  void testMissingDialogues() throws IOException {
    Path file = resultsFile(t -> t.remove("l2l"));
    assertThatThrownBy(() -> PublishedRuns.load(file))
        .hasMessageContaining("run.Comp.En.json, task 2.4: missing l2l (the dialogues)");
  }

  @Test
  void testNotAResultsFile() throws IOException {
    Path file = tmp.resolve("x.json");
    Files.writeString(file, "{\"a\": 1}");
    assertThatThrownBy(() -> PublishedRuns.load(file))
        .hasMessageContaining("x.json: expected a list of 31 task types (a ClarQ-LLM results file), got an object");
  }
}
