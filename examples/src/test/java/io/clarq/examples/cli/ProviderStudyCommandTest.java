package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.serve.study.ProviderSessions;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A human-provider study through the command line: {@code clarq study create}, played through the library as the
 * pages play it, {@code clarq study export}, then {@code clarq evaluate --tasks demo} on the exported run.
 */
class ProviderStudyCommandTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testCreatePlayExportAndEvaluate() throws Exception {
    Path spec = dir.resolve("spec.json");
    Files.writeString(spec, "{\"name\":\"lighthouse-l2h\",\"mode\":\"human-provider\",\"participants\":1,"
        + "\"per_participant\":2,\"seeker\":\"rule\",\"tasks\":{\"source\":\"demo\",\"ids\":[\"1.0\",\"1.1\"]}}");
    assertThat(run("study", "create", spec.toString(), "--studies", dir.resolve("studies").toString())).isZero();
    assertThat(out.toString()).contains("study lighthouse-l2h (human-provider) created")
        .containsPattern("p01\thttp://127\\.0\\.0\\.1:7070/study/lighthouse-l2h/p/[A-Za-z0-9_-]{43}\n");
    try (Study study = Study.open(dir.resolve("studies/lighthouse-l2h"))) {
      ProviderSessions play = new ProviderSessions(study);
      for (StudyStore.Session s : study.store().sessions(1)) {
        ProviderSessions.ProviderView v = play.view(s);
        for (int i = 0; i < 20 && !v.finished(); i++) {
          Optional<NodeId> next = v.tree().stream().filter(n -> n.state() == ProviderSessions.NodeState.AVAILABLE)
              .map(ProviderSessions.TreeLine::id).findFirst();
          v = next.isPresent() ? play.answer(s, List.of(next.get()), "", Optional.empty())
              : play.answer(s, List.of(), play.enoughInformation(), Optional.empty());
        }
        assertThat(v.finished()).isTrue();
      }
    }
    out.getBuffer().setLength(0);
    Path runs = dir.resolve("runs");
    assertThat(run("study", "export", dir.resolve("studies/lighthouse-l2h").toString(), "--out", runs.toString()))
        .isZero();
    assertThat(out.toString()).contains("lighthouse-l2h-p01").contains("--tasks demo");
    assertThat(Files.readString(runs.resolve("lighthouse-l2h-p01/results.json")))
        .contains("\"provider_model\" : \"human:lighthouse-l2h/p01\"");
    out.getBuffer().setLength(0);
    assertThat(run("evaluate", "--tasks", "demo", "--transcripts",
        runs.resolve("lighthouse-l2h-p01/transcripts.jsonl").toString(), "--json")).isZero();
    // the person gave every line of both trees: two dialogues, both successes
    assertThat(out.toString()).containsPattern("\"dialogues\" : 2,").containsPattern("\"success\" : 1\\.0");
  }
}
