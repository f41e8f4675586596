package io.clarq.core.llm.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.RawReplyServer;
import io.clarq.core.testing.RawReplyServer.Reply;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reply bodies the HTTP client given to LangChain4j must read as the one reply they stand for, or refuse at once:
 * Ollama's NDJSON stream sent although {@code "stream": false} was, an event stream, a compressed body, a redirect,
 * a body that is not JSON; and header values kept out of every message. Bodies as each vendor documents them.
 */
class LangChain4jReplyBodyTest {
  private static final String KEY = "sk-ant-body-test-0123456789abcdef";
  private static final int ATTEMPTS = 3;
  private RawReplyServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static LlmSettings settings() {
    return LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10))
        .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(ATTEMPTS).withBackoff(Duration.ZERO, Duration.ZERO));
  }

  private LlmClient ollama(Reply... replies) {
    server = RawReplyServer.start(replies);
    return new OllamaClientProvider().create(LlmSpec.parse("ollama:llama3.2").withBaseUrl(server.url(""))
        .withSettings(settings()), Optional.empty(), Map.of(), LlmListener.NONE);
  }

  private LlmClient anthropic(Map<String, String> headers, Reply... replies) {
    server = RawReplyServer.start(replies);
    return new AnthropicClientProvider().create(LlmSpec.parse("anthropic:claude-sonnet-4-5")
        .withBaseUrl(server.url("/v1")).withSettings(settings()), Optional.of(ApiKey.of(KEY, "test")), headers,
        LlmListener.NONE);
  }

  private static ChatRequest ask() {
    return ChatRequest.builder().user("where?").temperature(0.0).build();
  }

  // github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion, the streamed response: one object a
  // line with a piece of message.content, the last "done": true with done_reason, durations and token counts
  private static String line(String content) {
    return "{\"model\":\"llama3.2\",\"created_at\":\"2023-08-04T08:52:19.385406455-07:00\",\"message\":{\"role\":"
        + "\"assistant\",\"content\":\"" + content + "\",\"images\":null},\"done\":false}\n";
  }

  private static final String LAST = "{\"model\":\"llama3.2\",\"created_at\":\"2023-08-04T19:22:45.499127Z\","
      + "\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\","
      + "\"total_duration\":4883583458,\"load_duration\":1334875,\"prompt_eval_count\":26,"
      + "\"prompt_eval_duration\":342546000,\"eval_count\":282,\"eval_duration\":4535599000}\n";

  private static final String STREAM = line("Where ") + line("do you ") + line("train?") + LAST;

  @Test
  void testOllamasNdjsonStreamIsAssembledIntoTheWholeReply() throws Exception {
    try (LlmClient client = ollama(Reply.of(200, "application/x-ndjson", STREAM))) {
      ChatResponse r = client.chat(ask());
      assertThat(r.text()).isEqualTo("Where do you train?");
      assertThat(r.finishReason()).isEqualTo("stop");
      assertThat(r.usage()).isEqualTo(new TokenUsage(26, 282));
    }
    // labelled application/json by a proxy: known by its several JSON values
    try (LlmClient client = ollama(Reply.of(200, "application/json", STREAM))) {
      assertThat(client.chat(ask()).text()).isEqualTo("Where do you train?");
      assertThat(server.callCount()).isEqualTo(1);
    }
  }

  @Test
  void testAnNdjsonStreamWithoutItsDoneLineIsRefusedAtOnce() throws Exception {
    try (LlmClient client = ollama(Reply.of(200, "application/x-ndjson", line("Where ") + line("do you ")))) {
      LlmException e = catchThrowableOfType(() -> client.chat(ask()), LlmException.class);
      assertThat(e.retryable()).isFalse();
      assertThat(e.getMessage()).contains("streamed its reply as newline-delimited JSON")
          .contains("\"done\": true");
      assertThat(server.callCount()).isEqualTo(1);
    }
  }

  @Test
  void testAnErrorLineInTheStreamIsRetriedAsABadGateway() throws Exception {
    // the same page, "Errors": an error while streaming comes as a line {"error": "..."}
    String failed = line("Where ") + "{\"error\":\"an error was encountered while running the model: unexpected"
        + " EOF\"}\n";
    try (LlmClient client = ollama(Reply.of(200, "application/x-ndjson", failed))) {
      LlmHttpException e = catchThrowableOfType(() -> client.chat(ask()), LlmHttpException.class);
      assertThat(e.status()).isEqualTo(502);
      assertThat(e.getMessage()).contains("unexpected EOF").contains("HTTP 200 streaming an error");
      assertThat(server.callCount()).isEqualTo(ATTEMPTS);
    }
  }

  @Test
  void testAGzipBodyIsDecodedAndIdentityIsAsked() throws Exception {
    // RFC 9110 §8.4.1.3: gzip; without Accept-Encoding a server may choose any coding (§12.5.3)
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(LAST.replace("\"content\":\"\"", "\"content\":\"Where do you train?\"")
          .getBytes(StandardCharsets.UTF_8));
    }
    try (LlmClient client = ollama(new Reply(200, Map.of("Content-Type", "application/json",
        "Content-Encoding", "gzip"), out.toByteArray()))) {
      assertThat(client.chat(ask()).text()).isEqualTo("Where do you train?");
      assertThat(server.requestHeaders().get(0).get("accept-encoding")).containsExactly("identity");
    }
  }

  // docs.anthropic.com/en/api/messages-streaming: the events of a streamed message, as its "Basic streaming request"
  private static final String ANTHROPIC_SSE = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":"
      + "{\"id\":\"msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],"
      + "\"model\":\"claude-sonnet-4-5\",\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":25,"
      + "\"output_tokens\":1}}}\n\n"
      + "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":"
      + "{\"type\":\"text\",\"text\":\"\"}}\n\n"
      + "event: ping\ndata: {\"type\": \"ping\"}\n\n"
      + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":"
      + "\"text_delta\",\"text\":\"Where \"}}\n\n"
      + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":"
      + "\"text_delta\",\"text\":\"do you train?\"}}\n\n"
      + "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
      + "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\","
      + "\"stop_sequence\":null},\"usage\":{\"output_tokens\":15}}\n\n"
      + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";

  @Test
  void testAnAnthropicEventStreamIsAssembledIntoTheWholeMessage() throws Exception {
    try (LlmClient client = anthropic(Map.of(), Reply.of(200, "text/event-stream", ANTHROPIC_SSE))) {
      ChatResponse r = client.chat(ask());
      assertThat(r.text()).isEqualTo("Where do you train?");
      assertThat(r.finishReason()).isEqualTo("stop");
      assertThat(r.usage()).isEqualTo(new TokenUsage(25, 15));
      assertThat(server.callCount()).isEqualTo(1);
    }
  }

  @Test
  void testAnEventStreamThatCannotBeAssembledIsRefusedAtOnce() throws Exception {
    String cut = ANTHROPIC_SSE.substring(0, ANTHROPIC_SSE.indexOf("event: message_delta"));
    try (LlmClient client = anthropic(Map.of(), Reply.of(200, "text/event-stream", cut))) {
      LlmException e = catchThrowableOfType(() -> client.chat(ask()), LlmException.class);
      assertThat(e.retryable()).isFalse();
      assertThat(e.getMessage()).contains("streamed its reply as server-sent events")
          .contains("ended before its stop_reason");
      assertThat(server.callCount()).isEqualTo(1);
    }
    // events that are not Anthropic's (ai.google.dev/api/generate-content, streamGenerateContent with alt=sse)
    String gemini = "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Where\"}],\"role\": \"model\"},"
        + "\"index\": 0}]}\n\n";
    try (LlmClient client = anthropic(Map.of(), Reply.of(200, "text/event-stream", gemini))) {
      LlmException e = catchThrowableOfType(() -> client.chat(ask()), LlmException.class);
      assertThat(e.retryable()).isFalse();
      assertThat(e.getMessage()).contains("streamed its reply as server-sent events");
      assertThat(server.callCount()).isEqualTo(1);
    }
  }

  @Test
  void testAnErrorEventIsRetriedAsABadGateway() throws Exception {
    // the same page, "Error events": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    String failed = ANTHROPIC_SSE.substring(0, ANTHROPIC_SSE.indexOf("event: content_block_start"))
        + "event: error\ndata: {\"type\": \"error\", \"error\": {\"type\": \"overloaded_error\", \"message\":"
        + " \"Overloaded\"}}\n\n";
    try (LlmClient client = anthropic(Map.of(), Reply.of(200, "text/event-stream", failed))) {
      LlmHttpException e = catchThrowableOfType(() -> client.chat(ask()), LlmHttpException.class);
      assertThat(e.status()).isEqualTo(502);
      assertThat(e.getMessage()).contains("overloaded_error: Overloaded");
      assertThat(server.callCount()).isEqualTo(ATTEMPTS);
    }
  }

  @Test
  void testARedirectNamesItsLocation() throws Exception {
    // RFC 9110 §15.4.8: 307 keeps the method; the target is in Location
    try (LlmClient client = anthropic(Map.of(), new Reply(307, Map.of("Location",
        "https://proxy.example.org/anthropic/v1/messages?sig=abc"), new byte[0]))) {
      LlmException e = catchThrowableOfType(() -> client.chat(ask()), LlmException.class);
      assertThat(e.getMessage()).contains("HTTP 307").contains("https://proxy.example.org/anthropic/v1/messages")
          .doesNotContain("sig=abc");
      assertThat(e.retryable()).isFalse();
      assertThat(server.callCount()).isEqualTo(1);
    }
  }

  @Test
  void testABodyThatIsNotJsonNamesLineAndColumnWithoutParserInternals() throws Exception {
    try (LlmClient client = ollama(Reply.of(200, "application/json", "{\"model\":\"llama3.2\",\"message\":{\"co"))) {
      LlmTransportException e = catchThrowableOfType(() -> client.chat(ask()), LlmTransportException.class);
      assertThat(e.getMessage()).contains("line 1, column").doesNotContain("[Source").doesNotContain("REDACTED");
    }
  }

  @Test
  void testAHeaderValueWithSpacesIsHiddenFromErrors() throws Exception {
    String header = "Bearer proxy-token-77aa11ee team-3";
    // docs.anthropic.com/en/api/errors: the error shape; this proxy echoes the credentials it refused
    String echo = "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"bad header: "
        + header + " with key " + KEY + "\"}}";
    try (LlmClient client = anthropic(Map.of("X-Proxy-Authorization", header),
        Reply.of(400, "application/json", echo))) {
      LlmException e = catchThrowableOfType(() -> client.chat(ask()), LlmException.class);
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      assertThat(e.getMessage()).contains("bad header: [redacted]");
      assertThat(trace.toString()).doesNotContain("proxy-token-77aa11ee").doesNotContain(KEY);
      assertThat(client.toString()).doesNotContain("proxy-token");
    }
  }
}
