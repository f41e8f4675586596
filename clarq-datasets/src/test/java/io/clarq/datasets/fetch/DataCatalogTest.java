package io.clarq.datasets.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped catalogue: its data sets, and every pinned file against the project's reference copy. */
class DataCatalogTest {
  final DataCatalog catalog = DataCatalog.builtIn();

  @TempDir Path tmp;

  @Test
  void testDataSets() {
    assertThat(catalog.all()).extracting(DataSet::name)
        .containsExactly("clarq-llm", "clariq", "clariq-fkw", "hotpotqa-dev", "cacm", "clarq-llm-reference",
            "mediq");
    DataSet clarq = catalog.get("clarq-llm");
    assertThat(clarq.files()).hasSize(31 * 2 + 6);
    assertThat(clarq.files().get(0).source(clarq.origin())).hasToString(
        "https://github.com/ygan/ClarQ-LLM/raw/e3bc7c8/data/English/1._Gather_Resources.json");
    assertThat(clarq.notFetchable()).extracting(NotFetchable::path)
        .containsExactly("judge-verdicts.jsonl", "reference-prompts/", "reference-traces/");
    DataSet reference = catalog.get("clarq-llm-reference");
    assertThat(reference.files()).extracting(DataFile::path).contains("agents/provider_agent.py", "evaluation.py",
        "LICENSE", "log/llm_evaluator_cache.pkl");
    assertThat(reference.files().get(0).source(reference.origin())).hasToString("https://raw.githubusercontent.com/"
        + "ygan/ClarQ-LLM/e3bc7c80173f01d0a04fa42f6b24efd9266fd081/ALL_KEYS.py");
    assertThat(catalog.get("hotpotqa-dev").fullyPinned()).isFalse();
    assertThat(catalog.all()).filteredOn(s -> !s.name().equals("hotpotqa-dev")).allMatch(DataSet::fullyPinned);
    assertThatThrownBy(() -> catalog.get("msmarco"))
        .hasMessage("unknown data set \"msmarco\"; known: clarq-llm, clariq, clariq-fkw, hotpotqa-dev, cacm,"
            + " clarq-llm-reference, mediq");
  }

  @Test
  void testPinnedFilesMatchTheReferenceCopy() throws IOException {
    DataDirectory shared = new DataDirectory(SharedData.require("clarq-llm").getParent());
    for (DataSet set : catalog.all()) {
      if (set.name().equals("hotpotqa-dev")) {
        continue;                                    // the reference copy holds a subset under another name
      }
      // the reference copy's folders are named like the data sets, except hotpotqa and the reference code, which
      // is clarq-llm/upstream there
      DataDirectory copy = shared;
      if (set.name().equals("clarq-llm-reference")) {
        copy = new DataDirectory(tmp);
        Files.createSymbolicLink(tmp.resolve(set.name()), SharedData.require("clarq-llm/upstream"));
      }
      for (FileCheck check : DataFetcher.verify(set, copy)) {
        assertThat(check.status()).as(check.describe()).isEqualTo(FileCheck.Status.VERIFIED);
      }
    }
  }

  @Test
  void testDataDirectoryResolution() {
    Path home = Path.of("/home/u");
    assertThat(DataDirectory.resolve(Optional.of(Path.of("/d")), Map.of("CLARQ_DATA", "/e"), home).root())
        .isEqualTo(Path.of("/d"));
    assertThat(DataDirectory.resolve(Optional.empty(), Map.of("CLARQ_DATA", "/e"), home).root())
        .isEqualTo(Path.of("/e"));
    assertThat(DataDirectory.resolve(Optional.empty(), Map.of(), home).root())
        .isEqualTo(Path.of("/home/u/.clarq/data"));
  }
}
