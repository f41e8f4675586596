package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.examples.cli.cq.CqGenerateCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clarq cq generate --dry-run}: it calls no model and writes nothing, and a real run of the same rows against a
 * loopback OpenAI-style server ({@link FakeOpenAiServer}) then sends, per role (told apart by model), calls and input
 * tokens (measured on the requests the server received) inside the forecast.
 */
class CqDryRunCommandTest extends ForecastCheck {
  private static final Pattern WORDS = Pattern.compile("uses each of these words: (.*)\\.");

  @TempDir Path tmp;
  /** A generator that forgets the facet words on its first try at every form, then complies; a judge that rates. */
  private static FakeReply reply(RecordedRequest r) {
    if (!r.model().equals("g")) {
      return FakeReply.text("{\"usefulness\": \"good\", \"naturalness\": \"good\"}");
    }
    Matcher m = WORDS.matcher(r.messages().get(1).content());
    assertThat(m.find()).isTrue();
    String first = r.messages().get(1).content();
    String form = first.substring(first.indexOf("starts with \"") + 13, first.indexOf("\" and uses"));
    return r.messages().size() == 2 ? FakeReply.text(form + " something else?")
        : FakeReply.text(form + " " + m.group(1).replace(",", "") + "?");
  }

  @Test
  void testARealRunFallsInsideTheDryRunsForecast() {
    Path data = SharedData.require("clariq-fkw");
    Path gen = tmp.resolve("gen");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(CqDryRunCommandTest::reply)) {
      List<String> common = List.of("cq", "generate", "--data", data.toString(), "--limit", "3", "--generator",
          "openai:g", "--rank-judge", "openai:j", "--no-logprobs", "--base-url", server.baseUrl().toString(),
          "--out", gen.toString());
      List<String> dry = new ArrayList<>(common);
      dry.addAll(List.of("--dry-run", "--prices", "g=1/2,j=1/2"));
      assertThat(run(dry)).as(err).isZero();
      assertThat(server.requests()).isEmpty();
      assertThat(gen).doesNotExist();
      assertThat(out).contains("Forecast: 3 facet requests").contains("rendered on each row without a model")
          .contains("generator").contains("rank-judge").contains("$");
      RunForecast f = ((CqGenerateCommand) last.getSubcommands().get("cq").getSubcommands().get("generate")
          .getCommand()).dryRunForecast().orElseThrow();
      // 3 rows x 4 forms x 1-3 attempts; the rank judge at least once per form (no log-probabilities asked for)
      assertThat(f.roles().get(0).calls()).isEqualTo(new RunForecast.Range(12, 36));
      assertThat(f.roles().get(1).calls().low()).isEqualTo(12);
      assertThat(run(common)).as(err).isZero();
      Map<String, String> modelOf = Map.of("generator", "g", "rank-judge", "j");
      for (RunForecast.RoleForecast role : f.roles()) {
        List<RecordedRequest> sent = server.requests().stream().filter(r -> r.model().equals(modelOf.get(
            role.role()))).toList();
        assertThat(role.calls().contains(sent.size())).as("%s: %d calls, forecast %s", role.role(), sent.size(),
            role.calls()).isTrue();
        long tokens = sent.stream().mapToLong(CqDryRunCommandTest::inputTokens).sum();
        assertThat(role.inputTokens().contains(tokens)).as("%s: %d input tokens, forecast %s", role.role(), tokens,
            role.inputTokens()).isTrue();
      }
      // the judge of the questions just generated: one call each, its prompts exactly as rendered
      Path rated = tmp.resolve("rated");
      List<String> judge = List.of("cq", "judge", "--in", gen.toString(), "--judge", "openai:r", "--base-url",
          server.baseUrl().toString(), "--out", rated.toString());
      List<String> dryJudge = new ArrayList<>(judge);
      dryJudge.addAll(List.of("--dry-run", "--prices", "r=1/2"));
      int before = server.requests().size();
      assertThat(run(dryJudge)).as(err).isZero();
      assertThat(server.requests()).hasSize(before);
      assertThat(rated).doesNotExist();
      RunForecast j = ((io.clarq.examples.cli.cq.CqJudgeCommand) last.getSubcommands().get("cq").getSubcommands()
          .get("judge").getCommand()).dryRunForecast().orElseThrow();
      assertThat(j.roles().get(0).calls()).isEqualTo(new RunForecast.Range(3, 6));
      assertThat(run(judge)).as(err).isZero();
      List<RecordedRequest> sent = server.requests().subList(before, server.requests().size());
      assertThat(sent).hasSize(3);
      assertThat(j.roles().get(0).inputTokens().low()).isEqualTo(sent.stream()
          .mapToLong(CqDryRunCommandTest::inputTokens).sum());
    }
  }
}
