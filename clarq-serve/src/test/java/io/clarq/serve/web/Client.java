package io.clarq.serve.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/** A loopback HTTP client for the server's tests: no redirects followed, cookies sent only as a test says. */
final class Client {
  private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
      .connectTimeout(Duration.ofSeconds(10)).build();
  private final URI base;

  Client(URI base) {
    this.base = base;
  }

  /** GET {@code path} with header pairs. */
  HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base.toString().replaceAll("/$", "") + path))
        .timeout(Duration.ofSeconds(60)).GET();
    if (headers.length > 0) {
      b.headers(headers);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  /** POST a form body to {@code path} with header pairs. */
  HttpResponse<String> post(String path, String form, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base.toString().replaceAll("/$", "") + path))
        .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form));
    if (headers.length > 0) {
      b.headers(headers);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  /** The page at {@code path}, as the admin (token header); fails unless it answers 200. */
  Document page(String path, String token) throws Exception {
    HttpResponse<String> r = get(path, AdminAuth.HEADER, token);
    if (r.statusCode() != 200) {
      throw new AssertionError("GET " + path + ": " + r.statusCode() + "\n" + r.body());
    }
    return Jsoup.parse(r.body());
  }

  /** A status and body from {@link #raw}. */
  record Raw(int status, String body) {}

  /**
   * GET {@code target} written byte for byte on the socket, as an attacker would send it (no client normalizes or
   * refuses it first), with the admin token.
   */
  Raw raw(String target, String token) throws Exception {
    try (java.net.Socket s = new java.net.Socket(base.getHost(), base.getPort())) {
      s.setSoTimeout(60_000);
      String req = "GET " + target + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
          + "\r\n" + AdminAuth.HEADER + ": " + token + "\r\nConnection: close\r\n\r\n";
      s.getOutputStream().write(req.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().flush();
      String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int status = Integer.parseInt(all.substring(9, 12));
      int split = all.indexOf("\r\n\r\n");
      return new Raw(status, split < 0 ? "" : all.substring(split + 4));
    }
  }

  /** The value of cookie {@code name} set by {@code r}, or null. */
  static String cookie(HttpResponse<?> r, String name) {
    return r.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(name + "=")).findFirst()
        .map(c -> c.substring(name.length() + 1, c.indexOf(';') < 0 ? c.length() : c.indexOf(';'))).orElse(null);
  }
}
