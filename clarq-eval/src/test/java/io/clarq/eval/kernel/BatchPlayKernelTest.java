package io.clarq.eval.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchClients;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeBatchServer.Fault;
import io.clarq.core.testing.FakeBatchServer.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel's turn-synchronous play: items that wait for a batch answer are neither written nor counted, one batch
 * goes out per pass with the next call of every waiting item, and an item whose entry keeps failing is recorded failed
 * with the provider's reason while the others finish.
 */
class BatchPlayKernelTest {
  private static final Map<String, String> KEYS = Map.of("OPENAI_API_KEY", "sk-kernel-batch-0123456789");
  @TempDir Path dir;

  /** An item is a word; playing it is three chained calls; a record is "word=answer" or "word!failure". */
  private static final class Chain implements Benchmark<String, String, List<String>> {
    private final BatchClient model;

    Chain(BatchClient model) {
      this.model = model;
    }

    @Override
    public String name() {
      return "chain";
    }

    @Override
    public String logFile() {
      return "chain.jsonl";
    }

    @Override
    public String key(String item) {
      return item;
    }

    @Override
    public String recordKey(String record) {
      return record.split("[=!]", 2)[0];
    }

    @Override
    public boolean finished(String record) {
      return record.contains("=");
    }

    @Override
    public String toLine(String record) {
      return record;
    }

    @Override
    public String fromLine(String line, String where) {
      return line;
    }

    @Override
    public RunSettings settings(List<String> selection) {
      return new RunSettings("chain", Map.of("items", String.join(",", selection)));
    }

    @Override
    public String play(String item, RunLog log) throws Exception {
      String said = item;
      try {
        for (int i = 0; i < 3; i++) {
          said = model.chat(ChatRequest.builder().user(said).temperature(0.0).build()).text();
        }
      } catch (LlmException e) {
        WaitingForBatch.rethrowIfWaiting(e);
        return item + "!" + e.getMessage();
      }
      return item + "=" + said;
    }

    @Override
    public List<String> finish(RunEnd<String, String> end) {
      return List.copyOf(end.records().values());
    }
  }

  private BatchClient client(FakeBatchServer server) {
    LlmSpec spec = LlmSpec.parse("openai:chain-model").withBaseUrl(server.baseUrl()).withSettings(
        LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10)).withRetry(RetryPolicy.DEFAULT.withMaxAttempts(1)));
    return BatchClients.forSpec(spec, KEYS::get, dir.resolve("out/play-batch.json")).maxAttempts(2)
        .polling(Duration.ofSeconds(30), d -> { }).build();
  }

  @Test
  void testWaitingItemsAdvanceTogetherOneBatchAPassAndAFailingEntryFailsOnlyItsItem() throws Exception {
    // "bad"'s first call errors in every batch: its item fails after 2 batches with the provider's reason
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 1, (body, attempt) ->
        body.toString().contains("\"content\":\"bad\"") ? Fault.ERROR : Fault.NONE)) {
      BatchClient model = client(server);
      List<String> done = new ArrayList<>();
      RunKernel.Plan plan = new RunKernel.Plan(dir.resolve("out"), Shard.ALL, 2, "clarq-test")
          .withBatches(BatchPasses.of(List.of(model), l -> { }));
      List<String> records = RunKernel.run(new Chain(model), List.of("one", "two", "bad"), plan,
          new ItemListener<>() {
            @Override
            public void itemDone(String item, String record, Progress progress) {
              done.add(item);
            }
          });
      assertThat(records).hasSize(3).startsWith("one=echo: echo: echo: one", "two=echo: echo: echo: two");
      assertThat(records.get(2)).startsWith("bad!batch entry clarq-").endsWith(" of chain-model failed in 2 batches:"
          + " errored: HTTP 400 invalid_request_error: Invalid value for 'temperature'.");
      // each item reported once, when it ended; the log holds one record an item
      assertThat(done).containsExactlyInAnyOrder("one", "two", "bad");
      assertThat(Files.readAllLines(dir.resolve("out/chain.jsonl"))).hasSize(3);
      // batch 1: three first calls; 2: two second calls and bad's retry; 3: two third calls
      assertThat(server.batchesCreated()).isEqualTo(3);
      assertThat(server.entryBodies()).hasSize(8);
    }
  }

  @Test
  void testAWaitingItemWithoutBatchesStopsTheRun() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 0, (body, attempt) -> Fault.NONE)) {
      RunKernel.Plan plan = new RunKernel.Plan(dir.resolve("out"), Shard.ALL, 1, "clarq-test");
      assertThatThrownBy(() -> RunKernel.run(new Chain(client(server)), List.of("one"), plan, new ItemListener<>() { }))
          .isInstanceOf(RunStopped.class).hasMessageContaining("item one failed").hasMessageContaining("waiting");
      assertThat(server.batchesCreated()).isZero();
    }
  }
}
