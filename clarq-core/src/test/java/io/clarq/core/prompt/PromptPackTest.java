package io.clarq.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.testing.SharedData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptPackTest {
  @TempDir Path dir;

  @Test
  void testPlaceholdersAreFilledInOnePassAndBracesOtherwiseLiteral() {
    PromptTemplate t = new PromptTemplate("x", "a {role}: {{ 'output': '' }} { 'type': 1 } {Role} {role}");
    assertThat(t.placeholders()).containsExactly("role");
    assertThat(t.render(Map.of("role", "{role}"))).isEqualTo("a {role}: {{ 'output': '' }} { 'type': 1 } {Role} {role}");
    assertThatThrownBy(() -> new PromptTemplate("provider/x.en", "{task}").render(Map.of()))
        .hasMessage("prompt template provider/x.en: no value for placeholder {task}");
  }

  @Test
  void testClarqPackIsCompleteAndNotComparable() {
    PromptPack p = PromptPack.clarq();
    assertThat(p.name()).isEqualTo("clarq");
    assertThat(p.behaviour()).isEqualTo(PackBehaviour.CLARQ);
    assertThat(p.comparableWithPaper()).isFalse();
    assertThat(p.label()).isEmpty();   // clarq's own pack claims nothing
    assertThat(PromptPack.label(p.id() + " (clarq behaviour)")).isEmpty();
    for (Language l : Language.values()) {
      // the first seeker prompt shows the provider's opening; the end rule wants "Goodbye" / "再见" in the
      // seeker's last line, so the type-5 line and every briefing ending tell the seeker to say it
      String goodbye = l == Language.ENGLISH ? "Goodbye" : "再见";
      assertThat(p.fixed("opening", l)).startsWith("Jax: ");
      assertThat(p.template("seeker/completion_first", l).render(java.util.Map.of("briefing", "B")))
          .contains(p.fixed("opening", l));
      assertThat(p.fixed("type5_unrelated", l)).contains(goodbye);
      for (String end : java.util.List.of("seeker/briefing_end", "seeker/briefing_end_items_skills",
          "seeker/briefing_end_items_scenes", "seeker/briefing_end_skills_scenes")) {
        assertThat(p.template(end, l).render(java.util.Map.of("role", "R", "task", "T"))).contains(goodbye);
      }
    }
    assertThat(p.template("provider/relevance", Language.CHINESE).placeholders()).contains("history");
  }

  @Test
  void testReferencePackIsRecognisedByItsDigest() {
    PromptPack p = PromptPack.load(SharedData.require("clarq-llm/reference-prompts"));
    assertThat(p.name()).isEqualTo("reference");
    assertThat(p.digest()).isEqualTo(PromptPack.REFERENCE_DIGEST);
    assertThat(p.behaviour()).isEqualTo(PackBehaviour.REFERENCE);
    assertThat(p.comparableWithPaper()).isTrue();
    assertThat(p.label()).contains("the reference pack");
    assertThat(PromptPack.label("reference@" + PromptPack.REFERENCE_DIGEST + " (reference behaviour)"))
        .contains("the reference pack");
    assertThat(PromptPack.label("reference@" + PromptPack.REFERENCE_DIGEST + " (clarq behaviour)")).isEmpty();
    assertThat(PromptPack.besideTasks(SharedData.require("clarq-llm/tasks/English")))
        .contains(SharedData.require("clarq-llm/reference-prompts").toAbsolutePath().normalize());
  }

  @Test
  void testAModifiedReferencePackIsNotComparable() throws Exception {
    EchoPack.write(dir, PackBehaviour.REFERENCE);
    Files.delete(dir.resolve("pack.json"));
    PromptPack p = PromptPack.load(dir);
    assertThat(p.behaviour()).isEqualTo(PackBehaviour.REFERENCE);
    assertThat(p.comparableWithPaper()).isFalse();
    assertThat(p.name()).isEqualTo(dir.getFileName().toString());
    assertThat(p.label()).contains("MODIFIED: not the reference pack");
    assertThat(PromptPack.label(p.id() + " (reference behaviour)")).contains("MODIFIED: not the reference pack");
  }

  @Test
  void testBadPacksAreRefusedNamingTheFile() throws Exception {
    EchoPack.write(dir, PackBehaviour.CLARQ);
    Files.writeString(dir.resolve("provider/pass2.zh.txt"), "{analysis} {history}", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> PromptPack.load(dir)).hasMessageContaining("provider/pass2.zh.txt uses placeholder "
        + "{history}, which this step does not fill");
    Files.delete(dir.resolve("provider/pass2.zh.txt"));
    assertThatThrownBy(() -> PromptPack.load(dir)).hasMessageContaining("missing template provider/pass2.zh.txt");
    EchoPack.write(dir, PackBehaviour.CLARQ);
    Files.writeString(dir.resolve("fixed-utterances.json"), "{\"en\": {}, \"zh\": {}}", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> PromptPack.load(dir)).hasMessageContaining("\"en\".opening is missing");
    EchoPack.write(dir, PackBehaviour.CLARQ);
    Files.write(dir.resolve("judge/judge.en.txt"), new byte[] {(byte) 0xC3, (byte) 0x28});
    assertThatThrownBy(() -> PromptPack.load(dir)).hasMessageContaining("judge/judge.en.txt is not valid UTF-8");
  }
}
