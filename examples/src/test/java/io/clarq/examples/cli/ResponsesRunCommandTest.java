package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.ResponsesApiWire;
import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clarq run} with a seeker on a model OpenAI serves only through the Responses API, against a loopback server
 * answering as the Responses API documents it (platform.openai.com/docs/api-reference/responses): named by the
 * {@code openai-responses:} scheme, or by {@code openai:} falling back on the documented 404. Either way the dialogues
 * are played and scored and the deviation lands in results.json.
 */
class ResponsesRunCommandTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testAResponsesOnlyModelRunsADialogueWithTheSeedItCannotSendRecorded() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(ResponsesApiWire.RESPONSES,
        new SimulatedClarqModel(Duration.ZERO)::reply)) {
      Path out = dir.resolve("responses");
      assertThat(run("run", "--seeker", "openai-responses:o3-pro", "--base-url", server.baseUrl().toString(),
          "--provider", "offline", "--tasks", tasks.toString(), "--select", "3.1,4.2", "--out", out.toString()))
          .as(err.toString()).isZero();
      assertThat(this.out.toString()).contains("| English | 2 |");
      assertThat(server.requests()).isNotEmpty().allSatisfy(r -> {
        assertThat(r.path()).isEqualTo("/v1/responses");
        assertThat(r.model()).isEqualTo("o3-pro");
        assertThat(r.json().has("seed")).isFalse();
        assertThat(r.json().path("input").isArray()).isTrue();
      });
      String results = Files.readString(out.resolve("results.json"));
      assertThat(results).contains("\"dialogues_finished\" : 2", "\"comparable_with_paper\" : false",
          "\"name\" : \"seed not sent\"", "openai-responses:o3-pro");
      assertThat(Files.readString(out.resolve("summary.md"))).contains("seed not sent");
    }
  }

  @Test
  void testAnOpenAiSpecOfAResponsesOnlyModelFallsBackAndSaysSo() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    SimulatedClarqModel model = new SimulatedClarqModel(Duration.ZERO);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(ResponsesApiWire.WITH_CHAT_ROUTE,
        r -> r.path().endsWith("/chat/completions") ? ResponsesApiWire.onlyInResponses() : model.reply(r))) {
      Path out = dir.resolve("fallback");
      assertThat(run("run", "--seeker", "openai:o3-pro", "--base-url", server.baseUrl().toString(),
          "--provider", "offline", "--tasks", tasks.toString(), "--select", "3.1", "--out", out.toString()))
          .as(err.toString()).isZero();
      // one refused chat request, every other call through the Responses API
      assertThat(server.requests().stream().map(RecordedRequest::path).filter(p -> p.endsWith("/chat/completions")))
          .hasSize(1);
      assertThat(server.requests().stream().map(RecordedRequest::path).filter(p -> p.equals("/v1/responses")))
          .isNotEmpty();
      String results = Files.readString(out.resolve("results.json"));
      assertThat(results).contains("\"dialogues_finished\" : 1", "\"comparable_with_paper\" : false",
          "\"name\" : \"sent through the Responses API\"", "\"name\" : \"seed not sent\"");
      assertThat(Files.readString(out.resolve("run-config.json"))).contains(
          "\"name\" : \"sent through the Responses API\"");
      assertThat(Files.readString(out.resolve("summary.md"))).contains("Not comparable with the paper's tables",
          "sent through the Responses API");
    }
  }

  @Test
  void testACutReplyIsUnparsedNeverSpoken() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    // status "incomplete", incomplete_details.reason "max_output_tokens", with the text cut short
    try (FakeOpenAiServer server = FakeOpenAiServer.start(ResponsesApiWire.RESPONSES,
        r -> FakeReply.text("Where can I fi").withFinishReason("length"))) {
      Path out = dir.resolve("cut");
      assertThat(run("run", "--seeker", "openai-responses:o3-pro", "--base-url", server.baseUrl().toString(),
          "--provider", "offline", "--tasks", tasks.toString(), "--select", "3.1", "--out", out.toString()))
          .isNotZero();
      assertThat(server.callCount()).as("an unusable reply is not asked again").isEqualTo(1);
      assertThat(Files.readString(out.resolve("transcripts.jsonl"))).contains("\"status\":\"failed\"",
          "the reply was cut at the length limit");
      assertThat(Files.readString(out.resolve("results.json"))).contains("\"unparsed: length\" : 1",
          "\"dialogues_finished\" : 0");
    }
  }
}
