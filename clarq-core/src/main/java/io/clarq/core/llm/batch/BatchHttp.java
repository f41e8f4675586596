package io.clarq.core.llm.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.wire.LlmText;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** The HTTP calls of the batch APIs: JSON in and out, the key headers on each, errors named without the key. */
final class BatchHttp {
  static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final Map<String, String> headers;
  private final Duration timeout;
  private final String secret;

  /**
   * @param headers sent with every request (the key among them)
   * @param secret the key, kept out of every message
   */
  BatchHttp(Map<String, String> headers, Duration timeout, String secret) {
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    this.headers = Map.copyOf(headers);
    this.timeout = timeout;
    this.secret = secret;
  }

  JsonNode getJson(URI url) throws LlmException {
    return json(url, send(builder(url).GET(), url));
  }

  byte[] get(URI url) throws LlmException {
    return send(builder(url).GET(), url);
  }

  JsonNode postJson(URI url, byte[] body) throws LlmException {
    return json(url, send(builder(url).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)), url));
  }

  JsonNode post(URI url, String contentType, byte[] body) throws LlmException {
    return json(url, send(builder(url).header("Content-Type", contentType)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)), url));
  }

  private HttpRequest.Builder builder(URI url) {
    HttpRequest.Builder b = HttpRequest.newBuilder(url).timeout(timeout);
    headers.forEach(b::header);
    return b;
  }

  private byte[] send(HttpRequest.Builder request, URI url) throws LlmException {
    HttpResponse<byte[]> r;
    try {
      r = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new LlmException(url + ": " + hide(String.valueOf(e.getMessage())), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LlmException(url + ": interrupted", e);
    }
    if (r.statusCode() / 100 != 2) {
      throw new LlmException(url + ": HTTP " + r.statusCode() + ": " + hide(LlmText.abbreviate(
          new String(r.body(), StandardCharsets.UTF_8), 300)));
    }
    return r.body();
  }

  private JsonNode json(URI url, byte[] body) throws LlmException {
    try {
      JsonNode root = JSON.readTree(body);
      if (root == null || !root.isObject()) {
        throw new IOException("not a JSON object");
      }
      return root;
    } catch (IOException e) {
      throw new LlmException(url + ": a reply that is not a JSON object: " + hide(LlmText.abbreviate(
          new String(body, StandardCharsets.UTF_8), 200)), e);
    }
  }

  private String hide(String text) {
    return secret.isEmpty() ? text : text.replace(secret, "***");
  }

  /** {@code base} + {@code path}, one slash between. */
  static URI resolve(URI base, String path) {
    String b = base.toString().replaceAll("/+$", "");
    return URI.create(b + path);
  }
}
