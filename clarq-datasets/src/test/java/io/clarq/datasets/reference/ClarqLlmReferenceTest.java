package io.clarq.datasets.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataCatalog;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.fetch.DataFile;
import io.clarq.datasets.verdict.VerdictFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClarqLlmReferenceTest {
  @TempDir Path tmp;

  private DataDirectory copyOfUpstream() throws IOException {
    Path upstream = SharedData.require("clarq-llm/upstream");
    DataDirectory dir = new DataDirectory(tmp.resolve("data"));
    for (DataFile f : DataCatalog.builtIn().get(ClarqLlmReference.DATA_SET).files()) {
      Path to = dir.file(ClarqLlmReference.DATA_SET, f);
      Files.createDirectories(to.getParent());
      Files.copy(upstream.resolve(f.path()), to);
    }
    return dir;
  }

  @Test
  void testDerivesTheReferencePackAndThe560Verdicts() throws IOException {
    DataDirectory dir = copyOfUpstream();
    ClarqLlmReference.Derived d = ClarqLlmReference.derive(dir);
    assertThat(d.prompts()).isEqualTo(ClarqLlmReference.prompts(dir).orElseThrow());
    assertThat(d.verdicts()).isEqualTo(ClarqLlmReference.verdicts(dir).orElseThrow());
    assertThat(d.verdictCount()).isEqualTo(560);
    PromptPack pack = PromptPack.load(d.prompts());
    assertThat(pack.digest()).isEqualTo(PromptPack.REFERENCE_DIGEST);
    assertThat(pack.comparableWithPaper()).isTrue();
    Path shared = SharedData.require("clarq-llm/reference-prompts");
    for (String f : files(shared)) {
      if (!f.equals("README.md")) {                   // the README is clarq's own text, not derived
        assertThat(Files.readAllBytes(d.prompts().resolve(f))).as(f).isEqualTo(Files.readAllBytes(shared.resolve(f)));
      }
    }
    assertThat(files(d.prompts())).containsExactlyInAnyOrderElementsOf(files(shared));
    assertThat(VerdictFile.read(d.verdicts())).containsExactlyInAnyOrderElementsOf(
        VerdictFile.read(SharedData.require("clarq-llm/judge-verdicts.jsonl")));
    // a second derivation replaces the first whole
    ClarqLlmReference.derive(dir);
    assertThat(files(dir.folder(ClarqLlmReference.DATA_SET)).stream().filter(f -> f.contains(".part")
        || f.startsWith(".")).toList()).isEmpty();
  }

  @Test
  void testASourceThatIsNotThePinnedFileIsRefusedByNameAndNothingIsWritten() throws IOException {
    DataDirectory dir = copyOfUpstream();
    Path provider = dir.folder(ClarqLlmReference.DATA_SET).resolve("agents/provider_agent.py");
    Files.writeString(provider, Files.readString(provider).replace("Jax", "Max"));
    assertThatThrownBy(() -> ClarqLlmReference.derive(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("provider_agent.py")
        .hasMessageContaining("expected SHA-256 7d7cc5512cdbaeb2fc5291b61718212cc26b5a9a4196d19064d46834c562ca46")
        .hasMessageContaining("clarq data fetch clarq-llm-reference");
    assertThat(ClarqLlmReference.prompts(dir)).isEmpty();
    assertThat(ClarqLlmReference.verdicts(dir)).isEmpty();
  }

  private static List<String> files(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
          .collect(Collectors.toList());
    }
  }
}
