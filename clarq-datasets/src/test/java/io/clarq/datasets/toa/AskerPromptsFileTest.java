package io.clarq.datasets.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.core.toa.llm.AskerPromptText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TOA paper's asker prompts are read at run time, each into a pack with a digest a run records. */
class AskerPromptsFileTest {
  @TempDir Path dir;

  @Test
  void testEachPaperPromptIsAPackWithItsOwnDigest() throws Exception {
    AskerPromptsFile file = AskerPromptsFile.read(SharedData.require("flm-toa/asker-prompts.json"));
    PromptPack two = file.pack(2);
    assertThat(two.layout()).isEqualTo(PackLayout.TOA_ASKER);
    assertThat(two.id()).isEqualTo("prompt-2@" + two.digest());
    assertThat(file.pack(2).digest()).isEqualTo(two.digest());
    assertThat(file.pack(3).digest()).isNotEqualTo(two.digest());
    AskerPromptText prompt = file.prompt(2, Optional.empty());
    assertThat(prompt.pack()).isEqualTo(two);
    assertThat(prompt.label()).matches("prompt-2@[0-9a-f]{8}");
    String rendered = prompt.render(new IncompleteTask("QQQ {q1}", "CCC {context}"));
    assertThat(rendered).contains("QQQ {q1}").contains("CCC {context}");
    assertThat(prompt.template().replace("{context}", "CCC {context}").replace("{q1}", "QQQ {q1}"))
        .isEqualTo(rendered);
    assertThatThrownBy(() -> file.prompt(5, Optional.empty())).hasMessageContaining("few-shot prompt");
    assertThat(file.prompt(5, Optional.of("EXAMPLES")).render(new IncompleteTask("Q", "C"))).contains("EXAMPLES");
    assertThatThrownBy(() -> file.pack(9)).hasMessageContaining("asker prompt 9 is not in");
  }

  @Test
  void testAPromptFileOfOnesOwnIsAPackToo() throws Exception {
    Path f = dir.resolve("mine.txt");
    Files.writeString(f, "Facts: {context}\nGoal: {q1}\n");
    AskerPromptText mine = AskerPromptsFile.readTemplate(f, Optional.empty());
    assertThat(mine.pack().id()).startsWith("file:mine.txt@");
    assertThat(mine.render(new IncompleteTask("Q", "C"))).isEqualTo("Facts: C\nGoal: Q");
    Files.writeString(f, "Facts only: {context}");
    assertThatThrownBy(() -> AskerPromptsFile.readTemplate(f, Optional.empty()))
        .hasMessageContaining("must contain {context} and {q1}");
  }
}
