package io.clarq.datasets.trec;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.core.testing.SharedData;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CacmFilesTest {
  @Test
  void testTopicsAndQrelsFingerprint() {
    Map<String, String> topics = CacmTopicsReader.read(SharedData.require("cacm/topics.cacm.txt"));
    assertThat(topics).hasSize(64);
    assertThat(topics.keySet()).startsWith("1", "2").endsWith("64");
    assertThat(topics.get("2")).contains("Prieve or Udo Pooch").contains("Pooch, U.");
    RelevanceJudgments qrels = QrelsReader.read(SharedData.require("cacm/qrels.cacm.txt"));
    assertThat(qrels.topics()).hasSize(52);
    assertThat(qrels.size()).isEqualTo(796);
    assertThat(qrels.of("1")).containsEntry("CACM-1410", 1);
    // ids below 1000 are written without padding in the qrels (the files are CACM-0115): kept as they are
    assertThat(qrels.of("3")).containsKey("CACM-1134");
    assertThat(qrels.topics().stream().flatMap(t -> qrels.of(t).keySet().stream())
        .filter(d -> d.length() < "CACM-1000".length())).hasSize(55);
  }

  @Test
  void testUnterminatedLastTopicIsAnError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path f = dir.resolve("topics.txt");
    java.nio.file.Files.writeString(f, "<DOC>\n<DOCNO> 1 </DOCNO>\nfirst\n</DOC>\n<DOC>\n<DOCNO> 2 </DOCNO>\nsecond\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> CacmTopicsReader.read(f))
        .isInstanceOf(FileFormatException.class)
        .hasMessage("topics file " + f + ", line 7: topic 2 has no closing </DOC> (truncated?)");
  }
}
