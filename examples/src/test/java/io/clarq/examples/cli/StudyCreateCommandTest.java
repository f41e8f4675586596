package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq study create} refuses what the benchmark forbids, naming the item, and creates nothing. */
class StudyCreateCommandTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testTasksOfTwoSplitsAreRefusedNamingTheTask() throws Exception {
    Path spec = dir.resolve("spec.json");
    Files.writeString(spec, "{\"name\":\"mixed\",\"mode\":\"human-seeker\",\"participants\":1,\"per_participant\":1,"
        + "\"tasks\":{\"source\":\"demo\",\"ids\":[\"1.0\",\"27.3\"]}}");
    assertThat(run("study", "create", spec.toString(), "--studies", dir.resolve("studies").toString())).isNotZero();
    assertThat(err.toString()).contains("spec.json").contains("task 27.3 is of the dev split")
        .contains("task 1.0 of the test split");
    assertThat(dir.resolve("studies/mixed")).doesNotExist();
  }

  @Test
  void testAMalformedTaskIdIsRefusedNamingIt() throws Exception {
    Path spec = dir.resolve("spec.json");
    Files.writeString(spec, "{\"name\":\"bad\",\"mode\":\"human-seeker\",\"participants\":1,\"per_participant\":1,"
        + "\"tasks\":{\"source\":\"demo\",\"ids\":[\"1.0\",\"x\"]}}");
    assertThat(run("study", "create", spec.toString(), "--studies", dir.resolve("studies").toString())).isNotZero();
    assertThat(err.toString()).contains("task \"x\"");
  }
}
