package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.mediq.MediqReferencePack;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediqConformanceTest {
  @Test
  void testEveryReferenceTraceFileConforms() throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    PromptPack pack = MediqReferencePack.load(SharedData.require("mediq/upstream"));
    List<Path> files = MediqConformance.traceFiles(traces);
    assertThat(files).hasSize(80);
    List<String> failed = new ArrayList<>();
    int requests = 0;
    for (Path f : files) {
      MediqConformance.FileResult r = MediqConformance.check(f, pack);
      assertThat(r.cases()).as(f.toString()).hasSize(10);
      requests += r.requests();
      if (!r.passed()) {
        failed.add(r.line());
      }
    }
    assertThat(failed).isEmpty();
    assertThat(requests).isGreaterThan(15_000);
  }

  @Test
  void testOneChangedByteInARequestFailsExactlyThatCase(@TempDir Path dir) throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    PromptPack pack = MediqReferencePack.load(SharedData.require("mediq/upstream"));
    String name = "craft_md__BasicExpert__InstructPatient__base.jsonl";
    String text;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(traces.resolve(name + ".gz")))) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Path copy = dir.resolve(name);
    Files.writeString(copy, text, StandardCharsets.UTF_8);
    assertThat(MediqConformance.check(copy, pack).passed()).isTrue();
    // the first request of case 4: one letter of its case prompt changed
    String[] lines = text.split("\n", -1);
    int at = -1;
    for (int i = 0; i < lines.length && at < 0; i++) {
      if (lines[i].startsWith("{\"type\": \"request\", \"case_id\": 4,")) {
        at = i;
      }
    }
    assertThat(at).isPositive();
    String changed = lines[at].replaceFirst("PATIENT INFORMATION: ", "PATIENT INFORMATION; ");
    assertThat(changed.length()).isEqualTo(lines[at].length());
    assertThat(changed).isNotEqualTo(lines[at]);
    lines[at] = changed;
    Files.writeString(copy, String.join("\n", lines), StandardCharsets.UTF_8);
    MediqConformance.FileResult r = MediqConformance.check(copy, pack);
    assertThat(r.passed()).isFalse();
    assertThat(r.cases().stream().filter(c -> !c.passed()).map(MediqConformance.CaseResult::caseId))
        .containsExactly(4);
    assertThat(r.line()).startsWith("FAIL " + name + ": 9/10 cases")
        .contains("case 4: request 0 (expert_implicit): messages[1].content differs at character");
  }
}
