package io.clarq.eval.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.provider.llm.SimulatedClarqModel;
import io.clarq.core.task.Language;
import io.clarq.core.task.TaskId;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The English test split, 260 dialogues, against the loopback fake OpenAI server through a response cache: a child
 * JVM is killed (SIGKILL) midway, the run is resumed to completion, then replayed from the cache alone.
 */
class LoopbackRunTest {
  @TempDir Path dir;

  @Test
  void testKilledRunResumesEveryDialogueOnceAndReplaysByteForByte() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path out = dir.resolve("run");
    Path transcript = out.resolve(ClarqEvaluator.TRANSCRIPT);
    Path cache = dir.resolve("cache.jsonl");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ofMillis(1))::reply)) {
      String url = server.baseUrl().toString();

      Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), LoopbackRunMain.class.getName(), url, tasks.toString(),
          out.toString(), "8", cache.toString())
          .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (lines(transcript) < 20 && child.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(child.isAlive()).as("child still running when killed; its log: %s", log()).isTrue();
      child.destroyForcibly();
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
      List<DialogueRecord> before = TranscriptReader.read(transcript).records();
      assertThat(before).hasSizeBetween(20, 259);
      Set<TaskId> finishedBefore = before.stream().filter(DialogueRecord::finished).map(DialogueRecord::taskId)
          .collect(Collectors.toSet());

      server.respondWith(new SimulatedClarqModel(Duration.ZERO)::reply);
      server.reset();
      AtomicInteger cacheHits = new AtomicInteger();
      RunResult resumed = LoopbackRunMain.run(url, tasks, out, 8, Optional.of(cache), false, new LlmListener() {
        @Override
        public void onCacheHit(ChatRequest request, ChatResponse response) {
          cacheHits.incrementAndGet();
        }
      });

      assertThat(resumed.resumed()).isEqualTo(finishedBefore.size());
      assertThat(resumed.failed()).isEmpty();
      assertThat(resumed.summaries().get(Language.ENGLISH).dialogues()).isEqualTo(260);
      List<DialogueRecord> after = TranscriptReader.read(transcript).records();
      assertThat(after).hasSize(260);
      assertThat(after.stream().map(DialogueRecord::taskId).distinct()).hasSize(260);
      int playedAgain = after.stream().filter(r -> !finishedBefore.contains(r.taskId()))
          .mapToInt(DialogueRecord::totalLlmCalls).sum();
      // every call of the resumed run belongs to a dialogue it played (cache hits: calls the killed child made
      // for dialogues in flight); none to a dialogue finished before the kill
      assertThat(server.callCount() + cacheHits.get()).isEqualTo(playedAgain);
      assertThat(server.callCount()).isPositive();

      server.reset();
      RunResult replayed = LoopbackRunMain.run(url, tasks, dir.resolve("replayed"), 4, Optional.of(cache), true,
          LlmListener.NONE);
      assertThat(server.callCount()).isZero();
      assertThat(replayed.failed()).isEmpty();
      assertThat(Files.readAllBytes(replayed.transcript())).isEqualTo(Files.readAllBytes(transcript));
      assertThat(replayed.summaries().get(Language.ENGLISH).success())
          .isEqualTo(resumed.summaries().get(Language.ENGLISH).success());
    }
  }

  private String log() throws IOException {
    Path log = dir.resolve("child.log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  private static int lines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    int n = 0;
    for (byte b : Files.readAllBytes(file)) {
      if (b == '\n') {
        n++;
      }
    }
    return n;
  }
}
