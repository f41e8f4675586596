package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.serve.study.SeekerSessions;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq study create} and {@code export}, then {@code clarq evaluate --tasks demo} on the exported run. */
class StudyCommandTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testCreatePlayExportAndEvaluate() throws Exception {
    Path spec = dir.resolve("spec.json");
    Files.writeString(spec, "{\"name\":\"errands\",\"mode\":\"human-seeker\",\"participants\":2,\"per_participant\":2,"
        + "\"tasks\":{\"source\":\"demo\",\"ids\":[\"1.0\",\"1.1\"]}}");
    assertThat(run("study", "create", spec.toString(), "--studies", dir.resolve("studies").toString(), "--url",
        "http://lab.example:8080")).isZero();
    assertThat(out.toString()).contains("study errands (human-seeker) created")
        .containsPattern("p01\thttp://lab\\.example:8080/study/errands/p/[A-Za-z0-9_-]{43}\n")
        .containsPattern("p02\thttp://lab\\.example:8080/study/errands/p/[A-Za-z0-9_-]{43}\n");
    try (Study study = Study.open(dir.resolve("studies/errands"))) {
      SeekerSessions play = new SeekerSessions(study);
      for (StudyStore.Session s : study.store().sessions(1)) {
        play.say(s, "Hello Jax, can you help me with my task?", Optional.empty());
        play.say(s, "Goodbye.", Optional.empty());
      }
    }
    out.getBuffer().setLength(0);
    Path runs = dir.resolve("runs");
    assertThat(run("study", "export", dir.resolve("studies/errands").toString(), "--out", runs.toString())).isZero();
    assertThat(out.toString()).contains("errands-p01").contains("--tasks demo").doesNotContain("errands-p02");
    out.getBuffer().setLength(0);
    assertThat(run("evaluate", "--tasks", "demo", "--transcripts",
        runs.resolve("errands-p01/transcripts.jsonl").toString(), "--json")).isZero();
    assertThat(out.toString()).containsPattern("\"dialogues\" : 2,");
    assertThat(run("study", "create", dir.resolve("missing.json").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("missing.json: no such file");
  }
}
