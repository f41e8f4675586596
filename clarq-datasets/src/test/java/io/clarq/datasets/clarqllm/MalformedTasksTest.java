package io.clarq.datasets.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every malformed task directory is rejected with a message naming the file, the task and the problem. */
class MalformedTasksTest {
  @TempDir Path tmp;

  private Path english(Consumer<ArrayNode> editType3) throws IOException {
    return TaskFiles.writeLanguage(tmp.resolve("English"), editType3);
  }

  private static Consumer<ArrayNode> task2(Consumer<ObjectNode> edit) {
    return objects -> edit.accept((ObjectNode) objects.get(2));
  }

  private void assertFails(Consumer<ArrayNode> editType3, String message) throws IOException {
    english(editType3);
    assertThatThrownBy(() -> ClarqLlmTasks.load(tmp, Language.ENGLISH))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("3._Type_3.json")
        .hasMessageContaining(message);
  }

  @Test
  void testValidDirectoryLoadsFromEitherFolder() throws IOException {
    english(objects -> {});
    TaskSet fromParent = ClarqLlmTasks.load(tmp, Language.ENGLISH);
    TaskSet fromLanguage = ClarqLlmTasks.load(tmp.resolve("English"), Language.ENGLISH);
    assertThat(fromParent.size()).isEqualTo(310);
    assertThat(fromLanguage.tasks()).isEqualTo(fromParent.tasks());
    assertThat(fromParent.tasks().get(0).tree().root().text()).isEqualTo("Go to the mine.");
    assertThat(fromParent.tasks().get(0).briefing().skills()).isEmpty();
    assertThat(fromParent.tasks().get(0).typeName()).isEqualTo("Type 1");
  }

  @Test
  void testOddLineCount() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nJax: b\nJax: c\n0\n1")),
        "task 2: all_response has 5 lines; expected N text lines followed by their N node ids");
  }

  @Test
  void testMissingParent() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nJax: b\nJax: c\n0\n1\n2.1")),
        "task 2: node id \"2.1\" has no parent \"2\"");
  }

  @Test
  void testDuplicateNodeId() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nJax: b\nJax: c\n0\n1\n1")),
        "task 2: node id \"1\" appears twice");
  }

  @Test
  void testBadNodeId() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nJax: b\nJax: c\n0\n1\n1.x")),
        "task 2: line 2: illegal node id \"1.x\"");
  }

  @Test
  void testFirstLineNotRoot() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nJax: b\nJax: c\n1\n2\n3")),
        "task 2: the first line has node id \"1\"; expected \"0\"");
  }

  @Test
  void testPurposeCountMismatch() throws IOException {
    assertFails(task2(t -> t.set("all_response_exaplain", TaskFiles.JSON.valueToTree(List.of("only one")))),
        "task 2: all_response_exaplain has 1 purposes for 2 gold lines");
  }

  @Test
  void testMissingPurposesInTestType() throws IOException {
    assertFails(task2(t -> t.remove("all_response_exaplain")),
        "task 2: missing all_response_exaplain (the purposes); test tasks (types 1-26) need one per gold line");
  }

  @Test
  void testEmptyPurpose() throws IOException {
    assertFails(task2(t -> t.set("all_response_exaplain", TaskFiles.JSON.valueToTree(List.of("a", " ")))),
        "task 2: all_response_exaplain[1] (purpose of line 2) is empty");
  }

  @Test
  void testSpeakerPrefixOnSomeLines() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nb\nJax: c\n0\n1\n1.1")),
        "task 2: the speaker prefix \"Jax:\" is on 2 of 3 lines; expected all or none");
  }

  @Test
  void testEmptyLine() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: a\nJax:  \nJax: c\n0\n1\n1.1")),
        "task 2: line 1 of all_response is empty");
  }

  @Test
  void testBriefingParts() throws IOException {
    assertFails(task2(t -> t.set("background_splitted", TaskFiles.JSON.valueToTree(List.of("miner", "dig")))),
        "task 2: background_splitted has 2 parts; expected 5");
  }

  @Test
  void testMissingField() throws IOException {
    assertFails(task2(t -> t.remove("background_splitted")), "task 2: missing background_splitted");
  }

  @Test
  void testTaskObjectEmpty() throws IOException {
    assertFails(objects -> objects.set(4, TaskFiles.placeholder()),
        "task 4: \"all_response\" is empty; objects 0-9 must be tasks");
  }

  @Test
  void testPlaceholderNotEmpty() throws IOException {
    assertFails(objects -> objects.set(12, TaskFiles.task(3)),
        "object 12: expected an empty placeholder (objects 10-19 are), but all_response is not empty");
  }

  @Test
  void testWrongObjectCount() throws IOException {
    assertFails(objects -> objects.remove(19),
        "expected a list of 20 objects (10 tasks, then 10 empty placeholders), got a list of 19");
  }

  @Test
  void testWrongLanguage() throws IOException {
    assertFails(task2(t -> t.put("all_response", "Jax: 去矿山。\nJax: b\nJax: c\n0\n1\n1.1")),
        "task 2: the opening statement is Chinese but English tasks were expected");
  }

  @Test
  void testNotJson() throws IOException {
    Path dir = english(objects -> {});
    Files.writeString(dir.resolve("3._Type_3.json"), "[{\"all_response\": ");
    assertThatThrownBy(() -> ClarqLlmTasks.load(tmp, Language.ENGLISH))
        .hasMessageContaining("3._Type_3.json: not valid JSON");
  }

  @Test
  void testMissingAllResponseAndEmptyFileAreNamed() throws IOException {
    assertFails(task2(t -> t.remove("all_response")), "3._Type_3.json, task 2: has no \"all_response\" field (the"
        + " response lines and their node ids); objects 0-9 must be tasks");
    assertFails(task2(t -> t.put("all_response", "")), "task 2: \"all_response\" is empty; objects 0-9 must be tasks");
    Path dir = english(objects -> {});
    Files.writeString(dir.resolve("3._Type_3.json"), "");
    assertThatThrownBy(() -> ClarqLlmTasks.load(tmp, Language.ENGLISH)).hasMessage(dir.resolve("3._Type_3.json")
        + ": the file is empty; expected a JSON list of 20 objects (10 tasks, then 10 empty placeholders)");
  }

  @Test
  void testMissingTypeFile() throws IOException {
    Path dir = english(objects -> {});
    Files.delete(dir.resolve("3._Type_3.json"));
    Files.delete(dir.resolve("7._Type_7.json"));
    assertThatThrownBy(() -> ClarqLlmTasks.load(tmp, Language.ENGLISH))
        .hasMessageContaining("no task file for types 3, 7 (expected 31 files named N._Type_Name.json)");
  }

  @Test
  void testTwoFilesForOneType() throws IOException {
    Path dir = english(objects -> {});
    Files.copy(dir.resolve("3._Type_3.json"), dir.resolve("3._Other.json"));
    assertThatThrownBy(() -> ClarqLlmTasks.load(tmp, Language.ENGLISH))
        .hasMessageContaining("two files for task type 3");
  }

  @Test
  void testResolverErrors() throws IOException {
    english(objects -> {});
    assertThatThrownBy(() -> TasksDirectory.resolve(tmp.resolve("nope"), Language.ENGLISH))
        .hasMessageContaining("nope does not exist");
    assertThatThrownBy(() -> TasksDirectory.resolve(tmp, Language.CHINESE))
        .hasMessageContaining("holds neither Chinese/ nor task files");
    Files.move(tmp.resolve("English"), tmp.resolve("Chinese"));
    assertThatThrownBy(() -> TasksDirectory.resolve(tmp.resolve("Chinese"), Language.ENGLISH))
        .hasMessageContaining("holds the Chinese tasks, but English tasks are needed");
    assertThat(TasksDirectory.languages(tmp)).containsExactly(Language.CHINESE);
    assertThat(TasksDirectory.languages(tmp.resolve("Chinese"))).containsExactly(Language.CHINESE);
  }
}
