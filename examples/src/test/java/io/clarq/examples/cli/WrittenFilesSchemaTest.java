package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.prompt.EchoPack;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.results.WrittenFileSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every JSON and JSON Lines file the commands write validates against its schema in docs/schemas: a ClarQ-LLM run
 * with a model seeker and judge (loopback server) and a response cache, a run with trials in shards, their merge and a
 * leaderboard of it, the demo, an FLM file and a TOA run, sharded TOA and question-generation runs and their merges,
 * and a question generation and its rubric judgement. A file no schema covers fails ({@link WrittenFileSchemas#TABLE}).
 */
class WrittenFilesSchemaTest extends CommandTestBase {
  @TempDir Path dir;

  private void assertValid(Path root, String... expected) {
    assertThat(WrittenFileSchemas.checkedFiles(root)).containsExactlyInAnyOrder(expected);
    assertThat(WrittenFileSchemas.validateTree(root)).isEmpty();
  }

  @Test
  void testClarqLlmRunFiles() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    EchoPack.write(dir.resolve("pack"), PackBehaviour.REFERENCE);
    SimulatedClarqModel seeker = new SimulatedClarqModel(Duration.ZERO);
    Path out = dir.resolve("run");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> r.lastUserMessage().startsWith("judge/judge|")
        ? FakeReply.text("{\"analysis\": \"ok\", \"match\": true}") : seeker.reply(r))) {
      assertThat(run("run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--judge",
          server.baseUrl().toString(), "--prompts", dir.resolve("pack").toString(), "--tasks", tasks.toString(),
          "--select", "1-2", "--llm-cache", out.resolve("llm-cache.jsonl").toString(), "--out", out.toString()))
          .as(err.toString()).isZero();
    }
    assertValid(out, "judge-verdicts.jsonl -> judge-verdicts-line.schema.json",
        "llm-cache.jsonl -> response-cache-line.schema.json", "results.json -> clarq-run-results.schema.json",
        "run-config.json -> run-config.schema.json", "sessions.jsonl -> sessions-line.schema.json",
        "transcripts.jsonl -> transcript-line.schema.json");
    String results = Files.readString(out.resolve("results.json"));
    assertThat(results).contains("\"seeker\" : {", "\"judge\" : {", "\"role\" : \"seeker\"", "\"role\" : \"judge\"");
    assertThat(results).contains("\"forecast\" : {");   // --tasks in the shared data: the forecast data are beside it
  }

  @Test
  void testTrialRunShardsMergeAndLeaderboardFiles() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path runs = dir.resolve("trials");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      for (String shard : new String[] {"1/2", "2/2"}) {
        assertThat(run("run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--tasks",
            tasks.toString(), "--select", "3.1,4.2,5.1", "--trials", "2", "--shard", shard, "--llm-cache",
            runs.resolve("llm-cache.jsonl").toString(), "--out", runs.resolve("shard-{shard}").toString()))
            .as(err.toString()).isZero();
      }
    }
    assertThat(run("merge", runs.resolve("shard-1").toString(), runs.resolve("shard-2").toString(), "--tasks",
        tasks.toString(), "--out", runs.resolve("merged").toString())).as(err.toString()).isZero();
    assertThat(run("leaderboard", runs.resolve("merged").toString(), "--out", runs.resolve("board").toString()))
        .as(err.toString()).isZero();
    String[] runFiles = {"results.json -> clarq-run-results.schema.json", "run-config.json -> run-config.schema.json",
        "sessions.jsonl -> sessions-line.schema.json", "transcripts.jsonl -> transcript-line.schema.json"};
    List<String> expected = new java.util.ArrayList<>(List.of("llm-cache.jsonl -> response-cache-line.schema.json",
        "board/leaderboard.json -> leaderboard.schema.json"));
    for (String d : new String[] {"shard-1/", "shard-2/", "merged/"}) {
      for (String f : runFiles) {
        if (!(d.equals("merged/") && f.startsWith("sessions"))) {   // a merge plays no session of its own
          expected.add(d + f);
        }
      }
    }
    assertValid(runs, expected.toArray(String[]::new));
    // the files hold what the schemas gained: trial lines, figures across trials, the trial the board ranks
    assertThat(Files.readString(runs.resolve("merged/transcripts.jsonl"))).contains("\"trial\":2");
    assertThat(Files.readString(runs.resolve("merged/results.json"))).contains("\"trials\" : {");
    assertThat(Files.readString(runs.resolve("board/leaderboard.json"))).contains("\"compared_trial\" : 1",
        "\"trials\" : 2");
  }

  @Test
  void testDemoFiles() {
    Path out = dir.resolve("demo");
    assertThat(run("demo", "--out", out.toString())).as(err.toString()).isZero();
    assertValid(out, "results.json -> clarq-run-results.schema.json", "run-config.json -> run-config.schema.json",
        "sessions.jsonl -> sessions-line.schema.json", "transcripts.jsonl -> transcript-line.schema.json");
  }

  @Test
  void testFlmAndToaFiles() throws Exception {
    Path flm = dir.resolve("flm").resolve("dev-flm.jsonl");
    Files.createDirectories(flm.getParent());
    assertThat(run("flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "42", "--out", flm.toString())).as(err.toString()).isZero();
    Path small = dir.resolve("five-flm.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 5));
    Path out = dir.resolve("toa");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("unknown"))) {
      assertThat(run("toa", "run", "--flm", small.toString(), "--asker", "repeater", "--oracle", "offline",
          "--primary", server.baseUrl().toString(), "--improvability", "--out", out.toString()))
          .as(err.toString()).isZero();
    }
    assertValid(flm.getParent(), "dev-flm.jsonl -> flm-example-line.schema.json");
    assertValid(out, "item-usage.jsonl -> item-usage-line.schema.json", "results.json -> toa-results.schema.json",
        "run-config.json -> run-config.schema.json", "sessions.jsonl -> sessions-line.schema.json",
        "toa-results.jsonl -> toa-results-line.schema.json");
    assertThat(Files.readString(out.resolve("results.json"))).contains("\"benchmark\" : \"toa\"",
        "\"primary\" : {");
  }

  @Test
  void testShardedToaAndCqRunsAndTheirMergesFiles() throws Exception {
    Path flm = dir.resolve("dev-flm.jsonl");
    assertThat(run("flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "42", "--out", flm.toString())).as(err.toString()).isZero();
    Path small = dir.resolve("six-flm.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 6));
    Path toa = dir.resolve("toa");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("unknown"))) {
      for (String shard : new String[] {"1/2", "2/2"}) {
        assertThat(run("toa", "run", "--flm", small.toString(), "--asker", "repeater", "--oracle", "offline",
            "--primary", server.baseUrl().toString(), "--shard", shard, "--out", toa.resolve("shard-{shard}")
            .toString())).as(err.toString()).isZero();
      }
    }
    assertThat(run("toa", "merge", toa.resolve("shard-1").toString(), toa.resolve("shard-2").toString(), "--flm",
        small.toString(), "--out", toa.resolve("merged").toString())).as(err.toString()).isZero();
    String data = SharedData.require("clariq-fkw").toString();
    Path cq = dir.resolve("cq");
    for (int i = 1; i <= 2; i++) {
      assertThat(run("cq", "generate", "--data", data, "--limit", "4", "--generator", "template", "--shard", i + "/2",
          "--out", cq.resolve("shard-{shard}").toString())).as(err.toString()).isZero();
    }
    assertThat(run("cq", "merge", cq.resolve("shard-1").toString(), cq.resolve("shard-2").toString(), "--data", data,
        "--limit", "4", "--out", cq.resolve("merged").toString()))
        .as(err.toString()).isZero();
    WrittenFileSchemas.checkedFiles(toa).forEach(f -> assertThat(f).matches("(shard-[12]|merged)/.*"));
    assertThat(WrittenFileSchemas.checkedFiles(toa)).contains("merged/results.json -> toa-results.schema.json",
        "merged/toa-results.jsonl -> toa-results-line.schema.json",
        "merged/item-usage.jsonl -> item-usage-line.schema.json");
    assertThat(WrittenFileSchemas.validateTree(toa)).isEmpty();
    assertThat(WrittenFileSchemas.checkedFiles(cq)).contains("merged/results.json -> cq-generate-results.schema.json",
        "merged/generations.jsonl -> cq-generation-line.schema.json");
    assertThat(WrittenFileSchemas.validateTree(cq)).isEmpty();
  }

  @Test
  void testCqGenerateAndJudgeFiles() throws Exception {
    Path data = SharedData.require("clariq-fkw");
    Path out = dir.resolve("cq");
    Path questions = out.resolve("generate");
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--generator", "template", "--out",
        questions.toString())).as(err.toString()).isZero();
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("{\"naturalness\": \"Good\", "
        + "\"naturalness_reason\": \"fluent\", \"usefulness\": \"Fair\", \"usefulness_reason\": \"general\"}"))) {
      // the first question's replies cannot be read: recorded as unparsed
      server.enqueue(FakeReply.text("good, I think"), FakeReply.text("Good, Fair."));
      assertThat(run("cq", "judge", "--in", questions.toString(), "--judge", "openai:judge-model", "--base-url",
          server.baseUrl().toString(), "--out", out.resolve("judge").toString())).as(err.toString()).isZero();
    }
    assertValid(out, "generate/generations.jsonl -> cq-generation-line.schema.json",
        "generate/results.json -> cq-generate-results.schema.json", "generate/run-config.json -> run-config.schema.json",
        "generate/sessions.jsonl -> sessions-line.schema.json",
        "judge/item-usage.jsonl -> item-usage-line.schema.json",
        "judge/judgements.jsonl -> cq-judgement-line.schema.json", "judge/results.json -> cq-judge-results.schema.json",
        "judge/run-config.json -> run-config.schema.json", "judge/sessions.jsonl -> sessions-line.schema.json");
    // the first question's replies could not be read: counted as a failure of the judgement run
    assertThat(Files.readString(out.resolve("judge/results.json"))).contains("\"unparsed\" : 1");
  }

  @Test
  void testClariqAndProviderAuditFiles() {
    Path data = SharedData.require("clariq");
    Path out = dir.resolve("clariq");
    assertThat(run("clariq", "eval", "--task", "question_relevance", "--split", "dev", "--data", data.toString(),
        "--run", data.resolve("sample_runs/dev_bm25").toString(), "--per-topic", out.resolve("dev_per_topic.json")
        .toString())).as(err.toString()).isZero();
    assertThat(run("clariq", "synthesize", "--split", "dev", "--turns", "2", "--data", data.toString(), "--out",
        out.resolve("dev_synthetic.jsonl").toString())).as(err.toString()).isZero();
    assertThat(run("provider-audit", "--tasks", data("tasks"), "--transcripts", published("Chat.En"), "--types", "1",
        "--dump", out.resolve("provider_audit.jsonl").toString())).as(err.toString()).isZero();
    assertValid(out, "dev_per_topic.json -> clariq-per-topic.schema.json",
        "dev_synthetic.jsonl -> clariq-synthetic-line.schema.json",
        "provider_audit.jsonl -> provider-audit-line.schema.json");
  }
}
