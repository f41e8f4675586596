package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeker on the {@code anthropic:} scheme whose model refuses ({@code stop_reason: "refusal"} with words, as
 * https://docs.anthropic.com/en/api/handling-stop-reasons documents it), through a response cache, as the clarq command
 * composes them: the refusal is never spoken, never cached, asked once per dialogue, and each dialogue is counted
 * apart as {@code unparsed: refusal}.
 */
class RefusedSeekerRunTest {
  private static final String REFUSAL = "I can't help with that request.";
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  private static TaskSet tasks() {
    List<ClarqTask> list = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      list.add(SmallTasks.english(new TaskId(1, i)));
    }
    return new TaskSet(Language.ENGLISH, list);
  }

  @Test
  void testARefusingSeekerIsNeverSpokenNorCachedAndCountedApart() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(ProviderWires.ANTHROPIC,
        r -> FakeReply.rawBody("{\"id\": \"msg_1\", \"type\": \"message\", \"role\": \"assistant\", \"model\":"
            + " \"claude-test\", \"content\": [{\"type\": \"text\", \"text\": \"" + REFUSAL + "\"}],"
            + " \"stop_reason\": \"refusal\", \"stop_sequence\": null, \"usage\": {\"input_tokens\": 40,"
            + " \"output_tokens\": 8}}"))) {
      LlmSpec spec = LlmSpec.parse("anthropic:claude-test").withBaseUrl(server.baseUrl())
          .withSettings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(5))
              .withRetry(RetryPolicy.DEFAULT.withBackoff(Duration.ZERO, Duration.ZERO)));
      Path cache = dir.resolve("llm-cache.jsonl");
      RunResult r;
      try (LlmClient live = LlmClients.fromSpec(spec, name -> "sk-ant-loopback", TurnUsage.listener());
          ResponseCacheFile file = ResponseCacheFile.open(cache);
          LlmClient cached = CachingLlmClient.forSpec(live, spec, file, CachePolicy.DEFAULT, TurnUsage.listener())) {
        r = ClarqEvaluator.run(RunConfig.builder().taskSets(List.of(tasks()))
            .seeker(LlmSeeker.builder(cached).mode(LlmSeeker.Mode.CHAT).build())
            .provider(new ClarqEvaluatorTest.InOrderProvider()).output(dir.resolve("run")).concurrency(2).build());
      }
      // every dialogue stopped at the seeker's first turn, counted apart, its refusal never spoken
      assertThat(r.finished()).isEmpty();
      assertThat(r.failed()).hasSize(4).allSatisfy(d -> {
        assertThat(d.attributes()).containsEntry(DialogueLoop.FAILURE_KIND, "unparsed: refusal");
        assertThat(d.dialogue().utterances()).extracting(Utterance::text).doesNotContain(REFUSAL);
      });
      JsonNode failures = JSON.readTree(r.results().toFile()).path("failures");
      assertThat(failures.path("unparsed: refusal").asInt()).isEqualTo(4);
      // asked once each (a refusal is not retried), and nothing cached
      assertThat(server.callCount()).isEqualTo(4);
      assertThat(Files.readString(cache)).isEmpty();
      for (DialogueRecord d : r.failed()) {
        assertThat(d.error()).get().asString().contains("the model refused (stop_reason \"refusal\")");
      }
    }
  }
}
