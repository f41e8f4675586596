package io.clarq.examples.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.openai.OpenAiClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The benchmark's model server, in its own process, answers OpenAI chat completions and counts them. */
class ModelServerProcessTest {
  @Test
  void servesTheSimulatedModelFromAChildProcess() throws Exception {
    ProcessHandle child;
    try (ModelServerProcess model = ModelServerProcess.start(List.of(Duration.ZERO, Duration.ofMillis(30)),
        List.of("-Xmx64m"))) {
      child = ProcessHandle.of(model.pid()).orElseThrow();
      assertThat(model.pid()).isNotEqualTo(ProcessHandle.current().pid());
      assertThat(model.servers()).hasSize(2);
      assertThat(model.servers().get(1).latency()).isEqualTo(Duration.ofMillis(30));
      assertThat(model.servers().get(0).baseUrl().toString()).matches("http://127\\.0\\.0\\.1:\\d+/v1");

      // a seeker's request (plain text): a question or a goodbye, with usage; then a JSON-mode request the
      // simulated provider does not know, answered as such
      ChatResponse seeker = client(model, 1).chat(ChatRequest.builder().system("Gather resources\nmore")
          .user("Hello").build());
      assertThat(seeker.text()).matches("You: Question 0: what should I do about step \\d\\?|.*Goodbye!");
      assertThat(seeker.usage().totalTokens()).isPositive();
      ChatResponse json = client(model, 1).chat(ChatRequest.builder().user("no provider prompt")
          .responseFormat(ResponseFormat.JSON_OBJECT).build());
      assertThat(json.text()).isEqualTo("not a provider prompt");

      long t0 = System.nanoTime();
      client(model, 2).chat(ChatRequest.builder().user("Hello").build());
      assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(30));

      assertThat(model.stats()).containsExactly(new ModelServerProcess.Stats(2, 1),
          new ModelServerProcess.Stats(1, 1));
      assertThat(model.cpuTime()).isPositive();
      model.reset();
      assertThat(model.stats()).containsExactly(new ModelServerProcess.Stats(0, 0),
          new ModelServerProcess.Stats(0, 0));
    }
    // closing stops the child
    assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
  }

  private static OpenAiClient client(ModelServerProcess model, int server) {
    return OpenAiClient.builder().baseUrl(model.servers().get(server - 1).baseUrl()).model("simulated").build();
  }
}
