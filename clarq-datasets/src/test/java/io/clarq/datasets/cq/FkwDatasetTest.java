package io.clarq.datasets.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.cq.CqExample;
import io.clarq.core.testing.SharedData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FkwDatasetTest {
  @Test
  void testDevFingerprint() {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV);
    assertThat(dev).hasSize(425);
    assertThat(dev.stream().map(e -> e.request().topicId()).distinct()).hasSize(50);
    CqExample first = dev.get(0);
    assertThat(first.id()).isEqualTo("102");
    assertThat(first.request().topicId()).isEqualTo("107");
    assertThat(first.request().request()).isEqualTo("tell me about cass county missouri");
    assertThat(first.request().facet()).isEqualTo("list homes sale");
    assertThat(first.reference()).isEqualTo("are you interested in a list of homes for sale in cass county");
    CqExample last = dev.get(424);
    assertThat(last.id()).isEqualTo("388");
    assertThat(last.request().topicId()).isEqualTo("139");
    assertThat(last.reference()).isEqualTo("are you talking about news in colorado");
  }

  @Test
  void testTrainFingerprint() {
    List<CqExample> train = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.TRAIN);
    assertThat(train).hasSize(1756);
    assertThat(train.stream().map(e -> e.request().topicId()).distinct()).hasSize(187);
    assertThat(train.get(0).id()).isEqualTo("0");
    assertThat(train.get(0).request().request()).isEqualTo("Tell me about Obama family tree.");
    assertThat(train.get(1755).id()).isEqualTo("6932");
    assertThat(train.get(1755).request().topicId()).isEqualTo("99");
    assertThat(train.get(1755).reference()).isEqualTo("are you talking about a spacecraft or a song");
  }

  @Test
  void testFieldsAreKeptVerbatim() {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV);
    assertThat(dev).anySatisfy(e -> assertThat(e.request().request())
        .isEqualTo("I\u2019m looking for blue throated hummingbird"));
  }

  @Test
  void testMalformedRowsNameFileAndLine() {
    assertThatThrownBy(() -> FkwDataset.parse("x.tsv", List.of("topic_id\tinitial_request")))
        .hasMessageStartingWith("x.tsv, line 1: expected the header");
    assertThatThrownBy(() -> FkwDataset.parse("x.tsv", List.of(FkwDataset.HEADER, "1\t2\treq\tfacet")))
        .hasMessage("x.tsv, line 2: expected 5 tab-separated fields (index, topic_id, initial_request, facet_desc,"
            + " question), got 4");
    assertThatThrownBy(() -> FkwDataset.parse("x.tsv", List.of(FkwDataset.HEADER, "1\t2\treq\t\tq")))
        .hasMessage("x.tsv, line 2: empty facet_desc");
    assertThatThrownBy(() -> FkwDataset.parse("x.tsv", List.of(FkwDataset.HEADER, "1\tT2\treq\tf\tq")))
        .hasMessage("x.tsv, line 2: topic_id \"T2\" is not a non-negative integer");
    assertThatThrownBy(
        () -> FkwDataset.parse("x.tsv", List.of(FkwDataset.HEADER, "1\t2\treq\tf\tq", "1\t2\treq\tg\tq")))
        .hasMessage("x.tsv, line 3: index 1 appears twice");
  }

  @Test
  void testMissingSplitFileIsNamed() {
    assertThatThrownBy(() -> FkwDataset.load(Path.of("/nonexistent-dir"), FkwSplit.DEV))
        .hasMessageContaining("ClariQ-FKw dev split not found: /nonexistent-dir");
  }

  @Test
  void testStrayQuoteHeaderOnlyAndNonUtf8AreNamed(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws java.io.IOException {
    assertThatThrownBy(() -> FkwDataset.parse("x.tsv", List.of(FkwDataset.HEADER, "1\t2\t\"req\tf\tq")))
        .hasMessage("x.tsv, line 2: initial_request opens with a stray \" (the ClariQ-FKw files hold no quoting);"
            + " remove the quote or the row");
    assertThatThrownBy(() -> FkwDataset.parse("x.tsv", List.of(FkwDataset.HEADER)))
        .hasMessage("x.tsv: no rows after the header; expected one row per (request, facet)");
    Path latin1 = tmp.resolve(FkwSplit.DEV.fileName());
    java.nio.file.Files.write(latin1, (FkwDataset.HEADER + "\n1\t2\tcaf\u00e9\tf\tq\n")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> FkwDataset.load(tmp, FkwSplit.DEV))
        .hasMessage("cannot read ClariQ-FKw file " + latin1 + ", line 2: not UTF-8 (byte 0xE9 at byte 8 of the line);"
            + " save the file as UTF-8");
  }
}
