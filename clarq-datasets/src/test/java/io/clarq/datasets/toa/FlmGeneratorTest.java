package io.clarq.datasets.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.FactRole;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlmGeneratorTest {
  @TempDir Path tmp;

  private static Path dev() {
    return SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json");
  }

  @Test
  void testSameSeedGivesByteIdenticalFiles() throws IOException {
    Path a = tmp.resolve("a.jsonl");
    Path b = tmp.resolve("b.jsonl");
    FlmGenerator.generate(dev(), a, new FactMasker(42, FactMasker.Masks.ONE));
    FlmGenerator.generate(dev(), b, new FactMasker(42, FactMasker.Masks.ONE));
    assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
    assertThat(Files.list(tmp)).extracting(p -> p.getFileName().toString()).containsExactlyInAnyOrder("a.jsonl",
        "b.jsonl");
  }

  @Test
  void testDifferentSeedGivesDifferentMasks() throws IOException {
    Path a = tmp.resolve("a.jsonl");
    Path b = tmp.resolve("b.jsonl");
    FlmGenerator.generate(dev(), a, new FactMasker(1, FactMasker.Masks.ONE));
    FlmGenerator.generate(dev(), b, new FactMasker(2, FactMasker.Masks.ONE));
    List<FlmExample> one = FlmJsonl.read(a);
    List<FlmExample> two = FlmJsonl.read(b);
    assertThat(one).extracting(FlmExample::sourceId).isEqualTo(two.stream().map(FlmExample::sourceId).toList());
    long differing = 0;
    for (int i = 0; i < one.size(); i++) {
      differing += one.get(i).maskedFact().equals(two.get(i).maskedFact()) ? 0 : 1;
    }
    assertThat(differing).isPositive();
  }

  @Test
  void testPinnedCountsOnDev() throws IOException {
    Path out = tmp.resolve("flm.jsonl");
    FlmGenerator.Report report = FlmGenerator.generate(dev(), out, new FactMasker(7, FactMasker.Masks.ONE));
    assertThat(report).isEqualTo(new FlmGenerator.Report(53, 53, 0, 53, List.of()));
    List<FlmExample> flm = FlmJsonl.read(out);
    assertThat(flm).hasSize(53);
    // candidates per example: every context sentence of the example (checked against the raw JSON by hand)
    assertThat(flm.get(0).candidates()).hasSize(36);
    assertThat(flm.get(1).candidates()).hasSize(38);
    assertThat(flm.get(2).candidates()).hasSize(44);
    assertThat(flm.get(52).candidates()).hasSize(37);
    assertThat(flm.stream().mapToInt(e -> e.candidates().size()).sum()).isEqualTo(2314);
    assertThat(flm.stream().mapToInt(e -> e.candidates().size()).min().getAsInt()).isEqualTo(11);
    assertThat(flm.stream().mapToInt(e -> e.candidates().size()).max().getAsInt()).isEqualTo(75);
    assertThat(flm).allSatisfy(e -> {
      assertThat(e.candidates()).contains(e.maskedFact());
      assertThat(e.remainingFacts()).hasSize(e.supportingFacts().size() - 1);
    });

    FlmGenerator.Report all = FlmGenerator.generate(dev(), out, new FactMasker(7, FactMasker.Masks.ALL));
    assertThat(all).isEqualTo(new FlmGenerator.Report(53, 53, 0, 129, List.of()));
    assertThat(FlmJsonl.read(out).stream().map(FlmExample::id).limit(3))
        .containsExactly("5a8b57f25542995d1e6f1371/0", "5a8b57f25542995d1e6f1371/1", "5a8c7595554299585d9e36b6/0");
  }

  @Test
  void testMasksDoNotDependOnExampleOrder() throws IOException {
    List<HotpotExample> dev = HotpotQaReader.readAll(dev());
    FactMasker masker = new FactMasker(99, FactMasker.Masks.ONE);
    Map<String, FlmExample> forward = dev.stream().map(e -> masker.mask(e).get(0))
        .collect(Collectors.toMap(FlmExample::sourceId, Function.identity()));
    List<HotpotExample> reversed = new ArrayList<>(dev);
    Collections.reverse(reversed);
    FactMasker again = new FactMasker(99, FactMasker.Masks.ONE);
    assertThat(reversed).allSatisfy(e -> assertThat(again.mask(e).get(0)).isEqualTo(forward.get(e.id())));
  }

  @Test
  void testDropsExamplesWithoutDistractor() throws IOException {
    Path in = tmp.resolve("in.json");
    Files.writeString(in, "[{\"_id\": \"all-supporting\", \"question\": \"q\", \"answer\": \"a\","
        + " \"supporting_facts\": [[\"T\", 0], [\"T\", 1]], \"context\": [[\"T\", [\"s0\", \" s1\"]]]},"
        + " {\"_id\": \"kept\", \"question\": \"q\", \"answer\": \"a\","
        + " \"supporting_facts\": [[\"T\", 0], [\"U\", 0]], \"context\": [[\"T\", [\"s0\", \" s1\"]], [\"U\", [\"u\"]]]}]");
    Path out = tmp.resolve("out.jsonl");
    assertThat(FlmGenerator.generate(in, out, new FactMasker(3, FactMasker.Masks.ALL)))
        .isEqualTo(new FlmGenerator.Report(2, 1, 1, 2, List.of()));
    List<FlmExample> flm = FlmJsonl.read(out);
    assertThat(flm).extracting(FlmExample::id).containsExactly("kept/0", "kept/1");
    assertThat(flm.get(0).candidates()).extracting(f -> f.role()).containsExactly(FactRole.SUPPORTING,
        FactRole.DISTRACTOR, FactRole.SUPPORTING);
  }

  @Test
  void testSkipsMalformedExamplesWithTheirIds() throws IOException {
    Path in = tmp.resolve("in.json");
    String good = "{\"_id\": \"%s\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [[\"T\", 0]],"
        + " \"context\": [[\"T\", [\"s0\"]], [\"U\", [\"u\"]]]}";
    Files.writeString(in, "[" + String.format(good, "first") + ","
        // a supporting fact naming a sentence the paragraph does not have
        + " {\"_id\": \"missing-sentence\", \"question\": \"q\", \"answer\": \"a\","
        + " \"supporting_facts\": [[\"T\", 3]], \"context\": [[\"T\", [\"s0\"]], [\"U\", [\"u\"]]]},"
        // no supporting fact to mask
        + " {\"_id\": \"no-facts\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [],"
        + " \"context\": [[\"T\", [\"s0\"]]]},"
        // no _id at all
        + " {\"question\": \"q\"}, " + String.format(good, "last") + "]");
    Path out = tmp.resolve("out.jsonl");
    FlmGenerator.Report r = FlmGenerator.generate(in, out, new FactMasker(3, FactMasker.Masks.ONE));
    assertThat(r.read()).isEqualTo(5);
    assertThat(r.kept()).isEqualTo(2);
    assertThat(r.written()).isEqualTo(2);
    assertThat(r.malformed()).extracting(MalformedExample::position, MalformedExample::id)
        .containsExactly(tuple(1, "missing-sentence"), tuple(2, "no-facts"), tuple(3, ""));
    assertThat(r.malformed().get(0).problem()).isEqualTo(in + ", example 1: example missing-sentence: supporting"
        + " fact [\"T\", 3] indexes no sentence (paragraph \"T\" has 1 sentences)");
    assertThat(r.malformed().get(1).problem()).startsWith(in + ", example 2: example no-facts: cannot mask");
    assertThat(r.malformed().get(2).problem()).isEqualTo(in + ", example 3: missing or non-text \"_id\"");
    assertThat(FlmJsonl.read(out)).extracting(FlmExample::sourceId).containsExactly("first", "last");
    // the strict reader still stops at the first one
    assertThatThrownBy(() -> HotpotQaReader.readAll(in)).hasMessageContaining("missing-sentence");
  }

  @Test
  void testFailureLeavesNoOutputBehind() throws IOException {
    Path in = tmp.resolve("bad.json");
    Files.writeString(in, "[{\"_id\": \"x\", \"question\": \"q\", \"answer\": \"a\","
        + " \"supporting_facts\": [[\"T\", 0]], \"context\": [[\"T\", [\"s0\"]], [\"U\", [\"u\"]]]}, {\"_id\": 1");
    Path out = tmp.resolve("out.jsonl");
    assertThatThrownBy(() -> FlmGenerator.generate(in, out, new FactMasker(3, FactMasker.Masks.ONE)))
        .hasMessageStartingWith(in + ": not valid HotpotQA JSON");
    assertThat(Files.list(tmp)).extracting(p -> p.getFileName().toString()).containsExactly("bad.json");
  }

  @Test
  void testEmptyParagraphAndRepeatedIdAreSkippedAndCounted() throws IOException {
    Path in = tmp.resolve("in.json");
    String good = "{\"_id\": \"%s\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\": [[\"T\", 0]],"
        + " \"context\": [[\"T\", [\"s0\"]], [\"U\", [\"u\"]]]}";
    Files.writeString(in, "[" + String.format(good, "first") + ","
        // a distractor paragraph without sentences: the example would lose candidate facts without a word
        + " {\"_id\": \"empty-paragraph\", \"question\": \"q\", \"answer\": \"a\","
        + " \"supporting_facts\": [[\"T\", 0]], \"context\": [[\"T\", [\"s0\"]], [\"U\", [\"u\"]], [\"V\", []]]},"
        + String.format(good, "first") + "]");
    Path out = tmp.resolve("out.jsonl");
    FlmGenerator.Report r = FlmGenerator.generate(in, out, new FactMasker(3, FactMasker.Masks.ONE));
    assertThat(r.read()).isEqualTo(3);
    assertThat(r.written()).isEqualTo(1);
    assertThat(r.malformed()).extracting(MalformedExample::position, MalformedExample::id)
        .containsExactly(tuple(1, "empty-paragraph"), tuple(2, "first"));
    assertThat(r.malformed().get(0).problem()).isEqualTo(in + ", example 1 (_id empty-paragraph): context paragraph"
        + " \"V\" has no sentences (every paragraph of the distractor setting holds at least one; its facts would be"
        + " missing)");
    assertThat(r.malformed().get(1).problem()).startsWith(in + ", example 2: example id \"first/")
        .contains("was already written for example 0 (the file repeats an _id)");
    assertThat(FlmJsonl.read(out)).extracting(FlmExample::sourceId).containsExactly("first");
    assertThatThrownBy(() -> HotpotQaReader.readAll(in)).hasMessageContaining("\"V\" has no sentences");
  }

  @Test
  void testOutputThatIsADirectoryIsNamed() throws IOException {
    Path dev = dev();   // asked before acting: without data the test is skipped, never failed inside the lambda
    Path out = Files.createDirectories(tmp.resolve("dir.jsonl"));
    assertThatThrownBy(() -> FlmGenerator.generate(dev, out, new FactMasker(3, FactMasker.Masks.ONE)))
        .isInstanceOf(IOException.class).hasMessage("cannot write " + out + ": it is a directory");
  }
}
