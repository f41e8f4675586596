package io.clarq.datasets.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.datasets.jsonl.JsonLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CqGenerationFileTest {
  @TempDir Path dir;

  private static CqGeneration generation(String id) {
    CqExample e = new CqExample(new FacetRequest(id, "7", "Tell me about \"jaguar\"", "cars price"),
        "are you looking for jaguar car prices");
    QuestionCandidate a = new QuestionCandidate("looking-for", "Are you looking for jaguar car prices?", 3,
        List.of("Are you looking for jaguars?", "Is it the cat?"), List.of("cars"), OptionalDouble.of(-0.25));
    QuestionCandidate b = new QuestionCandidate("would-like", "Would you like the price of Jaguar cars?", 1,
        List.of(), List.of(), OptionalDouble.empty());
    return new CqGeneration(e, new GeneratedQuestion(id, "llm:m", GeneratedQuestion.Ranking.LOGPROB, List.of(a, b), 1));
  }

  @Test
  void testRoundTrip() {
    Path f = dir.resolve("out/gen.jsonl");
    try (JsonLines.Appender<CqGeneration> w = CqGenerationFile.open(f, false)) {
      w.write(generation("1"));
      w.write(generation("2"));
    }
    List<CqGeneration> back = CqGenerationFile.read(f);
    assertThat(back).containsExactly(generation("1"), generation("2"));
    assertThat(back.get(0).generated().question()).isEqualTo("Would you like the price of Jaguar cars?");
  }

  @Test
  void testResumeDropsACutLastLineAndAppendsAfterIt() throws Exception {
    Path f = dir.resolve("gen.jsonl");
    String whole = CqGenerationFile.toJson(generation("1")) + "\n";
    Files.writeString(f, whole + CqGenerationFile.toJson(generation("2")).substring(0, 40), StandardCharsets.UTF_8);
    assertThat(CqGenerationFile.readForResume(f)).containsExactly(generation("1"));
    assertThatThrownBy(() -> CqGenerationFile.read(f)).hasMessageContaining("gen.jsonl, line 2:");
    try (JsonLines.Appender<CqGeneration> w = CqGenerationFile.open(f, true)) {
      w.write(generation("3"));
    }
    assertThat(CqGenerationFile.read(f)).containsExactly(generation("1"), generation("3"));
  }

  @Test
  void testBadRecordsNameTheLineAndField() throws Exception {
    Path f = dir.resolve("bad.jsonl");
    String good = CqGenerationFile.toJson(generation("1"));
    Files.writeString(f, good + "\n" + good.replace("\"generator\"", "\"made_by\"") + "\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CqGenerationFile.read(f))
        .hasMessage("generation file " + f + ", line 2: missing field \"generator\"");
    Files.writeString(f, good.replace("\"chosen\":1", "\"chosen\":5") + "\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CqGenerationFile.read(f))
        .hasMessageContaining("line 1: bad ranking or candidates: illegal chosen candidate 5 for 1: 2 candidates");
  }

  @Test
  void testARepeatedIdIsRefusedNamingBothLines() throws Exception {
    Path f = dir.resolve("dup.jsonl");
    String one = CqGenerationFile.toJson(generation("1"));
    Files.writeString(f, one + "\n\n" + CqGenerationFile.toJson(generation("2")) + "\n" + one + "\n",
        StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CqGenerationFile.read(f)).hasMessage("generation file " + f + ", line 4: id 1 again"
        + " (first on line 1); each question once, or it would be rated and counted twice: remove one of the lines");
  }
}
