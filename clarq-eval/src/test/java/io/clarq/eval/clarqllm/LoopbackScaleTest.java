package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.llm.route.EndpointPool;
import io.clarq.core.llm.route.EndpointStats;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.Shard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Past one run on one server, against the loopback server: three shards merged equal one unsharded run, and a run
 * over two servers spreads its calls across both and finishes when one of them dies midway.
 */
class LoopbackScaleTest {
  private static final TaskSelection TYPES_1_TO_3 = TaskSelection.parse("1-3");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void testThreeShardsMergedAreByteIdenticalToOneUnshardedRun() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path cache = dir.resolve("cache.jsonl");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      LoopbackRunMain.Options whole = new LoopbackRunMain.Options(server.baseUrl().toString(), tasks,
          dir.resolve("whole"), 4).select(TYPES_1_TO_3, Shard.ALL);
      RunResult single = LoopbackRunMain.run(whole.cache(cache, false));
      assertThat(single.finished()).hasSize(30);
      // the shards replay the model from the cache: not one live call
      int calls = server.callCount();
      List<Path> shards = new ArrayList<>();
      for (int i = 3; i >= 1; i--) {
        Path out = dir.resolve("shard" + i);
        RunResult part = LoopbackRunMain.run(whole.out(out).select(TYPES_1_TO_3, new Shard(i, 3)).cache(cache, true));
        assertThat(part.finished()).hasSize(10);
        shards.add(out);
      }
      assertThat(server.callCount()).isEqualTo(calls);

      Path merged = dir.resolve("merged");
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards.subList(0, 2), merged))
          .hasMessageContaining("is shard 3/3, but 2 directories were given");
      // nothing given but the shards: the tasks directory and the judge come from their run-config.json
      RunResult m = ClarqEvaluator.merge(shards, merged).result().orElseThrow();
      assertThat(Files.readAllBytes(merged.resolve(ClarqEvaluator.TRANSCRIPT)))
          .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve(ClarqEvaluator.TRANSCRIPT)));
      assertThat(RunSettings.read(merged).orElseThrow().values())
          .isEqualTo(RunSettings.read(dir.resolve("whole")).orElseThrow().values());
      // results.json: the same but for this process's start, end and wall time and the shards' times
      ObjectNode mergedResults = withoutTimings(merged);
      ObjectNode shardTimes = (ObjectNode) mergedResults.remove(ShardTimes.FIELD);
      assertThat(mergedResults).isEqualTo(withoutTimings(dir.resolve("whole")));
      assertThat(m.summaries()).isEqualTo(single.summaries());
      assertThat(summaryTable(merged)).isEqualTo(summaryTable(dir.resolve("whole")));
      // the shards' own wall times, each read from its results, summed and the longest
      double sum = 0;
      double longest = 0;
      for (Path shard : shards) {
        double s = JSON.readTree(shard.resolve(ClarqEvaluator.RESULTS).toFile()).get("wall_seconds").asDouble();
        sum += s;
        longest = Math.max(longest, s);
      }
      assertThat(shardTimes.get("count").asInt()).isEqualTo(3);
      assertThat(shardTimes.get("wall_seconds_sum").asDouble()).isCloseTo(sum, org.assertj.core.api.Assertions
          .within(0.0015));
      assertThat(shardTimes.get("wall_seconds_longest").asDouble()).isEqualTo(longest);
      assertThat(Files.readString(merged.resolve(ClarqEvaluator.SUMMARY))).contains("## Shards", "3 shards merged",
          "sum ", "longest ", "| 2/3 | " + dir.resolve("shard2") + " |");
      // the merged run keeps the dialogues in flight the shards had
      assertThat(JSON.readTree(merged.resolve(ClarqEvaluator.RESULTS).toFile()).get("settings").get("concurrency")
          .asText()).isEqualTo("4");

      // the merged run's files (shards in results.json, merged_from in run-config.json) and each shard's fit the schemas
      assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(merged)).isEmpty();
      assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(shards.get(0))).isEmpty();
      assertThat(RunSettings.read(merged).orElseThrow().recorded()).containsKey("merged_from");

      // merging the same shards again is a no-op (a requeued merge job); the files stay as they were
      byte[] results = Files.readAllBytes(merged.resolve(ClarqEvaluator.RESULTS));
      assertThat(ClarqEvaluator.merge(List.of(shards.get(2), shards.get(0), shards.get(1)), merged).alreadyMerged())
          .isTrue();
      assertThat(Files.readAllBytes(merged.resolve(ClarqEvaluator.RESULTS))).isEqualTo(results);
      // a merge stopped before its results were written is merged again over, to the same transcript
      Files.delete(merged.resolve(ClarqEvaluator.RESULTS));
      assertThat(ClarqEvaluator.merge(shards, merged).alreadyMerged()).isFalse();
      assertThat(Files.readAllBytes(merged.resolve(ClarqEvaluator.TRANSCRIPT)))
          .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve(ClarqEvaluator.TRANSCRIPT)));
      assertThat(merged.resolve(ClarqEvaluator.RESULTS)).exists();
      // the parent of the shards names them all, but neither the merge nor the unsharded run under it
      assertThat(io.clarq.eval.kernel.ShardMerge.shardDirectories(List.of(dir), dir.resolve("elsewhere")))
          .containsExactly(dir.resolve("shard1"), dir.resolve("shard2"), dir.resolve("shard3"));
      // a shard whose transcript changed since is refused, naming it
      Path shard2 = dir.resolve("shard2").resolve(ClarqEvaluator.TRANSCRIPT);
      List<String> lines = Files.readAllLines(shard2);
      java.util.Collections.reverse(lines);
      Files.write(shard2, lines);
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards, merged))
          .hasMessageContaining("cannot merge into " + merged + ": it holds a merge of other inputs: shard 2/3 ("
              + dir.resolve("shard2").toAbsolutePath() + ") with another transcript");
      // and into a new directory, by the digest its run ended with
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards, dir.resolve("m3")))
          .hasMessageContaining("shard 2/3's " + shard2 + " is not the log its run ended with");
      // into an unsharded run's directory: refused
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards, dir.resolve("whole")))
          .hasMessageContaining("it already holds a run that is not a merge");
      assertThatThrownBy(() -> ClarqEvaluator.merge(List.of(shards.get(0), shards.get(0), shards.get(1)),
          dir.resolve("twice"))).hasMessageContaining("are both shard 3/3");
      // a judge given that the shards did not have is refused, naming both
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards, dir.resolve("m2"), java.util.Optional.of(tasks),
          java.util.Optional.of(new RecordedInputs.GivenJudge(new io.clarq.core.clarqllm.judge.offline.OfflineJudge(), "offline"))))
          .hasMessageContaining("the shards were judged by \"none\", the merge was given \"offline\"");
    }
  }

  @Test
  void testAConfigWithoutRecordedTasksAsksForThem() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      LoopbackRunMain.Options whole = new LoopbackRunMain.Options(server.baseUrl().toString(), tasks,
          dir.resolve("whole"), 2).select(TaskSelection.parse("1.1,1.2"), Shard.ALL);
      List<Path> shards = new ArrayList<>();
      for (int i = 1; i <= 2; i++) {
        Path out = dir.resolve("s" + i);
        LoopbackRunMain.run(whole.out(out).select(TaskSelection.parse("1.1,1.2"), new Shard(i, 2)));
        // as an older clarq wrote it: no recorded object
        ObjectNode config = (ObjectNode) JSON.readTree(out.resolve(RunSettings.FILE).toFile());
        config.remove(RunSettings.RECORDED);
        Files.writeString(out.resolve(RunSettings.FILE), config.toString());
        shards.add(out);
      }
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards, dir.resolve("m")))
          .hasMessageContaining("does not record the tasks directory").hasMessageContaining("--tasks DIR");
      // judged by none: nothing to rebuild
      assertThat(ClarqEvaluator.merge(shards, dir.resolve("m"), java.util.Optional.of(tasks), java.util.Optional.empty())
          .result().orElseThrow().finished()).hasSize(2);
    }
  }

  private static ObjectNode withoutTimings(Path run) throws IOException {
    ObjectNode root = (ObjectNode) JSON.readTree(run.resolve(ClarqEvaluator.RESULTS).toFile());
    root.remove(List.of("wall_seconds", "started", "finished"));
    ((ObjectNode) root.get("settings")).remove("concurrency");
    return root;
  }

  private static String summaryTable(Path run) throws IOException {
    String md = Files.readString(run.resolve(ClarqEvaluator.SUMMARY));
    return md.substring(0, md.indexOf("model calls"));
  }

  @Test
  void testTwoServersShareTheCallsAndTheRunFinishesWhenOneDiesMidway() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Function<RecordedRequest, FakeReply> model = new SimulatedClarqModel(Duration.ofMillis(2))::reply;
    AtomicInteger served = new AtomicInteger();
    try (FakeOpenAiServer alive = FakeOpenAiServer.start(model);
        FakeOpenAiServer dying = FakeOpenAiServer.start(model)) {
      dying.respondWith(r -> {
        if (served.incrementAndGet() == 150) {
          // stop from another thread: the server cannot stop inside one of its own exchanges
          Thread stopper = new Thread(dying::close, "stop-dying-server");
          stopper.setDaemon(true);
          stopper.start();
        }
        return model.apply(r);
      });
      LoopbackRunMain.Options o = new LoopbackRunMain.Options(List.of(alive.baseUrl().toString(),
          dying.baseUrl().toString()), tasks, dir.resolve("two"), 8, java.util.Optional.empty(), false,
          TYPES_1_TO_3, Shard.ALL, io.clarq.core.llm.LlmListener.NONE);
      RunResult r = LoopbackRunMain.run(o);
      assertThat(r.failed()).isEmpty();
      assertThat(r.finished()).hasSize(30);
      assertThat(dying.callCount()).isGreaterThanOrEqualTo(150);
      assertThat(alive.callCount()).isGreaterThan(dying.callCount());
      // the pool, under the reply policy LlmClients.fromSpec puts every client under
      List<EndpointStats> stats = ((EndpointPool) ((io.clarq.core.llm.LlmClientDecorator)
          LoopbackRunMain.LAST_CLIENT.get()).delegate()).stats();
      assertThat(stats).hasSize(2);
      assertThat(stats.get(0).endpoint()).isEqualTo(alive.baseUrl().toString());
      assertThat(stats.get(0).failures()).isZero();
      assertThat(stats.get(1).failures()).isPositive();
      assertThat(stats.get(1).benched()).isPositive();
      // benched, the dead server got only the calls that found it gone (far fewer than a fair share)
      assertThat(stats.get(1).calls() - 150).isLessThan(stats.get(0).calls() / 4);
    }
  }
}
