package io.clarq.core.clarqllm.provider.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import org.junit.jupiter.api.Test;

class MultiInfoMergeTest {
  @Test
  void testAcceptanceAllowsDroppedFinalCharacterAndCaseForEnglishOnly() {
    List<String> lines = List.of("Go north.", "Use the Shovel.");
    assertThat(MultiInfoMerge.accepted(Language.ENGLISH, lines, "go north, then use the shovel.")).isTrue();
    assertThat(MultiInfoMerge.accepted(Language.ENGLISH, lines, "Go north and use a shovel.")).isFalse();
    assertThat(MultiInfoMerge.accepted(Language.CHINESE, List.of("Go north."), "go north")).isFalse();
    assertThat(MultiInfoMerge.accepted(Language.CHINESE, List.of("向北走。", "用铲子。"), "向北走，然后用铲子。")).isTrue();
  }

  @Test
  void testConnectorsFinallyBeforeLastOfThreeAndNewlinesFromFive() {
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A one.", "B two.", "C three.")))
        .isEqualTo("A one. Besides, b two. Finally, c three.");
    assertThat(MultiInfoMerge.connectorJoin(Language.CHINESE, List.of("甲。", "乙。"))).isEqualTo("甲。此外，乙。");
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A.", "B.", "C.", "D.")))
        .isEqualTo("A. Besides, b. Moreover, c. Finally, d.");
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A.", "B.", "C.", "D.", "E.")))
        .isEqualTo("A.\nB.\nC.\nD.\nE.");
  }
}
