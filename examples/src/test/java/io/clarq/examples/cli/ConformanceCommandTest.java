package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.prompt.EchoPack;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.testing.SharedData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformanceCommandTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testTheReferencePackBesideTheTasksConformsAndSaysSoInJson() {
    Path data = SharedData.require("clarq-llm");
    int code = run("conformance", "--traces", data.resolve("reference-traces/judge.jsonl.gz").toString(),
        "--tasks", data.resolve("tasks").toString(), "--json");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).contains("\"records\" : 32", "\"passed\" : 32", "\"requests\" : 40",
        "\"requests_matched\" : 40", "\"failures\" : [ ]");
  }

  @Test
  void testAnotherPackFailsWithTheCallAndTheFirstDifference() {
    Path data = SharedData.require("clarq-llm");
    EchoPack.write(dir, PackBehaviour.REFERENCE);
    int code = run("conformance", data.resolve("reference-traces/judge.jsonl.gz").toString(), "--tasks",
        data.resolve("tasks").toString(), "--prompts", dir.toString());
    assertThat(code).isEqualTo(1);
    assertThat(out.toString()).contains("judge.jsonl.gz: records 0/32 passed, requests 0/40 matched")
        .contains("call 0: judge: messages[0].content differs at character 0").endsWith("NOT CONFORMANT\n");
  }

  @Test
  void testMissingTracesAreABadArgument() {
    EchoPack.write(dir, PackBehaviour.REFERENCE);
    assertThat(run("conformance", "--tasks", dir.toString(), "--prompts", dir.toString(), "--traces",
        dir.resolve("none").toString()))
        .isNotZero();
    assertThat(err.toString()).contains("does not exist");
  }
}
