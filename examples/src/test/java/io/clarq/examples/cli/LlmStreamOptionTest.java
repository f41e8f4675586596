package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --llm-param stream=true} is an option error with its reason, before any model is asked. */
class LlmStreamOptionTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testStreamTrueIsRefusedWithItsReason() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    assertThat(run("run", "--seeker", "http://127.0.0.1:9/v1", "--provider", "offline", "--tasks", tasks.toString(),
        "--out", dir.toString(), "--llm-param", "stream=true")).isEqualTo(2);
    assertThat(err.toString()).contains("--seeker").contains("illegal body field stream=true")
        .contains("streaming is not supported");
  }
}
