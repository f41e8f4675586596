package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.SharedData;
import io.clarq.examples.cli.clarqllm.RunCommand;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code clarq run} with a seeker on the {@code anthropic:} scheme, against a loopback Anthropic Messages server. */
class LangChain4jRunCommandTest {
  private static final String KEY = "sk-ant-e2e-test-8c2f71aSECRET";
  private final java.io.StringWriter out = new java.io.StringWriter();
  private final java.io.StringWriter err = new java.io.StringWriter();
  @TempDir Path dir;

  private int run(String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    ((RunCommand) cl.getSubcommands().get("run").getCommand()).llm
        .environment(Map.of("ANTHROPIC_API_KEY", KEY)::get);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void testCompletionSeekerOnAnthropicRunsToTheEnd() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(ProviderWires.ANTHROPIC,
        new SimulatedClarqModel(Duration.ZERO)::reply)) {
      assertThat(run("run", "--seeker", "comp:anthropic:claude-test", "--base-url", server.baseUrl().toString(),
          "--provider", "offline", "--multi-info", "--tasks", tasks.toString(), "--select", "3.1,4.2",
          "--out", dir.toString())).as(err.toString()).isZero();
      assertThat(out.toString()).contains("| English | 2 |");
      assertThat(server.callCount()).isPositive();
      assertThat(server.requests()).allSatisfy(r -> {
        assertThat(r.path()).isEqualTo("/v1/messages");
        assertThat(r.header("x-api-key")).contains(KEY);
        assertThat(r.model()).isEqualTo("claude-test");
      });
      String config = Files.readString(dir.resolve("run-config.json"));
      assertThat(config).contains("anthropic:claude-test").doesNotContain(KEY);
      assertThat(Files.readString(dir.resolve("transcripts.jsonl"))).contains("Question 0").doesNotContain(KEY);
    }
  }
}
