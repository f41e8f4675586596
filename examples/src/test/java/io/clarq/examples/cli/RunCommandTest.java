package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testHelp() {
    assertThat(run("run", "--help")).isZero();
    assertThat(out.toString()).contains("--seeker", "--provider", "--multi-info", "--replay-only", "--max-seeker-turns");
  }

  @Test
  void testBadArgumentsExitTwoWithMessage() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    assertThat(run("run", "--seeker", "openai:gpt-4o", "--provider", "openai:gpt-4o", "--tasks", tasks.toString(),
        "--out", dir.toString(), "--replay-only")).isEqualTo(2);
    assertThat(err.toString()).contains("--replay-only needs --llm-cache FILE");
    assertThat(run("run", "--seeker", "openai:gpt-4o", "--provider", "openai:gpt-4o", "--tasks", tasks.toString(),
        "--out", dir.toString(), "--lang", "fr")).isEqualTo(2);
    assertThat(err.toString()).contains("--lang: unknown language \"fr\"");
    assertThat(run("run", "--seeker", "openai:gpt-4o", "--provider", "offline", "--tasks", tasks.toString(),
        "--out", dir.toString(), "--select", "1.12")).isEqualTo(2);
    assertThat(err.toString()).contains("--select: illegal task selection \"1.12\"");
  }

  @Test
  void testOfflineProviderNeedsNoModel() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      assertThat(run("run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--multi-info",
          "--tasks", tasks.toString(), "--select", "3.1,4.2", "--out", dir.toString())).as(err.toString()).isZero();
      assertThat(out.toString()).contains("| English | 2 |");
      assertThat(Files.readString(dir.resolve("run-config.json"))).contains("\"provider\" : \"offline");
      // every model call was the seeker's: the offline provider asked none
      assertThat(server.requests()).allMatch(r -> !r.json().has("response_format"));
    }
  }

  @Test
  void testTrialsPlayEachTaskKTimesWithTheirSeeds() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    assertThat(run("run", "--seeker", "openai:gpt-4o", "--provider", "offline", "--tasks", tasks.toString(),
        "--out", dir.toString(), "--trials", "0")).isEqualTo(2);
    assertThat(err.toString()).contains("--trials 0: must be 1-1000");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      assertThat(run("run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--tasks",
          tasks.toString(), "--select", "3.1,4.2", "--trials", "2", "--out", dir.resolve("t").toString()))
          .as(err.toString()).isZero();
      assertThat(err.toString()).contains("clarq run: 4 dialogues");
      assertThat(out.toString()).contains("## Trials", "seeds 8848, 8849", "| pass^2 |", "| pass@2 |");
      assertThat(Files.readAllLines(dir.resolve("t").resolve("transcripts.jsonl"))).hasSize(4);
      assertThat(Files.readString(dir.resolve("t").resolve("run-config.json"))).contains("\"trials\" : \"2\"");
      assertThat(server.requests().stream().map(r -> r.json().path("seed").asLong()).distinct().sorted().toList())
          .containsExactly(8848L, 8849L);
    }
  }

  @Test
  void testAFixedSeedWithTrialsIsRefusedBeforeAnyCall() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      assertThat(run("run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--tasks",
          tasks.toString(), "--select", "3.1", "--trials", "2", "--llm-param", "seed=1", "--out",
          dir.resolve("t").toString())).isEqualTo(2);
      assertThat(err.toString()).contains("--llm-param seed=1 with --trials 2: the body field replaces every"
          + " request's seed, so all 2 trials would send seed 1");
      assertThat(server.callCount()).isZero();
      assertThat(dir.resolve("t")).doesNotExist();
      // one trial with a fixed seed, and a dropped seed with trials, are fine
      assertThat(run("run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--tasks",
          tasks.toString(), "--select", "3.1", "--llm-param", "seed=1", "--out", dir.resolve("one").toString()))
          .as(err.toString()).isZero();
      assertThat(server.requests()).allMatch(r -> r.json().path("seed").asLong() == 1L);
    }
  }

  @Test
  void testRunsAgainstLoopbackServerThenReplaysFromCache() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      List<String> args = new ArrayList<>(List.of("run", "--seeker", "chat:" + server.baseUrl(), "--provider",
          server.baseUrl().toString(), "--prompts", "clarq", "--tasks", tasks.toString(), "--select", "1-2",
          "--concurrency", "3",
          "--llm-cache", dir.resolve("cache.jsonl").toString()));
      List<String> first = new ArrayList<>(args);
      first.addAll(List.of("--out", dir.resolve("a").toString()));
      assertThat(run(first.toArray(String[]::new))).as(err.toString()).isZero();
      assertThat(out.toString()).contains("| English | 20 |", "transcripts: ");
      assertThat(err.toString()).contains("clarq run: 20 dialogues, 0 already finished", "20/20 dialogues");
      assertThat(server.callCount()).isPositive();

      server.reset();
      List<String> replay = new ArrayList<>(args);
      replay.addAll(List.of("--out", dir.resolve("b").toString(), "--replay-only"));
      assertThat(run(replay.toArray(String[]::new))).as(err.toString()).isZero();
      assertThat(server.callCount()).isZero();
      assertThat(Files.readAllBytes(dir.resolve("b").resolve("transcripts.jsonl")))
          .isEqualTo(Files.readAllBytes(dir.resolve("a").resolve("transcripts.jsonl")));
      assertThat(Files.readString(dir.resolve("b").resolve("results.json"))).contains("\"seeker\" : \"llm-chat\"");
    }
  }

  @Test
  void testLiveJudgeDecidesDuringTheRunAndItsVerdictsAreReusedOnResume() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    io.clarq.core.prompt.PromptPack pack = io.clarq.core.prompt.EchoPack.write(dir.resolve("pack"),
        io.clarq.core.prompt.PackBehaviour.REFERENCE);
    SimulatedClarqModel seekerModel = new SimulatedClarqModel(Duration.ZERO);
    java.util.concurrent.atomic.AtomicInteger judged = new java.util.concurrent.atomic.AtomicInteger();
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> {
      if (r.lastUserMessage().startsWith("judge/judge|")) {
        judged.incrementAndGet();
        return io.clarq.core.testing.FakeReply.text("{\"analysis\": \"ok\", \"match\": true}");
      }
      return seekerModel.reply(r);
    })) {
      List<String> args = List.of("run", "--seeker", server.baseUrl().toString(), "--provider", "offline",
          "--judge", server.baseUrl().toString(), "--prompts", dir.resolve("pack").toString(), "--tasks",
          tasks.toString(), "--select", "1-2", "--out", dir.resolve("out").toString());
      assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
      assertThat(err.toString()).contains("prompt pack: echo@" + pack.digest()).contains("NOT the paper's");
      int asked = judged.get();
      assertThat(asked).isPositive();
      assertThat(Files.readAllLines(dir.resolve("out/judge-verdicts.jsonl"))).hasSize(asked);
      String results = Files.readString(dir.resolve("out/results.json"));
      assertThat(results).contains("\"unjudged\" : 0").contains("\"prompts\" : \"echo@" + pack.digest());
      assertThat(Files.readString(dir.resolve("out/run-config.json"))).contains("echo@" + pack.digest());
      assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
      assertThat(judged.get()).isEqualTo(asked);

      // in two shards, each judged live into its own judge-verdicts.jsonl: the merge, given nothing, replays the
      // shards' verdicts (never asking the judge) and scores as the unsharded run did
      List<String> sharded = new ArrayList<>(args.subList(0, args.size() - 2));
      for (String shard : List.of("1/2", "2/2")) {
        assertThat(run(with(sharded, "--shard", shard, "--out", dir.resolve("shards/s" + shard.charAt(0))
            .toString()))).as(err.toString()).isZero();
      }
      int beforeMerge = judged.get();
      assertThat(run("merge", dir.resolve("shards").toString(), "--out", dir.resolve("merged").toString()))
          .as(err.toString()).isZero();
      assertThat(judged.get()).isEqualTo(beforeMerge);
      com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
      com.fasterxml.jackson.databind.JsonNode merged = json.readTree(dir.resolve("merged/results.json").toFile());
      com.fasterxml.jackson.databind.JsonNode whole = json.readTree(dir.resolve("out/results.json").toFile());
      assertThat(merged.get("judge")).isEqualTo(whole.get("judge"));
      assertThat(merged.get("languages")).isEqualTo(whole.get("languages"));
      assertThat(merged.get("unscored").asInt()).isZero();
    }
  }

  @Test
  void testShardsOverTwoServersMergeIntoWhatOneRunWrites() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer a = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply);
        FakeOpenAiServer b = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      List<String> args = List.of("run", "--seeker", "openai:simulated", "--provider", "openai:simulated",
          "--base-url", a.baseUrl().toString(), "--base-url", b.baseUrl().toString(), "--prompts", "clarq", "--tasks",
          tasks.toString(),
          "--select", "1-2", "--concurrency", "4");
      assertThat(run(with(args, "--out", dir.resolve("whole").toString()))).as(err.toString()).isZero();
      // both servers took calls, and the usage report says so per server
      assertThat(a.callCount()).isPositive();
      assertThat(b.callCount()).isPositive();
      assertThat(out.toString()).contains("model usage: ", "  " + a.baseUrl() + ": ", "  " + b.baseUrl() + ": ");
      assertThat(Files.readString(dir.resolve("whole").resolve("run-config.json")))
          .contains("\"provider_model\" : \"openai:simulated @ " + a.baseUrl() + ", " + b.baseUrl() + "\"");
      for (String shard : List.of("1/2", "2/2")) {
        assertThat(run(with(args, "--shard", shard, "--out", dir.resolve("s" + shard.charAt(0)).toString())))
            .as(err.toString()).isZero();
      }
      assertThat(run("merge", dir.resolve("s2").toString(), dir.resolve("s1").toString(), "--tasks",
          tasks.toString(), "--out", dir.resolve("merged").toString())).as(err.toString()).isZero();
      assertThat(out.toString()).contains("| English | 20 |");
      assertThat(Files.readAllBytes(dir.resolve("merged").resolve("transcripts.jsonl")))
          .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve("transcripts.jsonl")));
      com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
      assertThat(json.readTree(dir.resolve("merged").resolve("run-config.json").toFile()).get("settings"))
          .isEqualTo(json.readTree(dir.resolve("whole").resolve("run-config.json").toFile()).get("settings"));
      // the merged results hold the shards' forecasts summed, beside the merged transcript's actual figures
      com.fasterxml.jackson.databind.JsonNode merged = json.readTree(dir.resolve("merged/results.json").toFile())
          .get("forecast");
      com.fasterxml.jackson.databind.JsonNode s1 = json.readTree(dir.resolve("s1/results.json").toFile())
          .get("forecast");
      com.fasterxml.jackson.databind.JsonNode s2 = json.readTree(dir.resolve("s2/results.json").toFile())
          .get("forecast");
      com.fasterxml.jackson.databind.JsonNode whole = json.readTree(dir.resolve("whole/results.json").toFile())
          .get("forecast");
      assertThat(merged.get("dialogues").asInt()).isEqualTo(20).isEqualTo(s1.get("dialogues").asInt()
          + s2.get("dialogues").asInt());
      for (String role : List.of("seeker", "provider")) {
        for (String range : List.of("calls", "input_tokens", "output_tokens")) {
          for (int end = 0; end < 2; end++) {
            assertThat(merged.at("/roles/" + role + "/" + range + "/" + end).asLong()).as(role + " " + range)
                .isEqualTo(s1.at("/roles/" + role + "/" + range + "/" + end).asLong()
                    + s2.at("/roles/" + role + "/" + range + "/" + end).asLong());
          }
        }
        assertThat(merged.at("/roles/" + role + "/actual")).isEqualTo(whole.at("/roles/" + role + "/actual"));
        assertThat(merged.at("/roles/" + role + "/model").asText()).isEqualTo("simulated");
      }
      // the requeued merge job: the parent folder, nothing else given, over its own output: a no-op, exit 0
      err.getBuffer().setLength(0);
      assertThat(run("merge", dir.toString(), "--out", dir.resolve("merged").toString())).as(err.toString()).isZero();
      assertThat(err.toString()).contains("already holds this merge of the 2 shards").contains("nothing to do");
      // a merge whose shards were judged otherwise is refused, naming both judges
      assertThat(run("merge", dir.resolve("s1").toString(), dir.resolve("s2").toString(), "--tasks",
          tasks.toString(), "--out", dir.resolve("m2").toString(), "--verdicts", tasks.resolve("English")
          .resolve("1._Gather_Resources.json").toString())).isEqualTo(1);
      assertThat(err.toString()).contains("the shards were judged by \"none\"");
    }
  }

  @Test
  void testReplayOnlyWithAMissingCacheIsAnErrorAndCreatesNothing() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path cache = dir.resolve("no-such-cache.jsonl");
    assertThat(run("run", "--seeker", "openai:m", "--provider", "openai:m", "--base-url", "http://127.0.0.1:9/v1",
        "--tasks", tasks.toString(), "--out", dir.resolve("out").toString(), "--llm-cache", cache.toString(),
        "--replay-only")).isEqualTo(2);
    assertThat(err.toString()).contains("--replay-only: the cache file " + cache + " does not exist");
    assertThat(cache).doesNotExist();
  }

  @Test
  void testARemoteModelWithoutAKeyIsRefusedBeforeTheFirstDialogue() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path out = dir.resolve("out");
    assertThat(run("run", "--seeker", "chat:openai:gpt-4o", "--provider", "offline", "--tasks", tasks.toString(),
        "--out", out.toString(), "--api-key-env", "CLARQ_TEST_NO_SUCH_KEY_1,CLARQ_TEST_NO_SUCH_KEY_2")).isEqualTo(2);
    assertThat(err.toString()).contains("no API key for openai:gpt-4o", "set CLARQ_TEST_NO_SUCH_KEY_1 or "
        + "CLARQ_TEST_NO_SUCH_KEY_2");
    assertThat(out.resolve("transcripts.jsonl")).doesNotExist();
  }

  @Test
  void testEveryServerDownStopsTheRunAndAResumeLosesNothing() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.unavailable())) {
      String[] args = {"run", "--seeker", "chat:" + server.baseUrl(), "--provider", "offline", "--tasks",
          tasks.toString(), "--select", "1-4", "--concurrency", "2", "--llm-attempts", "1", "--llm-outage-calls", "4",
          "--out", dir.resolve("a").toString()};
      long start = System.nanoTime();
      assertThat(run(args)).isEqualTo(1);
      assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofSeconds(10));
      assertThat(err.toString()).contains("run stopped: every server of openai:(server default) @ "
          + server.baseUrl().toString().replaceAll("/+$", ""), "failed 4 calls in a row", "HTTP 503",
          "left for a resume");
      // the fourth failed call opened the breaker (a call already in flight then may still fail: at most one more
      // with two dialogues in flight); the breaker refused the rest without a call
      assertThat(server.callCount()).isBetween(4, 5);
      assertThat(io.clarq.datasets.clarqllm.transcript.TranscriptReader.read(dir.resolve("a/transcripts.jsonl")).records())
          .hasSizeLessThanOrEqualTo(4);

      server.respondWith(new SimulatedClarqModel(Duration.ZERO)::reply);
      assertThat(run(args)).as(err.toString()).isZero();
      assertThat(out.toString()).contains("| English | 40 |");
    }
  }

  @Test
  void testAReasoningModelRunsToTheEndWithItsDeviationsRecorded() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    SimulatedClarqModel model = new SimulatedClarqModel(Duration.ZERO);
    // OpenAI's reasoning models refuse temperature 0 with this body (OpenAI error codes page; the shape users
    // report for o1/o3/gpt-5: param "temperature", code "unsupported_value")
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> r.json().has("temperature")
        ? FakeReply.body(400, "{\"error\": {\"message\": \"Unsupported value: 'temperature' does not support 0 with"
            + " this model. Only the default (1) value is supported.\", \"type\": \"invalid_request_error\","
            + " \"param\": \"temperature\", \"code\": \"unsupported_value\"}}")
        : model.reply(r))) {
      Path out = dir.resolve("o3");
      List<String> args = List.of("run", "--seeker", "chat:" + server.baseUrl(), "--provider",
          server.baseUrl().toString(), "--model", "o3", "--prompts", "clarq", "--tasks", tasks.toString(), "--select",
          "1.1,2.3", "--llm-param", "reasoning_effort=\"high\"", "--llm-cache", dir.resolve("o3.jsonl").toString());
      assertThat(run(with(args, "--out", out.toString()))).as(err.toString()).isZero();
      assertThat(out.toString()).isNotEmpty();
      String config = Files.readString(out.resolve("run-config.json"));
      assertThat(config).contains("\"name\" : \"temperature omitted\"", "reasoning_effort",
          "with {reasoning_effort=");
      assertThat(Files.readString(out.resolve("summary.md"))).contains("Not comparable with the paper's tables: ",
          "temperature omitted");
      assertThat(Files.readString(out.resolve("results.json"))).contains("\"comparable_with_paper\" : false",
          "\"dialogues_finished\" : 2", "\"failed\" : 0");
      assertThat(Files.readString(out.resolve("report.html"))).contains("temperature omitted");
      // once adapted, requests go without temperature and with the user's field
      assertThat(server.requests().get(server.requests().size() - 1).json().has("temperature")).isFalse();
      assertThat(server.requests().get(server.requests().size() - 1).json().path("reasoning_effort").asText())
          .isEqualTo("high");
      assertThat(this.out.toString()).contains("deviation from the paper's protocol: ");

      // a replay from the cache was had under the same deviations, and says so
      int calls = server.callCount();
      Path replay = dir.resolve("o3-replay");
      assertThat(run(with(args, "--replay-only", "--out", replay.toString()))).as(err.toString()).isZero();
      assertThat(server.callCount()).isEqualTo(calls);
      assertThat(Files.readString(replay.resolve("run-config.json"))).contains("\"name\" : \"temperature omitted\"",
          "\"name\" : \"reasoning_effort set to \\\"high\\\"\"");
      assertThat(Files.readAllBytes(replay.resolve("transcripts.jsonl")))
          .isEqualTo(Files.readAllBytes(out.resolve("transcripts.jsonl")));
    }
  }

  @Test
  void testARuleSeekerRunsWithoutAModelAndASlurmArrayTaskRunsItsShard() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--select",
        "1.1,2.1", "--out", dir.resolve("rule").toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("| English | 2 |");
    assertThat(Files.readString(dir.resolve("rule/run-config.json"))).contains("\"seeker\" : \"rule-based\"")
        .doesNotContain("seeker_model");

    // inside a Slurm array job (sbatch --array=0-2), task 1 is shard 2/3 without --shard, into --out's {shard}
    java.util.function.Function<String, String> before = ShardOptions.environment;
    ShardOptions.environment = Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "2", "SLURM_ARRAY_TASK_COUNT", "3")::get;
    try {
      assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--select",
          "1-2", "--out", dir.resolve("array/shard-{shard}").toString())).as(err.toString()).isZero();
      assertThat(err.toString()).contains("shard 2/3 from SLURM_ARRAY_TASK_ID=1 of 0-2");
      assertThat(Files.readString(dir.resolve("array/shard-2/run-config.json"))).contains("\"shard\" : \"2/3\"");
      assertThat(dir.resolve("array/shard-{shard}")).doesNotExist();
    } finally {
      ShardOptions.environment = before;
    }
    // outside an array job, --shard auto says so
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--shard", "auto",
        "--out", dir.resolve("x").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set");
  }

  private static String[] with(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
