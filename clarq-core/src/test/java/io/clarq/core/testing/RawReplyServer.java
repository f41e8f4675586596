package io.clarq.core.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A loopback HTTP server that answers byte for byte what a test scripts: status, headers (its own
 * {@code Content-Type} and {@code Content-Encoding} included, which {@link FakeOpenAiServer} sets itself) and body
 * bytes (a gzip body, an event stream). Replies come from a queue, the last one repeating; every request's headers
 * are kept.
 */
public final class RawReplyServer implements AutoCloseable {
  /** One scripted reply. */
  public record Reply(int status, Map<String, String> headers, byte[] body) {
    /** A reply whose body is {@code text} in UTF-8. */
    public static Reply of(int status, String contentType, String text) {
      return new Reply(status, contentType == null ? Map.of() : Map.of("Content-Type", contentType),
          text.getBytes(StandardCharsets.UTF_8));
    }

    /** This reply with one more header. */
    public Reply with(String name, String value) {
      Map<String, String> h = new LinkedHashMap<>(headers);
      h.put(name, value);
      return new Reply(status, h, body);
    }
  }

  private final HttpServer server;
  private boolean closed;
  private final Queue<Reply> replies = new ConcurrentLinkedQueue<>();
  private volatile Reply last = Reply.of(500, "application/json", "{\"error\": \"nothing scripted\"}");
  private final List<Map<String, List<String>>> requests = Collections.synchronizedList(new ArrayList<>());

  private RawReplyServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      ex.getRequestBody().readAllBytes();
      Map<String, List<String>> headers = new TreeMap<>();
      ex.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
      requests.add(headers);
      Reply next = replies.poll();
      Reply reply = next == null ? last : next;
      if (next != null) {
        last = next;
      }
      reply.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
      ex.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(reply.body());
      }
    });
    server.start();
  }

  /** A server answering {@code replies} in order, then the last of them again and again. */
  public static RawReplyServer start(Reply... replies) {
    try {
      RawReplyServer s = new RawReplyServer();
      s.replies.addAll(List.of(replies));
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code http://127.0.0.1:PORT} followed by {@code path}. */
  public URI url(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  /** Requests received so far. */
  public int callCount() {
    return requests.size();
  }

  /** Each request's headers, names in lower case. */
  public List<Map<String, List<String>>> requestHeaders() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /** Stops the server; a second call does nothing. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      server.stop(0);
    }
  }
}
