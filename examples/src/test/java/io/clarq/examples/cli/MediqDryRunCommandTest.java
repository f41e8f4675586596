package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.examples.cli.mediq.MediqRunCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq mediq run --dry-run}: it calls no model and writes nothing, and the calls a real run of the same cases
 * then sends to a loopback OpenAI-style server ({@link FakeOpenAiServer}), counted per role by the model each role is
 * given, fall inside the forecast's ranges.
 */
class MediqDryRunCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();
  CommandLine last;

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    last = ClarqCommand.commandLine(new DataDirectory(tmp.resolve("nodata")));
    last.setOut(new PrintWriter(out, true));
    last.setErr(new PrintWriter(err, true));
    return last.execute(args);
  }

  /** A data folder holding the first {@code n} cases of craft_md. */
  private Path data(int n) throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("data"));
    List<String> lines = Files.readAllLines(SharedData.require("mediq/data").resolve("all_craft_md.jsonl"));
    Files.writeString(folder.resolve("all_craft_md.jsonl"), String.join("\n", lines.subList(0, n)) + "\n");
    return folder;
  }

  @Test
  void testTheCallsOfARealRunFallInsideTheDryRunsForecast() throws IOException {
    Path folder = data(2);
    Path runDir = tmp.resolve("run");
    List<String> common = List.of("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--prompts",
        "clarq", "--expert", "fixed", "--patient", "instruct", "--expert-model", "openai:e", "--question-model",
        "openai:q", "--patient-model", "openai:p", "--max-questions", "30", "--out", runDir.toString());
    try (FakeOpenAiServer server = FakeOpenAiServer.start(req -> FakeReply.text("A"))) {
      List<String> dry = new java.util.ArrayList<>(common);
      dry.addAll(List.of("--base-url", server.baseUrl().toString(), "--dry-run", "--prices",
          "e=1/2,q=1/2,p=1/2"));
      assertThat(run(dry.toArray(String[]::new))).as(err.toString()).isEqualTo(0);
      assertThat(server.requests()).isEmpty();
      assertThat(runDir).doesNotExist();
      assertThat(out.toString()).contains("Forecast: 2 cases").contains("expert ").contains("question ")
          .contains("patient ").contains("reference traces").contains("$");
      RunForecast f = ((MediqRunCommand) last.getSubcommands().get("mediq").getSubcommands().get("run")
          .getCommand()).dryRunForecast().orElseThrow();
      List<String> real = new java.util.ArrayList<>(common);
      real.addAll(List.of("--base-url", server.baseUrl().toString(), "--llm-attempts", "1"));
      assertThat(run(real.toArray(String[]::new))).as(err.toString()).isEqualTo(0);
      Map<String, Long> calls = server.requests().stream().collect(Collectors.groupingBy(
          (RecordedRequest r) -> r.json().path("model").asText(), Collectors.counting()));
      assertThat(calls.keySet()).containsExactlyInAnyOrder("e", "q", "p");
      Map<String, String> modelOf = Map.of("expert", "e", "question", "q", "patient", "p");
      for (RunForecast.RoleForecast r : f.roles()) {
        assertThat(r.model()).isEqualTo(modelOf.get(r.role()));
        assertThat(r.calls().contains(calls.get(r.model()))).as("%s: %d calls, forecast %s", r.role(),
            calls.get(r.model()), r.calls()).isTrue();
      }
    }
  }

  @Test
  void testBatchPricesTheForecastAtTheBatchPriceAndAModelFreePatientSpendsNothing() throws IOException {
    Path folder = data(3);
    assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--prompts", "clarq",
        "--expert", "basic", "--patient", "offline", "--expert-model", "openai:e", "--dry-run", "--batch",
        "--prices", "e=2/4", "--out", tmp.resolve("run").toString())).as(err.toString()).isEqualTo(0);
    assertThat(err.toString()).doesNotContain("default settings");
    RunForecast f = ((MediqRunCommand) last.getSubcommands().get("mediq").getSubcommands().get("run")
        .getCommand()).dryRunForecast().orElseThrow();
    assertThat(f.dialogues()).isEqualTo(3);
    assertThat(f.roles().get(2).calls()).isEqualTo(new RunForecast.Range(0, 0));
    assertThat(f.roles().get(0).batch()).isTrue();
    assertThat(out.toString()).contains("batch");
    // options the statistics were not measured with are named
    assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--prompts", "clarq",
        "--expert", "basic", "--expert-model", "openai:e", "--rationale-generation", "--dry-run", "--out",
        tmp.resolve("run").toString())).as(err.toString()).isEqualTo(0);
    assertThat(err.toString()).contains("measured at the reference's default settings, not with"
        + " --rationale-generation");
    // half the synchronous price: the batch API's
    double[] batch = f.roles().get(0).cost(io.clarq.core.llm.usage.PriceTable.parse("e=2/4")).orElseThrow();
    RunForecast sync = new RunForecast(f.dialogues(), 0, f.basis(), f.roles().stream().map(r ->
        new RunForecast.RoleForecast(r.role(), r.model(), r.calls(), r.inputTokens(), r.outputTokens())).toList());
    double[] full = sync.roles().get(0).cost(io.clarq.core.llm.usage.PriceTable.parse("e=2/4")).orElseThrow();
    assertThat(batch[1]).isCloseTo(full[1] / 2, org.assertj.core.data.Offset.offset(1e-9));
  }
}
