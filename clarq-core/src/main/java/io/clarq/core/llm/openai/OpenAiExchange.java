package io.clarq.core.llm.openai;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.Redactor;
import io.clarq.core.llm.wire.ReplyBody;
import io.clarq.core.llm.wire.UnreadableBodyException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One HTTP exchange of the OpenAI-compatible client: the request sent on the JDK's HttpClient (HTTP/1.1) within a
 * bound on the whole attempt, the failures of the wire as the typed exceptions a retry can cure, and the reply's body
 * with its content coding undone. Messages never show the key, the extra headers' values or a URL's query.
 */
final class OpenAiExchange {
  private final URI endpoint;
  private final Duration timeout;
  private final Redactor redactor;
  private final HttpClient http;

  OpenAiExchange(URI endpoint, Duration timeout, Redactor redactor) {
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.redactor = redactor;
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(timeout)
        // no pool: the HttpClient's own selector thread finishes each exchange (reading a byte-array body never
        // blocks), which saves a thread hand-off per call; the caller waits in send
        .executor(Runnable::run)
        .build();
  }

  // {base path}{route}, then the base URL's query (Azure's ?api-version=...), never before it
  static URI endpoint(URI base, String route) {
    String s = base.toString();
    int cut = s.length();
    for (char c : new char[] {'?', '#'}) {
      int i = s.indexOf(c);
      if (i >= 0) {
        cut = Math.min(cut, i);
      }
    }
    String path = s.substring(0, cut).replaceAll("/+$", "") + route;
    return URI.create(base.getRawQuery() == null ? path : path + "?" + base.getRawQuery());
  }

  /**
   * Whether a base URL is an Azure OpenAI deployment, which takes the key as an {@code api-key} header: its path holds
   * {@code /openai/deployments/}, or its host ends in {@code .openai.azure.com} and its path is not the
   * OpenAI-compatible {@code /openai/v1} (learn.microsoft.com, Azure OpenAI REST reference and v1 API lifecycle).
   */
  static boolean azureKey(URI base) {
    String path = base.getPath() == null ? "" : base.getPath();
    String host = base.getHost() == null ? "" : base.getHost().toLowerCase(Locale.ROOT);
    if (path.contains("/openai/deployments/")) {
      return true;
    }
    return host.endsWith(".openai.azure.com") && !path.contains("/openai/v1");
  }

  /**
   * The user's extra headers, checked, by name regardless of case.
   *
   * @throws IllegalArgumentException naming a header the HTTP client does not let a caller set ({@code Host},
   *     {@code Content-Length}, ...), or one whose value it cannot carry (the value, a secret, is not shown)
   */
  static Map<String, String> checkedHeaders(Map<String, String> headers) {
    Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    h.putAll(headers);
    for (Map.Entry<String, String> e : h.entrySet()) {
      String name = e.getKey();
      try {
        HttpRequest.newBuilder(URI.create("http://127.0.0.1/")).header(name, "x");
      } catch (IllegalArgumentException x) {
        throw new IllegalArgumentException("illegal HTTP header " + name + ": not a header name the HTTP client"
            + " lets a caller set (it sets Host, Connection, Content-Length and the like itself)");
      }
      try {
        HttpRequest.newBuilder(URI.create("http://127.0.0.1/")).header(name, e.getValue());
      } catch (IllegalArgumentException x) {
        // the value is a secret: the message names the header only
        throw new IllegalArgumentException("illegal value for HTTP header " + name + " (not shown): it holds"
            + " characters a header value cannot");
      }
    }
    return Map.copyOf(h);
  }

  /** The POST of {@code body}, with the key as Azure ({@code api-key}) or OpenAI (a bearer token) takes it. */
  HttpRequest post(byte[] body, Optional<ApiKey> key, boolean azureKey, Map<String, String> headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
        .timeout(timeout)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        // RFC 9110 §12.5.3: without Accept-Encoding any coding is acceptable; a gzip or deflate body is decoded anyway
        .header("Accept-Encoding", "identity")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    key.ifPresent(k -> {
      if (azureKey) {
        b.header("api-key", k.value());
      } else {
        b.header("Authorization", "Bearer " + k.value());
      }
    });
    // the user's headers win over ours of the same name (an Authorization of their own, say)
    headers.forEach(b::setHeader);
    return b.build();
  }

  /** Sends {@code request} and waits for the whole reply, within the timeout. */
  HttpResponse<byte[]> send(HttpRequest request) throws LlmException, InterruptedException {
    // the request's own timeout ends at the response headers; the deadline bounds the whole attempt, so a server
    // that trickles its body a byte at a time cannot hold a call past the timeout. send, not sendAsync: see
    // AttemptDeadline (sendAsync costs a new thread per call on a 2-core machine)
    AttemptDeadline deadline = AttemptDeadline.start(timeout);
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      if (deadline.end()) {
        throw timeout();
      }
      throw e;
    } catch (HttpTimeoutException e) {
      deadline.end();
      throw timeout();
    } catch (IOException e) {
      if (deadline.end()) {
        throw timeout();
      }
      throw new LlmTransportException("connection failed: " + redactor.redact(describe(e)),
          LlmTransportException.Kind.CONNECTION, null);
    } finally {
      deadline.end();   // a deadline that struck after the reply came in: its interrupt is cleared, the reply kept
    }
  }

  // the body with its content coding undone; an error body that cannot be decoded is described instead
  byte[] body(HttpResponse<byte[]> response) throws LlmException {
    try {
      return ReplyBody.decode(response.body(), response.headers().allValues("Content-Encoding"));
    } catch (UnreadableBodyException e) {
      if (response.statusCode() >= 200 && response.statusCode() < 300) {
        throw unreadable(response.statusCode(), e);
      }
      return ("(" + e.getMessage() + ")").getBytes(StandardCharsets.UTF_8);
    }
  }

  LlmException unreadable(int status, UnreadableBodyException e) {
    String message = "HTTP " + status + ": " + redactor.redact(e.getMessage());
    return e.retryable() ? new LlmTransportException(message, LlmTransportException.Kind.MALFORMED_REPLY, null)
        : new LlmException(message + " (not retried)");
  }

  /** A redirect, refused: the JDK client follows none, and a POST must not change its target unseen (RFC 9110). */
  LlmException redirect(HttpResponse<byte[]> response) {
    return new LlmException("HTTP " + response.statusCode() + ": a redirect " + response.headers()
        .firstValue("Location").map(l -> "to " + location(l)).orElse("without a Location header")
        + "; clarq does not follow redirects: give the base URL it points to");
  }

  // a Location as it may be shown: no user info, no query (either may carry a token), secrets taken out
  private String location(String value) {
    try {
      URI u = endpoint.resolve(value.strip());
      String shown = u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort())
          + (u.getRawPath() == null ? "" : u.getRawPath()) + (u.getRawQuery() == null ? "" : "?...");
      return redactor.redact(shown);
    } catch (IllegalArgumentException e) {
      return "an unreadable Location";
    }
  }

  private LlmTransportException timeout() {
    return new LlmTransportException("no reply within " + OpenAiErrors.format(timeout),
        LlmTransportException.Kind.TIMEOUT, null);
  }

  private String describe(IOException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return t == e ? t.getMessage() : e.getClass().getSimpleName() + ": " + t.getMessage();
      }
    }
    // the JDK's connect failures carry no message at all
    if (e instanceof java.net.ConnectException) {
      return "cannot connect to " + endpoint.getHost() + ":" + (endpoint.getPort() < 0
          ? ("https".equalsIgnoreCase(endpoint.getScheme()) ? 443 : 80) : endpoint.getPort())
          + " (no server listening, or unreachable)";
    }
    return e.getClass().getSimpleName();
  }
}
