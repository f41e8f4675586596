package io.clarq.core.llm.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeBatchServer.Fault;
import io.clarq.core.testing.FakeBatchServer.Shape;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Turn-synchronous passes over two models' batch clients: two "dialogues" alternate between the models, each pass
 * takes each one a call further, both models' batches go out between two passes, and a listener of every use hears
 * the replayed answers again while the once-listener hears each answer once.
 */
class BatchPassesTest {
  private static final Map<String, String> KEYS = Map.of("OPENAI_API_KEY", "sk-passes-test-0123456789");
  @TempDir Path dir;

  private static LlmSpec spec(String spec, java.net.URI base) {
    return LlmSpec.parse(spec).withBaseUrl(base).withSettings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10))
        .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(1)));
  }

  private static LlmListener counting(AtomicInteger n) {
    return new LlmListener() {
      @Override
      public void onResponse(ChatRequest request, ChatResponse response) {
        n.incrementAndGet();
      }
    };
  }

  // a dialogue of three calls, model a then b then a, each call's text built on the last answer
  private static String dialogue(String name, BatchClient a, BatchClient b) throws LlmException {
    String said = name;
    for (BatchClient model : List.of(a, b, a)) {
      said = model.chat(ChatRequest.builder().user(said).temperature(0.0).build()).text();
    }
    return said;
  }

  @Test
  void testEachPassTakesEveryWaitingItemOneCallFurtherWithBothModelsBatchesBetween() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 1, (body, attempt) -> Fault.NONE)) {
      AtomicInteger once = new AtomicInteger();
      AtomicInteger every = new AtomicInteger();
      BatchClient a = BatchClients.forSpec(spec("openai:model-a", server.baseUrl()), KEYS::get, dir.resolve("a.json"))
          .listener(counting(once)).everyUse(counting(every)).polling(Duration.ofSeconds(30), d -> { }).build();
      BatchClient b = BatchClients.forSpec(spec("openai:model-b", server.baseUrl()), KEYS::get, dir.resolve("b.json"))
          .listener(counting(once)).everyUse(counting(every)).polling(Duration.ofSeconds(30), d -> { }).build();
      List<String> lines = new ArrayList<>();
      try (BatchPasses passes = BatchPasses.of(List.of(a, b), lines::add)) {
        List<String> ended = passes.untilAnswered(() -> {
          List<String> out = new ArrayList<>();
          for (String name : List.of("one", "two")) {
            try {
              out.add(dialogue(name, a, b));
            } catch (BatchPendingException e) {
              out.add("(waiting)");
            }
          }
          return out;
        });
        assertThat(ended).containsExactly("echo: echo: echo: one", "echo: echo: echo: two");
        // three calls a dialogue, one a pass: three steps, each with one batch of both dialogues' calls
        assertThat(passes.passes()).isEqualTo(3);
        assertThat(passes.batches()).isEqualTo(3);
        assertThat(server.batchesCreated()).isEqualTo(3);
        assertThat(passes.requestsSent()).isEqualTo(6);
        assertThat(passes.usage().calls()).isEqualTo(6);
        assertThat(once.get()).isEqualTo(6);
        // passes 2, 3 and 4 use 2, 4 and 6 answers
        assertThat(every.get()).isEqualTo(12);
        assertThat(lines).anyMatch(l -> l.startsWith("pass 1: 0 items"));
        assertThat(passes.summary(java.util.Optional.empty())).hasSize(2).satisfiesExactly(
            l -> assertThat(l).startsWith("batch: 4 requests in 2 batches"),
            l -> assertThat(l).startsWith("batch: 2 requests in 1 batch "));
      }
    }
  }

  @Test
  void testItemsWaitingWithNothingQueuedAndSharedStateFilesAreRefused() throws Exception {
    try (FakeBatchServer server = FakeBatchServer.start(Shape.OPENAI, 0, (body, attempt) -> Fault.NONE)) {
      BatchClient a = BatchClients.forSpec(spec("openai:model-a", server.baseUrl()), KEYS::get, dir.resolve("a.json"))
          .build();
      BatchClient same = BatchClients.forSpec(spec("openai:model-b", server.baseUrl()), KEYS::get,
          dir.resolve("a.json")).build();
      assertThatThrownBy(() -> BatchPasses.of(List.of(a, same), l -> { }))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a.json");
      assertThatThrownBy(() -> BatchPasses.of(List.of(a), l -> { }).between(3))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("3 item(s) wait");
    }
  }
}
