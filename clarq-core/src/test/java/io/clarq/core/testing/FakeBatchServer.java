package io.clarq.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * A loopback batch API in either provider's shape, answering each entry with a reply of its own synchronous endpoint
 * and injecting faults per entry and attempt.
 *
 * <ul>
 *   <li>{@link Shape#OPENAI}: OpenAI's Batch API (https://platform.openai.com/docs/api-reference/batch,
 *       /docs/api-reference/files, /docs/guides/batch): {@code POST /v1/files} (multipart, {@code purpose=batch}) gives
 *       a file object; {@code POST /v1/batches} a batch object in {@code validating}; {@code GET /v1/batches/{id}}
 *       {@code in_progress} for the first polls, then {@code completed} with {@code output_file_id} and
 *       {@code error_file_id}; {@code GET /v1/files/{id}/content} the JSONL. An expired entry is an error-file line
 *       with {@code "error": {"code": "batch_expired", ...}}, an errored one a {@code response} of status 400.</li>
 *   <li>{@link Shape#ANTHROPIC}: Message Batches (https://docs.anthropic.com/en/api/creating-message-batches,
 *       /en/api/retrieving-message-batches, /en/api/retrieving-message-batch-results): {@code POST
 *       /v1/messages/batches} gives a {@code message_batch} in {@code in_progress}; polls give {@code ended} with a
 *       {@code results_url} after the first polls; the results are JSONL with {@code result.type} {@code succeeded},
 *       {@code errored} or {@code expired}.</li>
 * </ul>
 */
public final class FakeBatchServer implements AutoCloseable {
  /** Which provider's batch API it imitates. */
  public enum Shape { OPENAI, ANTHROPIC }

  /** What becomes of one entry. */
  public enum Fault { NONE, EXPIRE, ERROR }

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final AtomicInteger SERVERS = new AtomicInteger();

  private final Shape shape;
  private final HttpServer server;
  private final ExecutorService executor;
  private final BiFunction<JsonNode, Integer, Fault> faults;
  private final int pollsBeforeEnd;
  private final java.util.function.Function<JsonNode, String> answers;
  private final Map<String, byte[]> files = new ConcurrentHashMap<>();
  private final Map<String, Batch> batches = new ConcurrentHashMap<>();
  private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
  private final List<byte[]> entryBodies = new ArrayList<>();
  private final AtomicInteger ids = new AtomicInteger();
  private final AtomicInteger polls = new AtomicInteger();
  private final AtomicInteger created = new AtomicInteger();

  private static final class Batch {
    final Map<String, byte[]> entries = new LinkedHashMap<>();
    int polls;
    String results;
  }

  private FakeBatchServer(Shape shape, int pollsBeforeEnd, BiFunction<JsonNode, Integer, Fault> faults,
      java.util.function.Function<JsonNode, String> answers) throws IOException {
    this.shape = shape;
    this.answers = answers;
    this.pollsBeforeEnd = pollsBeforeEnd;
    this.faults = faults;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 64);
    int n = SERVERS.incrementAndGet();
    AtomicInteger threads = new AtomicInteger();
    this.executor = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "fake-batch-" + n + "-" + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  /**
   * A server whose batches end after {@code pollsBeforeEnd} polls that say they are running; {@code faults} decides
   * each entry's fate from its request body and its attempt (1 for its first batch).
   */
  public static FakeBatchServer start(Shape shape, int pollsBeforeEnd, BiFunction<JsonNode, Integer, Fault> faults) {
    return start(shape, pollsBeforeEnd, faults, r -> "echo: " + lastText(r.path("messages")));
  }

  /** As {@link #start(Shape, int, BiFunction)}, each entry answered with {@code answers}' text for its request body. */
  public static FakeBatchServer start(Shape shape, int pollsBeforeEnd, BiFunction<JsonNode, Integer, Fault> faults,
      java.util.function.Function<JsonNode, String> answers) {
    try {
      return new FakeBatchServer(shape, pollsBeforeEnd, faults, answers);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the fake batch server on 127.0.0.1", e);
    }
  }

  /** {@code http://127.0.0.1:PORT/v1}. */
  public URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  /** Batches created. */
  public int batchesCreated() {
    return created.get();
  }

  /** Polls answered. */
  public int polls() {
    return polls.get();
  }

  /** Every entry's request body as it arrived, in order, over all batches. */
  public synchronized List<byte[]> entryBodies() {
    return List.copyOf(entryBodies);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    try {
      byte[] in = ex.getRequestBody().readAllBytes();
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod();
      if (shape == Shape.OPENAI) {
        openAi(ex, method, path, in);
      } else {
        anthropic(ex, method, path, in);
      }
    } catch (RuntimeException e) {
      send(ex, 500, "{\"error\": {\"message\": \"fake batch server: " + e + "\"}}");
    }
  }

  private void openAi(HttpExchange ex, String method, String path, byte[] in) throws IOException {
    if (method.equals("POST") && path.equals("/v1/files")) {
      String form = new String(in, StandardCharsets.UTF_8);
      if (!form.contains("name=\"purpose\"\r\n\r\nbatch\r\n")) {
        send(ex, 400, "{\"error\": {\"message\": \"purpose must be batch\", \"type\": \"invalid_request_error\"}}");
        return;
      }
      int start = form.indexOf("\r\n\r\n", form.indexOf("filename=")) + 4;
      String boundary = form.substring(0, form.indexOf("\r\n"));
      byte[] content = form.substring(start, form.indexOf("\r\n" + boundary, start)).getBytes(StandardCharsets.UTF_8);
      String id = "file-" + ids.incrementAndGet();
      files.put(id, content);
      send(ex, 200, "{\"id\": \"" + id + "\", \"object\": \"file\", \"bytes\": " + content.length
          + ", \"created_at\": 1711471533, \"filename\": \"clarq-batch.jsonl\", \"purpose\": \"batch\"}");
    } else if (method.equals("POST") && path.equals("/v1/batches")) {
      JsonNode req = MAPPER.readTree(in);
      if (!req.path("endpoint").asText().equals("/v1/chat/completions")
          || !req.path("completion_window").asText().equals("24h")) {
        send(ex, 400, "{\"error\": {\"message\": \"bad batch\", \"type\": \"invalid_request_error\"}}");
        return;
      }
      Batch b = new Batch();
      for (String line : new String(files.get(req.path("input_file_id").asText()), StandardCharsets.UTF_8)
          .split("\n")) {
        if (!line.isBlank()) {
          JsonNode l = MAPPER.readTree(line);
          // the body bytes as the line carries them
          String raw = line.substring(line.indexOf("\"body\":") + 7, line.length() - 1);
          b.entries.put(l.path("custom_id").asText(), raw.getBytes(StandardCharsets.UTF_8));
        }
      }
      String id = "batch_" + ids.incrementAndGet();
      register(id, b);
      send(ex, 200, openAiBatch(id, b, "validating"));
    } else if (method.equals("GET") && path.startsWith("/v1/batches/")) {
      String id = path.substring("/v1/batches/".length());
      Batch b = batches.get(id);
      polls.incrementAndGet();
      synchronized (b) {
        if (b.polls++ < pollsBeforeEnd) {
          send(ex, 200, openAiBatch(id, b, "in_progress"));
          return;
        }
        if (b.results == null) {
          StringBuilder out = new StringBuilder();
          StringBuilder err = new StringBuilder();
          b.entries.forEach((cid, body) -> {
            Fault f = fault(cid, body);
            switch (f) {
              case NONE -> out.append("{\"id\": \"batch_req_").append(cid).append("\", \"custom_id\": \"").append(cid)
                  .append("\", \"response\": {\"status_code\": 200, \"request_id\": \"req_1\", \"body\": ")
                  .append(chatCompletion(body)).append("}, \"error\": null}\n");
              case EXPIRE -> err.append("{\"id\": \"batch_req_").append(cid).append("\", \"custom_id\": \"")
                  .append(cid).append("\", \"response\": null, \"error\": {\"code\": \"batch_expired\", \"message\":"
                      + " \"This request could not be executed before the completion window expired.\"}}\n");
              case ERROR -> err.append("{\"id\": \"batch_req_").append(cid).append("\", \"custom_id\": \"")
                  .append(cid).append("\", \"response\": {\"status_code\": 400, \"request_id\": \"req_2\", \"body\":"
                      + " {\"error\": {\"message\": \"Invalid value for 'temperature'.\", \"type\":"
                      + " \"invalid_request_error\", \"param\": \"temperature\", \"code\": null}}}, \"error\": null}\n");
            }
          });
          files.put(id + "-out", out.toString().getBytes(StandardCharsets.UTF_8));
          files.put(id + "-err", err.toString().getBytes(StandardCharsets.UTF_8));
          b.results = err.length() == 0 ? "" : "err";
        }
        send(ex, 200, openAiBatch(id, b, "completed"));
      }
    } else if (method.equals("GET") && path.startsWith("/v1/files/") && path.endsWith("/content")) {
      byte[] content = files.get(path.substring("/v1/files/".length(), path.length() - "/content".length()));
      send(ex, 200, content == null ? "" : new String(content, StandardCharsets.UTF_8));
    } else {
      send(ex, 404, "{\"error\": {\"message\": \"no route " + method + " " + path + "\"}}");
    }
  }

  private static String openAiBatch(String id, Batch b, String status) {
    boolean done = status.equals("completed");
    return "{\"id\": \"" + id + "\", \"object\": \"batch\", \"endpoint\": \"/v1/chat/completions\", \"errors\": null,"
        + " \"input_file_id\": \"file-in\", \"completion_window\": \"24h\", \"status\": \"" + status + "\","
        + " \"output_file_id\": " + (done ? "\"" + id + "-out\"" : "null") + ", \"error_file_id\": "
        + (done && "err".equals(b.results) ? "\"" + id + "-err\"" : "null") + ", \"created_at\": 1711471533,"
        + " \"request_counts\": {\"total\": " + b.entries.size() + ", \"completed\": 0, \"failed\": 0}}";
  }

  private void anthropic(HttpExchange ex, String method, String path, byte[] in) throws IOException {
    if (method.equals("POST") && path.equals("/v1/messages/batches")) {
      if (ex.getRequestHeaders().getFirst("x-api-key") == null
          || ex.getRequestHeaders().getFirst("anthropic-version") == null) {
        send(ex, 401, "{\"type\": \"error\", \"error\": {\"type\": \"authentication_error\", \"message\":"
            + " \"x-api-key header is required\"}}");
        return;
      }
      JsonNode req = MAPPER.readTree(in);
      Batch b = new Batch();
      String text = new String(in, StandardCharsets.UTF_8);
      for (JsonNode r : req.path("requests")) {
        String cid = r.path("custom_id").asText();
        // the params' bytes as the request carries them
        int at = text.indexOf("\"custom_id\":\"" + cid + "\",\"params\":") + ("\"custom_id\":\"" + cid
            + "\",\"params\":").length();
        String raw = MAPPER.writeValueAsString(r.path("params"));
        String exact = text.substring(at, at + rawLength(text, at));
        b.entries.put(cid, (exact.isEmpty() ? raw : exact).getBytes(StandardCharsets.UTF_8));
      }
      String id = "msgbatch_" + ids.incrementAndGet();
      register(id, b);
      send(ex, 200, anthropicBatch(id, b, false));
    } else if (method.equals("GET") && path.matches("/v1/messages/batches/[^/]+")) {
      String id = path.substring("/v1/messages/batches/".length());
      Batch b = batches.get(id);
      polls.incrementAndGet();
      synchronized (b) {
        boolean ended = b.polls++ >= pollsBeforeEnd;
        if (ended && b.results == null) {
          StringBuilder out = new StringBuilder();
          b.entries.forEach((cid, body) -> {
            out.append("{\"custom_id\": \"").append(cid).append("\", \"result\": ");
            switch (fault(cid, body)) {
              case NONE -> out.append("{\"type\": \"succeeded\", \"message\": ").append(message(body)).append("}");
              case EXPIRE -> out.append("{\"type\": \"expired\"}");
              case ERROR -> out.append("{\"type\": \"errored\", \"error\": {\"type\": \"error\", \"error\": {\"type\":"
                  + " \"invalid_request_error\", \"message\": \"max_tokens: Field required\"}}}");
            }
            out.append("}\n");
          });
          files.put(id, out.toString().getBytes(StandardCharsets.UTF_8));
          b.results = id;
        }
        send(ex, 200, anthropicBatch(id, b, ended));
      }
    } else if (method.equals("GET") && path.matches("/v1/messages/batches/[^/]+/results")) {
      String id = path.substring("/v1/messages/batches/".length(), path.length() - "/results".length());
      send(ex, 200, new String(files.get(id), StandardCharsets.UTF_8));
    } else {
      send(ex, 404, "{\"type\": \"error\", \"error\": {\"type\": \"not_found_error\", \"message\": \"" + path + "\"}}");
    }
  }

  // the length of the JSON value starting at text[at]: balanced braces, strings skipped
  private static int rawLength(String text, int at) {
    int depth = 0;
    boolean string = false;
    for (int i = at; i < text.length(); i++) {
      char c = text.charAt(i);
      if (string) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          string = false;
        }
      } else if (c == '"') {
        string = true;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i - at + 1;
      }
    }
    return 0;
  }

  private String anthropicBatch(String id, Batch b, boolean ended) {
    return "{\"id\": \"" + id + "\", \"type\": \"message_batch\", \"processing_status\": \""
        + (ended ? "ended" : "in_progress") + "\", \"request_counts\": {\"processing\": " + (ended ? 0 : b.entries.size())
        + ", \"succeeded\": 0, \"errored\": 0, \"canceled\": 0, \"expired\": 0}, \"ended_at\": null, \"created_at\":"
        + " \"2024-09-24T18:37:24.100435Z\", \"expires_at\": \"2024-09-25T18:37:24.100435Z\","
        + " \"cancel_initiated_at\": null, \"results_url\": " + (ended ? "\"" + baseUrl() + "/messages/batches/" + id
        + "/results\"" : "null") + "}";
  }

  private synchronized void register(String id, Batch b) {
    b.entries.values().forEach(entryBodies::add);
    batches.put(id, b);
    created.incrementAndGet();
  }

  private Fault fault(String cid, byte[] body) {
    int attempt = attempts.merge(cid, 1, Integer::sum);
    try {
      return faults.apply(MAPPER.readTree(body), attempt);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // https://platform.openai.com/docs/api-reference/chat/object: the reply is the last user message, reversed
  private String chatCompletion(byte[] body) {
    try {
      JsonNode req = MAPPER.readTree(body);
      ObjectNode root = MAPPER.createObjectNode().put("id", "chatcmpl-batch").put("object", "chat.completion")
          .put("created", 1711471533).put("model", req.path("model").asText());
      root.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
          .put("role", "assistant").put("content", answers.apply(req));
      root.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 10).put("total_tokens", 110);
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // https://docs.anthropic.com/en/api/messages: a message object
  private String message(byte[] body) {
    try {
      JsonNode req = MAPPER.readTree(body);
      ObjectNode root = MAPPER.createObjectNode().put("id", "msg_batch").put("type", "message").put("role", "assistant")
          .put("model", req.path("model").asText());
      root.putArray("content").addObject().put("type", "text").put("text", answers.apply(req));
      root.put("stop_reason", "end_turn").putNull("stop_sequence");
      root.putObject("usage").put("input_tokens", 100).put("output_tokens", 10);
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The last message's text of a request's {@code messages} (a string, or Anthropic's text blocks). */
  public static String lastText(JsonNode messages) {
    JsonNode content = messages.path(messages.size() - 1).path("content");
    return content.isTextual() ? content.asText() : content.path(0).path("text").asText();
  }

  private static void send(HttpExchange ex, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }
}
