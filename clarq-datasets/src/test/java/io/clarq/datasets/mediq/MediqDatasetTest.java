package io.clarq.datasets.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.mediq.MediqCase;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediqDatasetTest {
  @Test
  void testCraftMdFingerprint() {
    List<MediqCase> cases = MediqDataset.load(SharedData.require("mediq/data"), MediqSplit.CRAFT_MD);
    assertThat(cases).hasSize(140);
    assertThat(cases.get(0).id()).isEqualTo(0);
    assertThat(cases.get(139).id()).isEqualTo(139);
    MediqCase first = cases.get(0);
    assertThat(first.question()).isEqualTo("Which of the following is the most likely diagnosis for the patient?");
    assertThat(first.options()).containsEntry("A", "Lymphogranuloma venereum").containsEntry("D", "Syphilis");
    assertThat(first.answerLetter()).isEqualTo("A");
    assertThat(first.answer()).isEqualTo("Lymphogranuloma venereum");
    assertThat(first.context()).hasSize(5);
    assertThat(first.facts().get(0)).isEqualTo("1. A 22-year-old man presented with complaints.");
    assertThat(first.patient().orElseThrow().age()).contains("22 years");
    MediqCase last = cases.get(139);
    assertThat(last.answerLetter()).isEqualTo("B");
    assertThat(last.answer()).isEqualTo("Dermatofibroma");
    assertThat(last.facts()).hasSize(13);
    assertThat(last.patient().orElseThrow().gender()).contains("female");
    assertThat(cases.stream().mapToInt(c -> c.facts().size()).sum()).isEqualTo(2075);
  }

  @Test
  void testDevGoodFingerprint() {
    List<MediqCase> cases = MediqDataset.load(SharedData.require("mediq/data"), MediqSplit.DEV_GOOD);
    assertThat(cases).hasSize(1272);
    assertThat(cases.get(0).id()).isEqualTo(0);
    assertThat(cases.get(1271).id()).isEqualTo(1271);
    assertThat(cases.get(0).answerLetter()).isEqualTo("C");
    assertThat(cases.get(0).answer()).isEqualTo("Ceftriaxone");
    assertThat(cases.get(0).context()).hasSize(3);
    assertThat(cases.get(0).patient().orElseThrow().gender()).contains("Male");
    assertThat(cases.get(1271).answerLetter()).isEqualTo("A");
    assertThat(cases.get(1271).answer()).isEqualTo("CT scan");
    assertThat(cases.get(1271).patient().orElseThrow().age()).contains("63 years old");
    assertThat(cases.stream().mapToInt(c -> c.facts().size()).sum()).isEqualTo(14217);
  }

  @Test
  void testBadCasesNameFileLineAndField(@TempDir Path dir) throws IOException {
    String good = "{\"id\": 1, \"question\": \"q\", \"context\": [\"c\"], \"options\": {\"A\": \"a\", \"B\": \"b\","
        + " \"C\": \"c\", \"D\": \"d\"}, \"answer\": \"a\", \"answer_idx\": \"A\", \"facts\": []}";
    Path f = dir.resolve("x.jsonl");
    Files.writeString(f, good + "\n" + good.replace("\"answer_idx\": \"A\"", "\"answer_idx\": \"E\"")
        .replace("\"id\": 1", "\"id\": 2") + "\n");
    assertThatThrownBy(() -> MediqDataset.read(f)).hasMessageContaining("x.jsonl, line 2: case 2: answer letter \"E\"");
    Files.writeString(f, good + "\n" + good + "\n");
    assertThatThrownBy(() -> MediqDataset.read(f)).hasMessageContaining("id 1 appears more than once");
    Files.writeString(f, good.replace("\"D\": \"d\"", "\"E\": \"d\"") + "\n");
    assertThatThrownBy(() -> MediqDataset.read(f)).hasMessageContaining("line 1: case 1: options must have exactly");
    Files.writeString(f, good.replace("\"question\": \"q\", ", "") + "\n");
    assertThatThrownBy(() -> MediqDataset.read(f)).hasMessageContaining("line 1: case 1: missing field \"question\"");
  }
}
