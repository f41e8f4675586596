package io.clarq.core.llm.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.langchain4j.http.client.HttpMethod;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.DefaultServerSentEventParser;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTTP client the provider modules send through, for a streamed request. */
class ClarqHttpClientTest {
  /** What a listener heard, in order. */
  private static final class Heard implements ServerSentEventListener {
    final List<String> events = new ArrayList<>();

    @Override
    public void onOpen(SuccessfulHttpResponse response) {
      events.add("open " + response.statusCode());
    }

    @Override
    public void onEvent(ServerSentEvent event) {
      events.add(event.event() + ": " + event.data());
    }

    @Override
    public void onError(Throwable error) {
      events.add("error " + error.getClass().getSimpleName());
    }

    @Override
    public void onClose() {
      events.add("close");
    }
  }

  private static List<String> stream(int status, String body) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    // a text/event-stream body as the Messages API streams one (docs.anthropic.com, "Streaming Messages")
    server.createContext("/v1/messages", ex -> {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", "text/event-stream");
      ex.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    });
    server.start();
    try {
      Heard heard = new Heard();
      new ClarqHttpClient.Builder().readTimeout(Duration.ofSeconds(10)).build().execute(HttpRequest.builder()
          .method(HttpMethod.POST).url("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/messages")
          .body("{}").build(), new DefaultServerSentEventParser(), heard);
      return heard.events;
    } finally {
      server.stop(0);
    }
  }

  @Test
  void testAStreamedReplyIsHandedOnEventByEvent() throws Exception {
    assertThat(stream(200, "event: message_start\ndata: {\"a\":1}\n\nevent: message_stop\ndata: {}\n\n"))
        .containsExactly("open 200", "message_start: {\"a\":1}", "message_stop: {}", "close");
  }

  @Test
  void testAnHttpErrorGoesToTheListener() throws Exception {
    assertThat(stream(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}"))
        .containsExactly("error RetryAfterHttpException");
  }
}
