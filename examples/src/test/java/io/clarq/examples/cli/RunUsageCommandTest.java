package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.eval.kernel.UsageLog;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * TOA, CQ and MediQ runs record in results.json what each role's model used, as ClarQ-LLM runs do: the calls and the
 * tokens the loopback server reported for that role's requests (cached prompt tokens included), also when a run is
 * resumed or its shards merged.
 */
class RunUsageCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern WORDS = Pattern.compile("uses each of these words: (.*)\\.");
  /** What the server reports per call, by model: prompt, completion and cached prompt tokens. */
  private static final Map<String, long[]> PER_CALL = Map.of("asker-model", new long[] {120, 9, 64},
      "oracle-model", new long[] {80, 2, 0}, "primary-model", new long[] {300, 5, 256},
      "gen-model", new long[] {90, 12, 32}, "rank-model", new long[] {200, 30, 128},
      "judge-model", new long[] {210, 31, 0}, "expert-model", new long[] {400, 3, 384},
      "patient-model", new long[] {150, 20, 16});

  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(tmp.resolve("nodata")));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  private static FakeReply reply(RecordedRequest r) {
    String text = switch (r.model()) {
      case "asker-model" -> "Which fact is missing?";
      case "oracle-model" -> "No";
      case "gen-model" -> generated(r);
      case "rank-model", "judge-model" -> "{\"naturalness\": \"Good\", \"naturalness_reason\": \"fluent\","
          + " \"usefulness\": \"Fair\", \"usefulness_reason\": \"general\"}";
      case "expert-model", "patient-model" -> "B";
      default -> "unknown";
    };
    long[] u = PER_CALL.getOrDefault(r.model(), new long[] {1, 1, 0});
    return FakeReply.text(text).withUsage(u[0], u[1], u[2]);
  }

  // a question with the facet words, as the generator's prompt asks
  private static String generated(RecordedRequest r) {
    String first = r.messages().get(1).content();
    Matcher m = WORDS.matcher(first);
    String form = first.contains("starts with \"")
        ? first.substring(first.indexOf("starts with \"") + 13, first.indexOf("\" and uses")) : "Do you want";
    return form + " " + (m.find() ? m.group(1).replace(",", "") : "this") + "?";
  }

  /** The usage the server reported for {@code model}'s requests: calls, input, output, cached input. */
  private static long[] served(FakeOpenAiServer server, String model) {
    long calls = server.requests().stream().filter(r -> r.model().equals(model)).count();
    long[] u = PER_CALL.get(model);
    return new long[] {calls, calls * u[0], calls * u[1], calls * u[2]};
  }

  private static long[] recorded(JsonNode results, String role) {
    JsonNode u = results.path("usage").path(role);
    assertThat(u.isObject()).as("usage of " + role + " in " + results.path("usage")).isTrue();
    assertThat(u.path("cache_write_tokens").asLong()).isZero();
    return new long[] {u.path("calls").asLong(), u.path("input_tokens").asLong(), u.path("output_tokens").asLong(),
        u.path("cached_input_tokens").asLong()};
  }

  private static JsonNode results(Path dir) throws IOException {
    return JSON.readTree(dir.resolve("results.json").toFile());
  }

  private Path flm() throws IOException {
    Path all = tmp.resolve("dev-flm.jsonl");
    assertThat(run("flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "42", "--out", all.toString())).as(err.toString()).isZero();
    Path four = tmp.resolve("four.jsonl");
    Files.write(four, Files.readAllLines(all).subList(0, 4));
    return four;
  }

  private int toa(Path flm, String url, Path dir, String... more) {
    List<String> a = new java.util.ArrayList<>(List.of("toa", "run", "--flm", flm.toString(), "--asker",
        "openai:asker-model", "--oracle", "openai:oracle-model", "--primary", "openai:primary-model", "--base-url",
        url, "--out", dir.toString()));
    a.addAll(List.of(more));
    return run(a.toArray(String[]::new));
  }

  @Test
  void testToaRecordsEachRolesTokensAlsoWhenResumedAndMerged() throws IOException {
    Path flm = flm();
    Path whole = tmp.resolve("whole");
    JsonNode full;
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      assertThat(toa(flm, server.baseUrl().toString(), whole)).as(err.toString()).isZero();
      full = results(whole);
      for (String role : List.of("asker", "oracle", "primary")) {
        assertThat(recorded(full, role)).as(role).containsExactly(served(server, role + "-model"));
      }
      assertThat(recorded(full, "asker")[0]).isEqualTo(4);
      assertThat(full.path("models").path("primary").path("name").asText()).isEqualTo("openai:primary-model");
      // the scorecard shows each role's tokens and prices them by the role's model, cached input at its own price
      io.clarq.eval.scorecard.Scorecard.Entry e = io.clarq.eval.scorecard.Scorecards.entry(whole,
          java.util.Optional.of(io.clarq.core.llm.usage.PriceTable.parse(
              "asker-model=1.00/2.00/0.50,oracle-model=3.00/4.00,primary-model=5.00/6.00/2.50")));
      long[] a = served(server, "asker-model");
      long[] o = served(server, "oracle-model");
      long[] p = served(server, "primary-model");
      assertThat(e.usage().get("asker")).isEqualTo(new io.clarq.eval.scorecard.Scorecard.RoleUsage(a[0], a[1], a[2],
          a[3]));
      double expected = ((a[1] - a[3]) * 1.00 + a[3] * 0.50 + a[2] * 2.00 + o[1] * 3.00 + o[2] * 4.00
          + (p[1] - p[3]) * 5.00 + p[3] * 2.50 + p[2] * 6.00) / 1e6;
      assertThat(e.cost().getAsDouble()).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
    }
    // a run killed after three examples: the resume plays the fourth and its usage is the whole run's
    Path log = whole.resolve("toa-results.jsonl");
    Files.write(log, Files.readAllLines(log).subList(0, 3));
    Files.delete(whole.resolve("results.json"));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      assertThat(toa(flm, server.baseUrl().toString(), whole)).as(err.toString()).isZero();
      assertThat(server.requests()).filteredOn(r -> r.model().equals("asker-model")).hasSize(1);
    }
    assertThat(results(whole).path("usage")).isEqualTo(full.path("usage"));
    assertThat(UsageLog.read(whole)).hasSize(4);
    // two shards merged: the sum of the shards', which is the whole run's
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      for (int i = 1; i <= 2; i++) {
        assertThat(toa(flm, server.baseUrl().toString(), tmp.resolve("s" + i), "--shard", i + "/2"))
            .as(err.toString()).isZero();
      }
    }
    assertThat(recorded(results(tmp.resolve("s1")), "asker")[0]).isEqualTo(2);
    assertThat(run("toa", "merge", tmp.resolve("s1").toString(), tmp.resolve("s2").toString(), "--flm",
        flm.toString(), "--out", tmp.resolve("merged").toString())).as(err.toString()).isZero();
    assertThat(results(tmp.resolve("merged")).path("usage")).isEqualTo(full.path("usage"));
  }

  @Test
  void testAnOfflineRoleRecordsNothing() throws IOException {
    Path flm = flm();
    Path dir = tmp.resolve("offline");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      assertThat(run("toa", "run", "--flm", flm.toString(), "--asker", "repeater", "--oracle", "offline",
          "--primary", "openai:primary-model", "--base-url", server.baseUrl().toString(), "--out", dir.toString()))
          .as(err.toString()).isZero();
      JsonNode r = results(dir);
      assertThat(r.path("usage").fieldNames()).toIterable().containsExactly("primary");
      assertThat(recorded(r, "primary")).containsExactly(served(server, "primary-model"));
    }
  }

  @Test
  void testCqGenerationAndJudgingRecordEachRolesTokens() throws IOException {
    Path data = SharedData.require("clariq-fkw");
    Path gen = tmp.resolve("gen");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--generator", "openai:gen-model",
          "--rank-judge", "openai:rank-model", "--base-url", server.baseUrl().toString(), "--no-logprobs", "--out",
          gen.toString())).as(err.toString()).isZero();
      JsonNode r = results(gen);
      assertThat(recorded(r, "generator")).containsExactly(served(server, "gen-model"));
      assertThat(recorded(r, "judge")).containsExactly(served(server, "rank-model"));
      assertThat(recorded(r, "judge")[0]).isPositive();
    }
    Path judged = tmp.resolve("judged");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:judge-model", "--base-url",
          server.baseUrl().toString(), "--out", judged.toString())).as(err.toString()).isZero();
      JsonNode r = results(judged);
      assertThat(recorded(r, "judge")).containsExactly(served(server, "judge-model"));
      assertThat(recorded(r, "judge")[0]).isEqualTo(3);
      assertThat(r.path("usage").fieldNames()).toIterable().containsExactly("judge");
    }
  }

  @Test
  void testMediqRecordsTheExpertsAndThePatientsTokensAndModels() throws IOException {
    String first = Files.readAllLines(SharedData.require("mediq/data").resolve("all_craft_md.jsonl")).get(0);
    Path folder = Files.createDirectories(tmp.resolve("cases"));
    Files.writeString(folder.resolve("all_craft_md.jsonl"), first + "\n");
    Path dir = tmp.resolve("mediq");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(RunUsageCommandTest::reply)) {
      assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--prompts", "clarq",
          "--expert", "basic", "--patient", "instruct", "--expert-model", "openai:expert-model", "--patient-model",
          "openai:patient-model", "--base-url", server.baseUrl().toString(), "--llm-attempts", "1",
          "--max-questions", "2", "--out", dir.toString())).as(err.toString()).isZero();
      JsonNode r = results(dir);
      assertThat(recorded(r, "expert")).containsExactly(served(server, "expert-model"));
      assertThat(recorded(r, "patient")).containsExactly(served(server, "patient-model"));
      assertThat(recorded(r, "expert")[0]).isPositive();
      assertThat(r.path("models").path("expert").path("name").asText()).isEqualTo("openai:expert-model");
      assertThat(r.path("models").path("patient").path("name").asText()).isEqualTo("openai:patient-model");
    }
  }
}
