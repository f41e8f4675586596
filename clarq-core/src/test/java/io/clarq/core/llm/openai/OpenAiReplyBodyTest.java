package io.clarq.core.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmSettings;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reply bodies the OpenAI-wire client must read as the one reply they stand for, or refuse at once: a stream sent
 * although none was asked for, a compressed body, an error inside a choice, two choices of one index, a redirect.
 * Each body is written as its source documents it.
 */
class OpenAiReplyBodyTest {
  private static final String KEY = "sk-body-test-0123456789abcdef";
  private static final int ATTEMPTS = 3;
  private RawReplyServer server;
  private final List<Duration> waits = new ArrayList<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private ChatResponse ask(Reply... replies) throws LlmException {
    server = RawReplyServer.start(replies);
    try (OpenAiClient client = client(Map.of())) {
      return client.chat(ChatRequest.builder().user("where?").temperature(0.0).build());
    }
  }

  private OpenAiClient client(Map<String, String> headers) {
    return OpenAiClient.builder().baseUrl(server.url("/v1")).model("gpt-4o-mini").apiKey(ApiKey.of(KEY, "test"))
        .headers(headers).settings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(10))
            .withRetry(RetryPolicy.DEFAULT.withMaxAttempts(ATTEMPTS).withBackoff(Duration.ZERO, Duration.ZERO)))
        .sleeper(waits::add).build();
  }

  private <T extends Throwable> T failure(Class<T> type, Reply... replies) {
    return catchThrowableOfType(() -> ask(replies), type);
  }

  // platform.openai.com/docs/api-reference/chat/streaming: chat.completion.chunk objects, the role first, content in
  // pieces, the finish_reason last, usage in a last chunk with no choices (stream_options.include_usage), then [DONE]
  private static String chunk(String choice) {
    return "data: {\"id\":\"chatcmpl-123\",\"object\":\"chat.completion.chunk\",\"created\":1694268190,"
        + "\"model\":\"gpt-4o-mini\",\"system_fingerprint\":\"fp_44709d6fcb\",\"choices\":[" + choice + "]}\n\n";
  }

  private static String delta(String delta, String finish) {
    return "{\"index\":0,\"delta\":" + delta + ",\"logprobs\":null,\"finish_reason\":" + finish + "}";
  }

  private static final String STREAM = chunk(delta("{\"role\":\"assistant\",\"content\":\"\"}", "null"))
      + chunk(delta("{\"content\":\"Where \"}", "null"))
      + chunk(delta("{\"content\":\"do you \"}", "null"))
      + chunk(delta("{\"content\":\"train?\"}", "null"))
      + chunk(delta("{}", "\"stop\""))
      + "data: {\"id\":\"chatcmpl-123\",\"object\":\"chat.completion.chunk\",\"created\":1694268190,"
      + "\"model\":\"gpt-4o-mini\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":4,"
      + "\"total_tokens\":13}}\n\n"
      + "data: [DONE]\n\n";

  @Test
  void testAnEventStreamIsAssembledIntoTheWholeReply() throws Exception {
    ChatResponse r = ask(Reply.of(200, "text/event-stream", STREAM));
    assertThat(r.text()).isEqualTo("Where do you train?");
    assertThat(r.finishReason()).isEqualTo("stop");
    assertThat(r.usage()).isEqualTo(new TokenUsage(9, 4));
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAnEventStreamSentAsJsonIsKnownByItsDataLines() throws Exception {
    // a proxy that streams but labels the body application/json
    assertThat(ask(Reply.of(200, "application/json", STREAM)).text()).isEqualTo("Where do you train?");
  }

  @Test
  void testNdjsonChunksAreAssembled() throws Exception {
    String ndjson = STREAM.replace("data: ", "").replace("\n\n", "\n").replace("[DONE]\n", "");
    assertThat(ask(Reply.of(200, "application/x-ndjson", ndjson)).text()).isEqualTo("Where do you train?");
    // no content type at all: known by its several JSON values
    assertThat(ask(Reply.of(200, null, ndjson)).text()).isEqualTo("Where do you train?");
    // one whole completion labelled as a stream is that completion
    assertThat(ask(Reply.of(200, "application/x-ndjson", WHOLE + "\n")).text()).isEqualTo("Where do you train?");
  }

  @Test
  void testAStreamCutBeforeItsFinishReasonIsRefusedAtOnce() {
    String cut = STREAM.substring(0, STREAM.indexOf(chunk(delta("{}", "\"stop\""))));
    LlmException e = failure(LlmException.class, Reply.of(200, "text/event-stream", cut));
    assertThat(e).isNotInstanceOf(LlmTransportException.class);
    assertThat(e.retryable()).isFalse();
    assertThat(e.getMessage()).contains("streamed its reply as server-sent events")
        .contains("before any choice's finish_reason");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAStreamOfWholeMessagesIsRefusedAtOnce() {
    String lines = "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"a\"}}]}\n"
        + "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"b\"}}]}\n";
    LlmException e = failure(LlmException.class, Reply.of(200, "application/json", lines));
    assertThat(e.getMessage()).contains("newline-delimited JSON").contains("not a delta");
    assertThat(server.callCount()).isEqualTo(1);
  }

  private static final String WHOLE = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
      + "\"message\":{\"role\":\"assistant\",\"content\":\"Where do you train?\"},\"finish_reason\":\"stop\"}],"
      + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":4,\"total_tokens\":13}}";

  static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  static byte[] deflate(String text) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
      z.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  @Test
  void testGzipAndDeflateBodiesAreDecodedAndIdentityIsAsked() throws Exception {
    // RFC 9110 §8.4.1: gzip, and deflate as a zlib stream; the server may choose a coding the client did not ask for
    assertThat(ask(new Reply(200, Map.of("Content-Type", "application/json", "Content-Encoding", "gzip"),
        gzip(WHOLE))).text()).isEqualTo("Where do you train?");
    assertThat(server.requestHeaders().get(0).get("accept-encoding")).containsExactly("identity");
    assertThat(ask(new Reply(200, Map.of("Content-Type", "application/json", "Content-Encoding", "deflate"),
        deflate(WHOLE))).text()).isEqualTo("Where do you train?");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAnEncodingClarqCannotDecodeIsRefusedAtOnce() {
    LlmException e = failure(LlmException.class, new Reply(200, Map.of("Content-Type", "application/json",
        "Content-Encoding", "br"), new byte[] {0x1b, 0x2, 0x0}));
    assertThat(e.retryable()).isFalse();
    assertThat(e.getMessage()).contains("Content-Encoding br");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testAnErrorInsideAChoiceIsTheErrorItNames() throws Exception {
    // openrouter.ai/docs/api-reference/errors: a provider's failure inside the choice, code 502, provider named
    String body = "{\"id\":\"gen-1\",\"object\":\"chat.completion\",\"model\":\"openai/gpt-4o\",\"choices\":[{"
        + "\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":\"error\","
        + "\"error\":{\"code\":502,\"message\":\"Provider returned error\",\"metadata\":{\"provider_name\":"
        + "\"Fireworks\",\"raw\":\"upstream connect error\"}}}]}";
    LlmHttpException e = failure(LlmHttpException.class, Reply.of(200, "application/json", body));
    assertThat(e.status()).isEqualTo(502);
    assertThat(e.retryable()).isTrue();
    assertThat(e.getMessage()).contains("Provider returned error").contains("provider Fireworks");
    assertThat(server.callCount()).isEqualTo(ATTEMPTS);
    // transient: the next attempt's reply is used
    assertThat(ask(Reply.of(200, "application/json", body), Reply.of(200, "application/json", WHOLE)).text())
        .isEqualTo("Where do you train?");
  }

  @Test
  void testTwoChoicesOfOneIndexAreRefused() {
    String body = "{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"content\":\"yes\"},"
        + "\"finish_reason\":\"stop\"},{\"index\":0,\"message\":{\"content\":\"no\"},\"finish_reason\":\"stop\"}]}";
    LlmException e = failure(LlmException.class, Reply.of(200, "application/json", body));
    assertThat(e.getMessage()).contains("two choices with index 0");
    assertThat(server.callCount()).isEqualTo(1);
  }

  @Test
  void testTheChoiceOfIndexZeroIsTheReplyWhateverItsPlace() throws Exception {
    String body = "{\"object\":\"chat.completion\",\"choices\":[{\"index\":1,\"message\":{\"content\":\"second\"},"
        + "\"finish_reason\":\"stop\"},{\"index\":0,\"message\":{\"content\":\"first\"},\"finish_reason\":\"stop\"}]}";
    assertThat(ask(Reply.of(200, "application/json", body)).text()).isEqualTo("first");
  }

  @Test
  void testARedirectNamesItsLocation() {
    // RFC 9110 §15.4.3 (302) and §15.4.8 (307): the target is in Location; a POST is not followed
    for (int status : new int[] {302, 307}) {
      LlmException e = failure(LlmException.class, new Reply(status, Map.of("Location",
          "https://llm.example.org/v2/chat/completions?token=abc"), new byte[0]));
      assertThat(e.getMessage()).contains("HTTP " + status).contains("https://llm.example.org/v2/chat/completions")
          .doesNotContain("token=abc");
      assertThat(e.retryable()).isFalse();
      assertThat(server.callCount()).isEqualTo(1);
      server.close();
    }
  }

  @Test
  void testAHeaderValueWithSpacesIsHiddenOnEveryErrorPath() throws Exception {
    String header = "Bearer user-token-5f2a9c81 tenant-7";
    String echo = "{\"error\":{\"message\":\"bad credentials: " + header + "\",\"type\":\"invalid_request_error\","
        + "\"code\":\"bad_header\"}}";
    server = RawReplyServer.start(Reply.of(400, "application/json", echo));
    List<Throwable> errors = new ArrayList<>();
    try (OpenAiClient client = client(Map.of("Authorization", header, "X-Gateway", "team blue secret-9d8e7f6a"))) {
      errors.add(catchThrowableOfType(() -> client.chat(ChatRequest.builder().user("hi").build()),
          LlmException.class));
      assertThat(client.toString()).doesNotContain("user-token").doesNotContain("secret-9d8e");
    }
    server.close();
    // the server is gone: a connection failure
    try (OpenAiClient client = client(Map.of("Authorization", header))) {
      errors.add(catchThrowableOfType(() -> client.chat(ChatRequest.builder().user("hi").build()),
          LlmTransportException.class));
    }
    assertThat(errors).hasSize(2).doesNotContainNull();
    assertThat(errors.get(0)).hasMessageContaining("bad credentials: [redacted]");
    for (Throwable e : errors) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      assertThat(trace.toString()).doesNotContain("user-token-5f2a9c81").doesNotContain("IllegalArgument")
          .doesNotContain(KEY);
    }
  }
}
