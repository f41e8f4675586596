package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.metrics.ClarqMetrics;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.Shard;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --trials 3} on 20 tasks against the loopback server: the figures in results.json are those the transcript
 * gives when rescored here, the seed of each trial reached its requests, and a run stopped midway and resumed, or cut
 * into trial-mixed shards and merged, gives the same figures and transcript as one run.
 */
class LoopbackTrialsTest {
  private static final TaskSelection TWENTY = TaskSelection.parse("1-2");
  private static final int K = 3;
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A judge that answers every question, the same way for the same question: no dialogue is left unjudged. */
  private static final Judge COIN = Judge.named("coin", q -> Optional.of(Verdict.of(
      Math.floorMod((q.gold() + "|" + String.join("|", q.generated())).hashCode(), 3) == 0, "coin")));

  @TempDir Path dir;

  private RunConfig.Builder config(LlmClient client, Path tasks, Path out) {
    return RunConfig.builder()
        .tasks(tasks)
        .prompts(io.clarq.core.prompt.PromptPack.clarq())   // the simulated model reads clarq's own prompts
        .language(Language.ENGLISH)
        .selection(TWENTY)
        .trials(K)
        .seeker(LlmSeeker.builder(client.withModel(LoopbackRunMain.MODEL)).mode(LlmSeeker.Mode.COMPLETION).build())
        .provider(LlmProviderAgent.builder(client.withModel(LoopbackRunMain.MODEL)).build())
        .judge(COIN, "coin")
        .concurrency(4)
        .output(out);
  }

  private RunResult run(FakeOpenAiServer server, Path tasks, Path out, Shard shard, Optional<Path> cache,
      boolean replayOnly) throws InterruptedException {
    LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel(LoopbackRunMain.MODEL)
        .withSettings(LlmSettings.DEFAULT.withRetry(LoopbackRunMain.RETRY));
    LlmListener listeners = LlmListener.all(List.of(TurnUsage.listener()));
    ResponseCacheFile file = cache.map(f -> ResponseCacheFile.open(f, ResponseCacheFile.Fsync.OS)).orElse(null);
    try (LlmClient live = LlmClients.fromSpec(spec, name -> null, listeners)) {
      LlmClient client = file == null ? live : CachingLlmClient.forSpec(live, spec, file,
          replayOnly ? CachePolicy.REPLAY_ONLY : CachePolicy.DEFAULT, listeners);
      return ClarqEvaluator.run(config(client, tasks, out).shard(shard).build());
    } finally {
      if (file != null) {
        file.close();
      }
    }
  }

  @Test
  void testAModelWhoseSeedIsFixedByABodyFieldIsRefusedWithTrials() {
    LlmSpec fixed = LlmSpec.parse("http://127.0.0.1:9/v1").withModel(LoopbackRunMain.MODEL).withParam("seed", "1");
    try (LlmClient client = LlmClients.fromSpec(fixed, name -> null, LlmListener.NONE)) {
      assertThat(client.fixedSeed()).hasValue(1L);
      assertThat(client.withModel("x").fixedSeed()).hasValue(1L);
      Path tasks = dir.resolve("tasks");
      // the provider's model fixes the seed; the seeker's does not
      RunConfig.Builder b = config(LlmClients.fromSpec(fixed.withParams(Map.of()), name -> null, LlmListener.NONE),
          tasks, dir.resolve("out")).provider(LlmProviderAgent.builder(client).build()).trials(2);
      assertThatThrownBy(b::build).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("2 trials, but the provider's model has its seed fixed to 1 by a body field"
              + " (--llm-param seed=1)");
      assertThat(b.trials(1).build().trials()).isEqualTo(1);
    }
  }

  @Test
  void testAJudgeWhoseSeedIsFixedIsRefusedWithTrialsEvenBehindAVerdictCacheOrAName() {
    LlmSpec fixed = LlmSpec.parse("http://127.0.0.1:9/v1").withModel(LoopbackRunMain.MODEL).withParam("seed", "7");
    try (LlmClient client = LlmClients.fromSpec(fixed, name -> null, LlmListener.NONE);
        LlmClient free = LlmClients.fromSpec(fixed.withParams(Map.of()), name -> null, LlmListener.NONE)) {
      Judge llm = io.clarq.core.clarqllm.judge.llm.LlmJudge.builder(client).build();
      Judge cached = io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge.of(List.of(), llm);
      for (Judge judge : List.of(cached, Judge.named("llm judge", cached), Judge.inTrial(llm, 2))) {
        RunConfig.Builder b = config(free, dir.resolve("tasks"), dir.resolve("out")).judge(judge, "judge").trials(2);
        assertThatThrownBy(b::build).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("2 trials, but the judge's model has its seed fixed to 7 by a body field"
                + " (--llm-param seed=7)");
        assertThat(b.trials(1).build().trials()).isEqualTo(1);
      }
      // a cache over a judge with no fixed seed is not refused
      Judge unfixed = io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge.of(List.of(),
          io.clarq.core.clarqllm.judge.llm.LlmJudge.builder(free).build());
      assertThat(config(free, dir.resolve("tasks"), dir.resolve("out")).judge(unfixed, "judge").trials(2).build()
          .trials()).isEqualTo(2);
    }
  }

  /** A seeker that calls its model on its own executor's threads, never on the runner's. */
  private static final class OffThreadSeeker implements io.clarq.core.clarqllm.seeker.SeekerAgent {
    private final LlmSeeker seeker;
    private final java.util.concurrent.ExecutorService calls;

    OffThreadSeeker(LlmSeeker seeker, java.util.concurrent.ExecutorService calls) {
      this.seeker = seeker;
      this.calls = calls;
    }

    @Override
    public String name() {
      return "off-thread";
    }

    @Override
    public String next(io.clarq.core.clarqllm.seeker.SeekerTurn turn) throws io.clarq.core.llm.LlmException {
      try {
        return calls.submit(() -> seeker.next(turn)).get();
      } catch (java.util.concurrent.ExecutionException e) {
        if (e.getCause() instanceof io.clarq.core.llm.LlmException l) {
          throw l;
        }
        throw new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  @Test
  void testASeekerCallingItsModelOnAnotherThreadSendsEachTrialsSeedAndTheCacheKeepsTrialsApart() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path cache = dir.resolve("off-thread-cache.jsonl");
    java.util.concurrent.ExecutorService calls = java.util.concurrent.Executors.newFixedThreadPool(2,
        r -> new Thread(r, "seeker-model-call"));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel(LoopbackRunMain.MODEL)
          .withSettings(LlmSettings.DEFAULT.withRetry(LoopbackRunMain.RETRY));
      List<Path> outs = List.of(dir.resolve("recorded"), dir.resolve("replayed"));
      List<List<String>> transcripts = new ArrayList<>();
      int recorded = 0;
      for (int pass = 0; pass < 2; pass++) {
        ResponseCacheFile file = ResponseCacheFile.open(cache, ResponseCacheFile.Fsync.OS);
        try (LlmClient live = LlmClients.fromSpec(spec, name -> null, LlmListener.NONE)) {
          LlmClient client = CachingLlmClient.forSpec(live, spec, file,
              pass == 0 ? CachePolicy.DEFAULT : CachePolicy.REPLAY_ONLY, LlmListener.NONE);
          RunResult r = ClarqEvaluator.run(config(client, tasks, outs.get(pass))
              .selection(TaskSelection.parse("1.1,1.2,1.3"))
              .trials(2)
              .seeker(new OffThreadSeeker(LlmSeeker.builder(client.withModel(LoopbackRunMain.MODEL)).build(), calls))
              .build());
          assertThat(r.failed()).isEmpty();
          transcripts.add(Files.readAllLines(r.transcript()));
        } finally {
          file.close();
        }
        if (pass == 0) {
          // the seeker's requests (chat mode, no JSON mode: the provider's all ask for JSON) were made on the
          // executor's threads, yet each trial's carry its own seed, one request per seeker line of that trial
          List<DialogueRecord> records = TranscriptReader.read(outs.get(0).resolve(ClarqEvaluator.TRANSCRIPT))
              .records();
          Map<Long, Long> seekerSeeds = server.requests().stream()
              .filter(q -> !q.json().has("response_format"))
              .collect(Collectors.groupingBy(q -> q.json().path("seed").asLong(), TreeMap::new,
                  Collectors.counting()));
          Map<Long, Long> seekerLines = records.stream().collect(Collectors.groupingBy(
              d -> io.clarq.core.llm.Trials.seed(d.trial()), TreeMap::new,
              Collectors.summingLong(d -> d.dialogue().seekerLines().size())));
          assertThat(seekerSeeds).containsOnlyKeys(8848L, 8849L).isEqualTo(seekerLines);
          recorded = server.callCount();
        }
      }
      // replayed from the cache alone (no live call), trial by trial: the same transcript, trial 2's own
      assertThat(transcripts.get(1)).isEqualTo(transcripts.get(0));
      assertThat(server.callCount()).isEqualTo(recorded);
      assertThat(Files.readAllLines(cache)).anyMatch(l -> l.contains("\"trial\":2"));
    } finally {
      calls.shutdownNow();
    }
  }

  @Test
  void testThreeTrialsFiguresAreTheTranscriptsAndSurviveAStopAndAShardedMerge() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path cache = dir.resolve("cache.jsonl");
    Path one = dir.resolve("one");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      RunResult single = run(server, tasks, one, Shard.ALL, Optional.of(cache), false);

      // every (task, trial) once, trial 1's first; trial 1's lines are as a run without trials writes them
      List<DialogueRecord> records = TranscriptReader.read(single.transcript()).records();
      assertThat(records).hasSize(20 * K);
      assertThat(records.stream().map(r -> r.taskId() + "#" + r.trial()).distinct()).hasSize(20 * K);
      assertThat(records.stream().map(DialogueRecord::trial).toList()).isSorted();
      List<String> lines = Files.readAllLines(single.transcript());
      assertThat(lines.subList(0, 20)).noneMatch(l -> l.contains("\"trial\""));
      assertThat(lines.subList(20, 40)).allMatch(l -> l.contains("\"trial\":2"));
      assertThat(lines.subList(40, 60)).allMatch(l -> l.contains("\"trial\":3"));
      // each trial's seed reached the requests
      Set<Long> seeds = server.requests().stream().map(r -> r.json().path("seed").asLong())
          .collect(Collectors.toSet());
      assertThat(seeds).containsExactlyInAnyOrder(8848L, 8849L, 8850L);
      assertThat(RunSettings.read(one).orElseThrow().get("trials")).contains("3");

      // the figures in results.json, recomputed here from the transcript with the arithmetic written out
      JsonNode trials = JSON.readTree(single.results().toFile()).path("trials");
      assertThat(trials.path("count").asInt()).isEqualTo(K);
      Map<String, boolean[]> outcomes = rescore(tasks, records);
      assertThat(outcomes).hasSize(20);
      JsonNode overall = trials.path("overall");
      assertThat(overall.path("tasks").asInt()).isEqualTo(20);
      assertThat(overall.path("left_out").asInt()).isZero();
      for (int t = 0; t < K; t++) {
        int trial = t;
        double rate = outcomes.values().stream().filter(o -> o[trial]).count() / 20.0;
        assertThat(overall.path("success_per_trial").get(t).asDouble()).as("trial %d", t + 1)
            .isCloseTo(rate, within(1e-12));
      }
      for (int k = 1; k <= K; k++) {
        double hat = 0;
        double at = 0;
        for (boolean[] o : outcomes.values()) {
          int c = 0;
          for (boolean b : o) {
            c += b ? 1 : 0;
          }
          hat += choose(c, k) / choose(K, k) / 20;
          at += (1 - choose(K - c, k) / choose(K, k)) / 20;
        }
        assertThat(overall.path("pass_hat").get(k - 1).asDouble()).as("pass^%d", k).isCloseTo(hat, within(1e-12));
        assertThat(overall.path("pass_at").get(k - 1).asDouble()).as("pass@%d", k).isCloseTo(at, within(1e-12));
      }
      // the task x trial grid: every task's outcome per trial, as rescored here
      JsonNode verdicts = trials.path("languages").path("en").path("verdicts");
      assertThat(verdicts.size()).isEqualTo(20);
      outcomes.forEach((task, o) -> {
        for (int t = 0; t < K; t++) {
          assertThat(verdicts.path(task).get(t).asText()).as("%s trial %d", task, t + 1)
              .isEqualTo(o[t] ? "success" : "failure");
        }
      });
      long flipped = outcomes.values().stream().filter(o -> !(o[0] == o[1] && o[1] == o[2])).count();
      assertThat(overall.path("flipped").asDouble()).isCloseTo(flipped / 20.0, within(1e-12));
      // the seeds made a difference: some tasks ended differently between trials
      assertThat(flipped).isPositive();
      assertThat(overall).isEqualTo(((com.fasterxml.jackson.databind.node.ObjectNode) trials.path("languages")
          .path("en").deepCopy()).without(List.of("by_type", "verdicts")));
      assertThat(trials.path("languages").path("en").path("by_type").path("1").path("tasks").asInt()).isEqualTo(10);
      // the headline figures are trial 1's
      assertThat(single.summaries().get(Language.ENGLISH).dialogues()).isEqualTo(20);
      assertThat(single.summaries().get(Language.ENGLISH).success())
          .isCloseTo(overall.path("success_per_trial").get(0).asDouble(), within(1e-12));
      // summary and report show them
      String md = single.summary();
      assertThat(md).contains("## Trials").contains("seeds 8848, 8849, 8850").contains("| pass^3 |")
          .contains("| pass@3 |");
      Document page = Jsoup.parse(single.reportFile().toFile(), "UTF-8");
      assertThat(page.select("section#trials table.trials tr.row")).hasSize(2);   // all languages, English
      assertThat(page.select("section#trials th").eachText()).contains("pass^1", "pass^3", "pass@2");
      assertThat(page.select("section#trials details.trial-grid tr.row")).hasSize(20);
      assertThat(page.select("section#trials details.trial-grid td.outcome-success").size()
          + page.select("section#trials details.trial-grid td.outcome-failure").size()).isEqualTo(20 * K);

      // stopped midway (the thread interrupted, a torn line as a kill leaves), then resumed: the same run
      Path stopped = dir.resolve("stopped");
      try (FakeOpenAiServer slow = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ofMillis(2))::reply)) {
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread runner = new Thread(() -> {
          try {
            run(slow, tasks, stopped, Shard.ALL, Optional.empty(), false);
          } catch (Throwable e) {
            outcome.set(e);
          }
        }, "trials-run-to-stop");
        runner.start();
        Path log = stopped.resolve(ClarqEvaluator.TRANSCRIPT);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (lineCount(log) < 25 && runner.isAlive() && System.nanoTime() < deadline) {
          Thread.sleep(2);
        }
        runner.interrupt();
        runner.join(30_000);
        assertThat(outcome.get()).isInstanceOf(InterruptedException.class);
        Thread.sleep(200);   // let abandoned workers end
        int kept = lineCount(log);
        assertThat(kept).isBetween(25, 20 * K - 1);
        Files.writeString(log, "{\"format\":\"clarq-transcript/1\",\"task\":\"2.", StandardCharsets.UTF_8,
            StandardOpenOption.APPEND);
        RunResult resumed = run(slow, tasks, stopped, Shard.ALL, Optional.empty(), false);
        assertThat(resumed.resumed()).isPositive().isLessThanOrEqualTo(kept);
        assertThat(resumed.failed()).isEmpty();
      }
      assertThat(Files.readAllBytes(stopped.resolve(ClarqEvaluator.TRANSCRIPT)))
          .isEqualTo(Files.readAllBytes(single.transcript()));
      assertThat(trialsOf(stopped)).isEqualTo(trials);

      // three trial-mixed shards, replayed from the cache alone (trials kept apart by it), merged: the same run
      int calls = server.callCount();
      List<Path> shards = new ArrayList<>();
      for (int i = 1; i <= 3; i++) {
        Path out = dir.resolve("shard" + i);
        RunResult part = run(server, tasks, out, new Shard(i, 3), Optional.of(cache), true);
        assertThat(part.finished()).hasSize(20);
        assertThat(part.finished().stream().map(DialogueRecord::trial).distinct()).hasSize(K);
        shards.add(out);
      }
      assertThat(server.callCount()).isEqualTo(calls);
      assertThatThrownBy(() -> ClarqEvaluator.merge(shards, dir.resolve("wrong-judge"), java.util.Optional.of(tasks),
          java.util.Optional.of(new RecordedInputs.GivenJudge(Judge.none(), "none"))))
          .hasMessageContaining("judged by \"coin\"");
      Path merged = dir.resolve("merged");
      RunResult m = ClarqEvaluator.merge(shards, merged, java.util.Optional.of(tasks),
          java.util.Optional.of(new RecordedInputs.GivenJudge(COIN, "coin"))).result().orElseThrow();
      assertThat(m.finished()).hasSize(20 * K);
      assertThat(Files.readAllBytes(merged.resolve(ClarqEvaluator.TRANSCRIPT)))
          .isEqualTo(Files.readAllBytes(single.transcript()));
      assertThat(trialsOf(merged)).isEqualTo(trials);
      assertThat(Files.readString(merged.resolve(ClarqEvaluator.SUMMARY))).contains("## Trials");
    }
  }

  @Test
  void testADifferentTrialCountIsRefusedOnResume() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      Path out = dir.resolve("run");
      run(server, tasks, out, new Shard(1, 20), Optional.empty(), false);
      try (LlmClient client = LlmClients.fromSpec(LlmSpec.parse(server.baseUrl().toString())
          .withModel(LoopbackRunMain.MODEL), name -> null, TurnUsage.listener())) {
        assertThatThrownBy(() -> ClarqEvaluator.run(config(client, tasks, out).trials(2).shard(new Shard(1, 20))
          .build())).hasMessageContaining("a different trials (was \"3\", now \"2\")");
      assertThatThrownBy(() -> ClarqEvaluator.run(config(client, tasks, out).trials(1).shard(new Shard(1, 20))
          .build())).hasMessageContaining("setting trials = \"3\" (not set now)");
        assertThatThrownBy(() -> config(client, tasks, out).trials(0).build())
            .hasMessageContaining("illegal trials 0");
      }
    }
  }

  /** Each task's verdict per trial, scored here from the transcript with the run's judge. */
  private static Map<String, boolean[]> rescore(Path tasks, List<DialogueRecord> records) throws Exception {
    Map<String, ClarqTask> byId = new HashMap<>();
    ClarqLlmTasks.load(tasks, Language.ENGLISH).split(Split.TEST).forEach(t -> byId.put(t.id().toString(), t));
    Map<String, boolean[]> out = new TreeMap<>();
    for (DialogueRecord r : records) {
      DialogueScore s = ClarqMetrics.score(byId.get(r.taskId().toString()), r.dialogue(), COIN);
      assertThat(s.success().unjudged()).isFalse();
      out.computeIfAbsent(r.taskId().toString(), k -> new boolean[K])[r.trial() - 1] = s.success().success();
    }
    return out;
  }

  private static double choose(int n, int k) {
    if (k > n) {
      return 0;
    }
    double c = 1;
    for (int i = 0; i < k; i++) {
      c = c * (n - i) / (i + 1);
    }
    return c;
  }

  private static JsonNode trialsOf(Path run) throws java.io.IOException {
    return JSON.readTree(run.resolve(ClarqEvaluator.RESULTS).toFile()).path("trials");
  }

  private static int lineCount(Path file) throws java.io.IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    int n = 0;
    for (byte b : Files.readAllBytes(file)) {
      n += b == '\n' ? 1 : 0;
    }
    return n;
  }
}
