package io.clarq.eval.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.judge.Judge;
import io.clarq.core.llm.route.EndpointPool;
import io.clarq.core.llm.route.EndpointStats;
import io.clarq.core.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
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
      assertThatThrownBy(() -> RunMerge.merge(shards.subList(0, 2), merged, tasks, Judge.none(), "none"))
          .hasMessageContaining("is shard 3/3, but 2 directories were given");
      RunResult m = RunMerge.merge(shards, merged, tasks, Judge.none(), "none");
      for (String file : List.of(ClarqEvaluator.TRANSCRIPT, RunFingerprint.FILE)) {
        assertThat(Files.readAllBytes(merged.resolve(file))).as(file)
            .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve(file)));
      }
      // results.json: the same but for this process's start, end and wall time and dialogues in flight
      assertThat(withoutTimings(merged)).isEqualTo(withoutTimings(dir.resolve("whole")));
      assertThat(m.summaries()).isEqualTo(single.summaries());
      assertThat(summaryTable(merged)).isEqualTo(summaryTable(dir.resolve("whole")));
      assertThatThrownBy(() -> RunMerge.merge(shards, merged, tasks, Judge.none(), "none"))
          .hasMessageContaining("cannot merge into " + merged + ": it already holds a run");
      assertThatThrownBy(() -> RunMerge.merge(List.of(shards.get(0), shards.get(0), shards.get(1)),
          dir.resolve("twice"), tasks, Judge.none(), "none")).hasMessageContaining("are both shard 3/3");
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
      List<EndpointStats> stats = ((EndpointPool) LoopbackRunMain.LAST_CLIENT.get()).stats();
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
