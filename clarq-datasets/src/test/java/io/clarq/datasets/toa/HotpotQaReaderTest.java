package io.clarq.datasets.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.HotpotExample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HotpotQaReaderTest {
  @TempDir Path tmp;

  static Path dev() {
    return SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json");
  }

  @Test
  void testDevFingerprint() throws IOException {
    List<HotpotExample> dev = HotpotQaReader.readAll(dev());
    assertThat(dev).hasSize(53);
    assertThat(dev.get(0).id()).isEqualTo("5a8b57f25542995d1e6f1371");
    assertThat(dev.get(52).id()).isEqualTo("5a77724455429972597f153e");
    assertThat(dev.stream().collect(Collectors.groupingBy(HotpotExample::type, Collectors.counting())))
        .containsEntry("bridge", 39L).containsEntry("comparison", 14L);
    assertThat(dev.stream().mapToInt(e -> e.supportingFacts().size()).sum()).isEqualTo(129);
    assertThat(dev.stream().mapToInt(e -> e.facts().size()).sum()).isEqualTo(2314);
    HotpotExample first = dev.get(0);
    assertThat(first.answer()).isEqualTo("yes");
    assertThat(first.context()).hasSize(10);
    assertThat(first.context().get(1).title()).isEqualTo("Scott Derrickson");
    assertThat(first.context().get(1).sentences().get(1)).isEqualTo(" He lives in Los Angeles, California.");
  }

  @Test
  void testTrainFingerprint() throws IOException {
    List<HotpotExample> train = HotpotQaReader.readAll(SharedData.require("hotpotqa/hotpot_train100.json"));
    assertThat(train).hasSize(100);
    assertThat(train.get(0).id()).isEqualTo("5a77ec115542992a6e59dff7");
    assertThat(train.get(99).id()).isEqualTo("5a8501655542997175ce1f58");
    assertThat(train.stream().mapToInt(e -> e.supportingFacts().size()).sum()).isEqualTo(229);
  }

  @Test
  void testSupportingFactOutOfRangeNamesExampleAndFact() throws IOException {
    Path f = write("[{\"_id\": \"ok\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [[\"T\", 0]],"
        + " \"context\": [[\"T\", [\"s0\"]]]},"
        + " {\"_id\": \"abc\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [[\"T\", 2]],"
        + " \"context\": [[\"T\", [\"s0\", \"s1\"]]]}]");
    assertThatThrownBy(() -> HotpotQaReader.readAll(f))
        .hasMessage(f + ", example 1: example abc: supporting fact [\"T\", 2] indexes no sentence"
            + " (paragraph \"T\" has 2 sentences)");
  }

  @Test
  void testMalformedInputIsNamed() throws IOException {
    Path notArray = write("{\"_id\": \"x\"}");
    assertThatThrownBy(() -> HotpotQaReader.readAll(notArray))
        .hasMessage(notArray + ": expected a JSON array of HotpotQA examples, got START_OBJECT");
    Path noQuestion = write("[{\"_id\": \"x\", \"answer\": \"a\", \"supporting_facts\": [], \"context\": []}]");
    assertThatThrownBy(() -> HotpotQaReader.readAll(noQuestion))
        .hasMessage(noQuestion + ", example 0 (_id x): missing or non-text \"question\"");
    Path badFact = write("[{\"_id\": \"x\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [[\"T\"]],"
        + " \"context\": []}]");
    assertThatThrownBy(() -> HotpotQaReader.readAll(badFact))
        .hasMessage(badFact + ", example 0 (_id x): supporting fact [\"T\"] is not [title, sentence index]");
    Path numberSentence = write("[{\"_id\": \"x\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [],"
        + " \"context\": [[\"T\", [\"one.\", 2]]]}]");
    assertThatThrownBy(() -> HotpotQaReader.readAll(numberSentence))
        .hasMessage(numberSentence + ", example 0 (_id x): paragraph \"T\", sentence 1 is not a string: 2");
    Path truncated = write("[{\"_id\": \"x\", \"question\": ");
    assertThatThrownBy(() -> HotpotQaReader.readAll(truncated))
        .hasMessageStartingWith(truncated + ": not valid HotpotQA JSON at line 1");
  }

  private Path write(String json) throws IOException {
    Path f = Files.createTempFile(tmp, "hotpot", ".json");
    Files.writeString(f, json);
    return f;
  }
}
