package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.examples.cli.toa.ToaCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clarq toa run --dry-run}: it calls no model and writes nothing, and a real run of the same examples against a
 * loopback OpenAI-style server ({@link FakeOpenAiServer}) then sends, per role (told apart by the model each role is
 * given), a number of calls and of input tokens (measured on the requests the server received) inside the forecast.
 */
class ToaDryRunCommandTest extends ForecastCheck {
  @TempDir Path tmp;
  private void forecastHolds(String oracleMode, String... extra) throws IOException {
    forecastHoldsWith("--asker", oracleMode, extra);
  }

  private void forecastHoldsWith(String askerOption, String oracleMode, String... extra) throws IOException {
    Path flm = tmp.resolve("flm.jsonl");
    assertThat(run(List.of("flm", "make", "--hotpot", SharedData.require(
        "hotpotqa/hotpot_dev_distractor_first53.json").toString(), "--seed", "42", "--out", flm.toString())))
        .as(err).isZero();
    Path small = tmp.resolve("four.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 4));
    Path runDir = tmp.resolve("run-" + oracleMode);
    // an asking agent answers with an action; every other role reads "Yes" as it can
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(r.model().equals("a")
        ? "{\"action\": \"ask\", \"text\": \"Which fact is missing?\"}" : "Yes"))) {
      List<String> common = new ArrayList<>(List.of("toa", "run", "--flm", small.toString(), askerOption,
          "openai:a", "--oracle", "openai:o", "--oracle-mode", oracleMode, "--primary", "openai:p", "--base-url",
          server.baseUrl().toString(), "--out", runDir.toString()));
      common.addAll(List.of(extra));
      List<String> dry = new ArrayList<>(common);
      dry.addAll(List.of("--dry-run", "--prices", "a=1/2,o=1/2,p=1/2"));
      assertThat(run(dry)).as(err).isZero();
      assertThat(server.requests()).isEmpty();
      assertThat(runDir).doesNotExist();
      assertThat(out).contains("Forecast: 4 examples").contains("calls counted from the pipeline's structure")
          .contains("asker").contains("oracle").contains("primary").contains("$");
      RunForecast f = ((ToaCommand.Run) last.getSubcommands().get("toa").getSubcommands().get("run").getCommand())
          .dryRunForecast;
      assertThat(run(common)).as(err).isZero();
      Map<String, String> modelOf = Map.of("asker", "a", "oracle", "o", "primary", "p");
      for (RunForecast.RoleForecast role : f.roles()) {
        List<RecordedRequest> sent = server.requests().stream().filter(r -> r.model().equals(modelOf.get(
            role.role()))).toList();
        assertThat(role.calls().contains(sent.size())).as("%s: %d calls, forecast %s", role.role(), sent.size(),
            role.calls()).isTrue();
        long tokens = sent.stream().mapToLong(ToaDryRunCommandTest::inputTokens).sum();
        assertThat(role.inputTokens().contains(tokens)).as("%s: %d input tokens, forecast %s", role.role(), tokens,
            role.inputTokens()).isTrue();
      }
    }
  }

  @Test
  void testTheYesNoOraclesRunFallsInsideTheForecast() throws IOException {
    forecastHolds("yesno");
  }

  @Test
  void testAnAskingAgentsRunFallsInsideTheForecast() throws IOException {
    forecastHoldsWith("--agent", "yesno");
  }

  @Test
  void testTheChoiceOraclesRunWithTheImprovabilityCheckFallsInsideTheForecast() throws IOException {
    forecastHolds("choice", "--improvability");
  }
}
