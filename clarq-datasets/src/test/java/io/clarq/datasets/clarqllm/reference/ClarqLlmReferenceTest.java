package io.clarq.datasets.clarqllm.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.datasets.fetch.DataCatalog;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.fetch.DataFile;
import io.clarq.datasets.fetch.DerivedCheck;
import io.clarq.datasets.fetch.DerivedFiles;
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

  /**
   * The paper's verdicts are known by their digest: the one of the verdicts derived from the pinned judge cache, which
   * is also the one of the project's reference copy (the same records in the cache's order).
   */
  @Test
  void testThePaperVerdictDigestIsTheDerivationsAndTheReferenceCopys() throws IOException {
    Path shared = SharedData.require("clarq-llm/judge-verdicts.jsonl");
    DataDirectory dir = copyOfUpstream();
    ClarqLlmReference.Derived d = ClarqLlmReference.derive(dir);
    List<VerdictRecord> derived = VerdictFile.read(d.verdicts());
    assertThat(VerdictFile.digest(derived)).isEqualTo(ClarqLlmReference.VERDICTS_DIGEST);
    assertThat(VerdictFile.digest(VerdictFile.read(shared))).isEqualTo(ClarqLlmReference.VERDICTS_DIGEST);
    assertThat(Files.readAllBytes(shared)).isNotEqualTo(Files.readAllBytes(d.verdicts()));   // other order, same digest
    assertThat(ClarqLlmReference.verdictsLabel(shared, VerdictFile.read(shared))).contains("the paper's GPT-4o judge");
    assertThat(ClarqLlmReference.verdictsLabel(d.verdicts(), derived)).contains("the paper's GPT-4o judge");
  }

  /** Every derived file's SHA-256 is recorded; an edited, removed or added file is named, and a new fetch repairs it. */
  @Test
  void testAnEditedDerivedFileIsNamedAndNeverLabelledThePapers() throws IOException {
    DataDirectory dir = copyOfUpstream();
    Path folder = dir.folder(ClarqLlmReference.DATA_SET);
    ClarqLlmReference.Derived d = ClarqLlmReference.derive(dir);
    List<DerivedCheck> checks = ClarqLlmReference.verifyDerived(dir);
    assertThat(checks).extracting(DerivedCheck::status).containsOnly(DerivedCheck.Status.VERIFIED);
    assertThat(checks).extracting(DerivedCheck::path).contains("judge-verdicts.jsonl",
        "reference-prompts/judge/judge.en.txt", "reference-prompts/README.md")
        .hasSize(files(d.prompts()).size() + 1);

    // English non-matches flipped to matches: the file is named, and its verdicts are not the paper's
    String flipped = Files.readAllLines(d.verdicts()).stream().map(l -> l.startsWith("{\"language\": \"en\"")
        ? l.replace("\"match\": false", "\"match\": true") : l).collect(Collectors.joining("\n", "", "\n"));
    Files.writeString(d.verdicts(), flipped);
    List<DerivedCheck> edited = problems(dir);
    assertThat(edited).singleElement().satisfies(c -> {
      assertThat(c.status()).isEqualTo(DerivedCheck.Status.MODIFIED);
      assertThat(c.describe()).startsWith("MODIFIED   " + d.verdicts() + ": differs from what the fetch derived"
          + " (SHA-256 " + ClarqLlmReference.VERDICTS_DIGEST + " when derived, ");
    });
    assertThat(ClarqLlmReference.verdictsLabel(d.verdicts(), VerdictFile.read(d.verdicts())))
        .contains("MODIFIED since `clarq data fetch clarq-llm-reference` derived it: not the paper's GPT-4o judge's"
            + " verdicts");
    // a copy elsewhere claims nothing either way
    Path copy = Files.copy(d.verdicts(), tmp.resolve("mine.jsonl"));
    assertThat(ClarqLlmReference.verdictsLabel(copy, VerdictFile.read(copy))).isEmpty();

    // an edited template, a removed one, an added file: each named
    Path template = d.prompts().resolve("judge/judge.en.txt");
    Files.writeString(template, Files.readString(template) + " ");
    Files.delete(d.prompts().resolve("README.md"));
    Files.writeString(d.prompts().resolve("extra.txt"), "x");
    assertThat(problems(dir)).extracting(DerivedCheck::path, DerivedCheck::status).containsExactlyInAnyOrder(
        org.assertj.core.groups.Tuple.tuple("judge-verdicts.jsonl", DerivedCheck.Status.MODIFIED),
        org.assertj.core.groups.Tuple.tuple("reference-prompts/judge/judge.en.txt", DerivedCheck.Status.MODIFIED),
        org.assertj.core.groups.Tuple.tuple("reference-prompts/README.md", DerivedCheck.Status.MISSING),
        org.assertj.core.groups.Tuple.tuple("reference-prompts/extra.txt", DerivedCheck.Status.ADDED));

    // derived again (as every fetch does): whole and verified
    ClarqLlmReference.derive(dir);
    assertThat(problems(dir)).isEmpty();
    // without the record (an older clarq's derivation) nothing can be told: unchecked, not verified
    Files.delete(folder.resolve(DerivedFiles.RECORD));
    assertThat(ClarqLlmReference.verifyDerived(dir)).extracting(DerivedCheck::status)
        .containsOnly(DerivedCheck.Status.UNRECORDED);
  }

  private static List<DerivedCheck> problems(DataDirectory dir) throws IOException {
    return ClarqLlmReference.verifyDerived(dir).stream().filter(c -> c.status() != DerivedCheck.Status.VERIFIED)
        .toList();
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
