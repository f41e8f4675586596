package io.clarq.datasets.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlmJsonlTest {
  @TempDir Path tmp;

  static HotpotExample hotpot() {
    return new HotpotExample("x", "Who is \"É\"?", "É", "bridge", "easy",
        List.of(new SupportingFact("T", 1), new SupportingFact("U", 0)),
        List.of(new Paragraph("T", List.of("t0", " t1 \u2013 é")), new Paragraph("U", List.of("u0"))));
  }

  static FlmExample example() {
    return FlmExample.mask(hotpot(), 0);
  }

  @Test
  void testLineFormatAndRoundTrip() throws IOException {
    FlmExample e = example();
    assertThat(FlmJsonl.toLine(e)).isEqualTo("{\"id\":\"x/0\",\"source_id\":\"x\",\"question\":\"Who is \\\"É\\\"?\","
        + "\"answer\":\"É\",\"masked\":{\"title\":\"T\",\"sentence\":1},\"facts\":["
        + "{\"title\":\"T\",\"sentence\":0,\"text\":\"t0\",\"supporting\":false},"
        + "{\"title\":\"T\",\"sentence\":1,\"text\":\" t1 \u2013 é\",\"supporting\":true},"
        + "{\"title\":\"U\",\"sentence\":0,\"text\":\"u0\",\"supporting\":true}]}");
    Path f = tmp.resolve("x.jsonl");
    Files.writeString(f, FlmJsonl.toLine(e) + "\n\n" + FlmJsonl.toLine(FlmExample.mask(hotpot(), 1)) + "\n");
    List<FlmExample> read = FlmJsonl.read(f);
    assertThat(read).hasSize(2);
    assertThat(read.get(0)).isEqualTo(e);
    assertThat(read.get(1).maskedFact().title()).isEqualTo("U");
  }

  @Test
  void testBadLineIsNamed() throws IOException {
    Path f = tmp.resolve("bad.jsonl");
    String good = FlmJsonl.toLine(example());
    Files.writeString(f, good + "\n" + good.replace("\"masked\":{\"title\":\"T\",\"sentence\":1}",
        "\"masked\":{\"title\":\"T\",\"sentence\":0}") + "\n");
    assertThatThrownBy(() -> FlmJsonl.read(f))
        .hasMessage(f + ", line 2: FLM example x/0: masked fact \"T\"#0 is not one of its supporting facts");
    Files.writeString(f, "{\"id\":\"y\"}\n");
    assertThatThrownBy(() -> FlmJsonl.read(f)).hasMessage(f + ", line 1: missing field \"facts\"");
  }

  @Test
  void testWrongTypesAndTrailingGarbageAreErrors() throws IOException {
    Path f = tmp.resolve("typed.jsonl");
    String good = FlmJsonl.toLine(example());
    Files.writeString(f, good.replace("\"sentence\":1}", "\"sentence\":\"1\"}") + "\n");
    assertThatThrownBy(() -> FlmJsonl.read(f))
        .hasMessage(f + ", line 1: field \"sentence\" must be an integer, got \"1\"");
    Files.writeString(f, good.replaceFirst("\"supporting\":true", "\"supporting\":\"false\"") + "\n");
    assertThatThrownBy(() -> FlmJsonl.read(f))
        .hasMessage(f + ", line 1: field \"supporting\" must be true or false, got \"false\"");
    Files.writeString(f, good.replace("\"answer\":", "\"answer\":7,\"x\":") + "\n");
    assertThatThrownBy(() -> FlmJsonl.read(f)).hasMessage(f + ", line 1: field \"answer\" must be a string, got 7");
    Files.writeString(f, good + " {}\n");
    assertThatThrownBy(() -> FlmJsonl.read(f)).hasMessageStartingWith(f + ", line 1: not JSON: Trailing token");
  }

  @Test
  void testFileAsker() throws IOException {
    Path f = tmp.resolve("questions.jsonl");
    FlmExample e0 = example();
    FlmExample e1 = FlmExample.mask(hotpot(), 1);
    Files.writeString(f, "{\"id\": \"" + e0.id() + "\", \"question\": \"Where was T born?\"}\n\n");
    FileAsker asker = FileAsker.read(f, List.of(e0));
    assertThat(asker.size()).isEqualTo(1);
    // found by the opaque id of what the asker is shown, not by the FLM id
    assertThat(asker.ask(e0.incompleteTask())).isEqualTo("Where was T born?");
    assertThatThrownBy(() -> asker.ask(e1.incompleteTask())).hasMessage("question file " + f
        + " has no question for the incomplete task " + e1.incompleteTask().exampleId() + " (it was read for other"
        + " examples)");
    assertThatThrownBy(() -> FileAsker.read(f, List.of(e0, e1))).hasMessageStartingWith("question file " + f
        + " has no question for example " + e1.id() + ";");
    Files.writeString(f, "{\"id\": \"x/0\", \"question\": \"a\"}\n{\"id\": \"x/0\", \"question\": \"b\"}\n");
    assertThatThrownBy(() -> FileAsker.read(f, List.of())).hasMessage(f + ", line 2: id x/0 appears twice");
    Files.writeString(f, "{\"id\": \"x/0\"}\n");
    assertThatThrownBy(() -> FileAsker.read(f, List.of()))
        .hasMessage(f + ", line 1: expected {\"id\": \"...\", \"question\": \"...\"}");
  }
}
