package io.clarq.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.task.Language;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackLayoutTest {
  @TempDir Path dir;

  @Test
  void testClarqShipsATemplateForEveryStepOfTheToaCqAndMediqLayouts() {
    for (PackLayout layout : new PackLayout[] {PackLayout.TOA, PackLayout.CQ, PackLayout.MEDIQ}) {
      PromptPack pack = PromptPack.builtIn(layout);
      assertThat(pack.layout()).isEqualTo(layout);
      assertThat(pack.behaviour()).isEqualTo(PackBehaviour.CLARQ);
      assertThat(pack.id()).isEqualTo(pack.name() + "@" + pack.digest()).startsWith("clarq-" + layout.name() + "@");
      assertThat(pack.digest()).matches("[0-9a-f]{16}");
      assertThat(pack.comparableWithPaper()).isFalse();
      for (String t : layout.templates()) {
        assertThat(pack.template(t).placeholders()).as(t).isSubsetOf(layout.placeholders(t));
      }
    }
    assertThat(PromptPack.builtIn(PackLayout.CLARQ_LLM)).isSameAs(PromptPack.clarq());
    assertThatThrownBy(() -> PromptPack.builtIn(PackLayout.TOA_ASKER)).hasMessageContaining("its words are data");
    assertThatThrownBy(() -> PromptPack.builtIn(PackLayout.TOA).fixed("opening", Language.ENGLISH))
        .hasMessageContaining("has no fixed utterance opening");
  }

  @Test
  void testAPackFromFilesHasTheDigestOfTheSameDirectory() throws Exception {
    Map<String, String> files = new HashMap<>();
    files.put("asker/prompt.en.txt", "Known: {context}. Asked: {q1}. Your question:");
    PromptPack inMemory = PromptPack.fromFiles("test", PackLayout.TOA_ASKER, files);
    Files.createDirectories(dir.resolve("asker"));
    Files.writeString(dir.resolve("asker/prompt.en.txt"), files.get("asker/prompt.en.txt"), StandardCharsets.UTF_8);
    PromptPack onDisk = PromptPack.load(dir, PackLayout.TOA_ASKER);
    assertThat(onDisk.digest()).isEqualTo(inMemory.digest());
    assertThat(onDisk.name()).isEqualTo(dir.getFileName().toString());
    files.put("asker/prompt.en.txt", "Known: {context}. Asked: {q1}. Your one question:");
    assertThat(PromptPack.fromFiles("test", PackLayout.TOA_ASKER, files).digest()).isNotEqualTo(inMemory.digest());
    assertThat(inMemory.render("asker/prompt", Map.of("context", "C", "q1", "Q"))).isEqualTo(
        "Known: C. Asked: Q. Your question:");
  }

  @Test
  void testALayoutMismatchOrAStrayPlaceholderIsRefusedNamingBoth() throws Exception {
    Files.createDirectories(dir.resolve("asker"));
    Files.writeString(dir.resolve("asker/prompt.en.txt"), "{context} {q1} {answer}", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> PromptPack.load(dir, PackLayout.TOA_ASKER))
        .hasMessageContaining("asker/prompt.en.txt uses placeholder {answer}, which this step does not fill");
    Files.writeString(dir.resolve("pack.json"), "{\"name\": \"mine\", \"layout\": \"cq\", \"behaviour\": \"clarq\"}");
    assertThatThrownBy(() -> PromptPack.load(dir, PackLayout.TOA_ASKER))
        .hasMessageContaining("is a cq pack (pack.json), not the toa-asker pack wanted here");
    Files.writeString(dir.resolve("pack.json"), "{\"name\": \"mine\", \"layout\": \"tao\", \"behaviour\": \"clarq\"}");
    assertThatThrownBy(() -> PromptPack.load(dir)).hasMessageContaining("unknown prompt pack layout \"tao\"");
    assertThatThrownBy(() -> PackLayout.named("x")).hasMessageContaining("[clarq-llm, toa, toa-asker, cq, mediq, asking]");
  }

  @Test
  void testAClarqBehaviourPackNeedsTheReminderTheReferenceNeverSends() throws Exception {
    EchoPack.write(dir, PackBehaviour.CLARQ);
    Files.delete(dir.resolve("reply/reminder.zh.txt"));
    assertThatThrownBy(() -> PromptPack.load(dir)).hasMessageContaining("missing template reply/reminder.zh.txt");
    Files.writeString(dir.resolve("pack.json"), "{\"name\": \"echo\", \"behaviour\": \"reference\"}");
    PromptPack reference = PromptPack.load(dir);
    assertThat(reference.behaviour()).isEqualTo(PackBehaviour.REFERENCE);
    // an absent optional template is not part of the digest: the reference pack's digest does not depend on it
    Files.delete(dir.resolve("reply/reminder.en.txt"));
    Files.delete(dir.resolve("reply/reminder_fields.en.txt"));
    Files.delete(dir.resolve("reply/reminder_fields.zh.txt"));
    PromptPack without = PromptPack.load(dir);
    assertThat(without.digest()).isNotEqualTo(reference.digest());
    Files.writeString(dir.resolve("reply/reminder.en.txt"), "{problem}{fields}", StandardCharsets.UTF_8);
    assertThat(PromptPack.load(dir).digest()).isNotEqualTo(without.digest());
  }

  @Test
  void testTheReminderFromAPackNamesTheProblemAndTheFields() {
    var en = PackAsk.reminder(PromptPack.clarq(), "reply/reminder", Language.ENGLISH);
    assertThat(en.apply("P", java.util.List.of("match", "analysis"))).contains("(P)")
        .contains(PromptPack.clarq().template("reply/reminder_fields").render(Map.of("fields", "match, analysis")));
    assertThat(en.apply("P", java.util.List.of())).isEqualTo(
        PromptPack.clarq().template("reply/reminder").render(Map.of("problem", "P", "fields", "")));
    var zh = PackAsk.reminder(PromptPack.clarq(), "reply/reminder", Language.CHINESE);
    assertThat(zh.apply("P", java.util.List.of("a", "b"))).contains("a\u3001b");
  }
}
