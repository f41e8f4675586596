package io.clarq.datasets.fetch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A loopback HTTP/1.1 server on a plain socket (one request per connection) holding files by path. It answers range
 * requests with 206 and, on demand, cuts the next response to a path after a number of body bytes by closing the
 * socket, so the client sees the connection drop mid-body, or stalls it there (the connection stays open, nothing
 * more is sent) until {@link #releaseStall()} or {@link #close()}.
 */
final class FixtureServer implements AutoCloseable {
  private final ServerSocket socket;
  private final Thread acceptor;
  private final Map<String, byte[]> files = new ConcurrentHashMap<>();
  private final Map<String, Integer> cutAfter = new ConcurrentHashMap<>();
  private final Map<String, Integer> stallAfter = new ConcurrentHashMap<>();
  private final CountDownLatch stallReleased = new CountDownLatch(1);
  final List<String> requests = new CopyOnWriteArrayList<>();

  FixtureServer() throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor = new Thread(this::serve, "fixture-http-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mirror/");
  }

  void put(String path, byte[] content) {
    files.put("/mirror/" + path, content);
  }

  void cutNextAfter(String path, int bytes) {
    cutAfter.put("/mirror/" + path, bytes);
  }

  /** The next response to {@code path} sends {@code bytes} of its body, then nothing until released. */
  void stallNextAfter(String path, int bytes) {
    stallAfter.put("/mirror/" + path, bytes);
  }

  /** Ends a stalled response (its connection closes) so the server answers the next one. */
  void releaseStall() {
    stallReleased.countDown();
  }

  private void serve() {
    while (!socket.isClosed()) {
      try (Socket s = socket.accept()) {
        answer(s);
      } catch (IOException e) {
        // closed by close(), or a client that went away: next connection
      }
    }
  }

  private void answer(Socket s) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
    String requestLine = in.readLine();
    if (requestLine == null) {
      return;
    }
    String range = null;
    for (String h; (h = in.readLine()) != null && !h.isEmpty(); ) {
      if (h.toLowerCase(Locale.ROOT).startsWith("range:")) {
        range = h.substring("range:".length()).trim();
      }
    }
    String path = URLDecoder.decode(requestLine.split(" ")[1], StandardCharsets.UTF_8);
    requests.add(path + (range == null ? "" : " " + range));
    OutputStream out = s.getOutputStream();
    byte[] body = files.get(path);
    if (body == null) {
      out.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      return;
    }
    int from = range == null ? 0 : Integer.parseInt(range.substring("bytes=".length(), range.length() - 1));
    String head = (range == null ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes "
        + from + "-" + (body.length - 1) + "/" + body.length + "\r\n")
        + "Content-Length: " + (body.length - from) + "\r\nConnection: close\r\n\r\n";
    out.write(head.getBytes(StandardCharsets.ISO_8859_1));
    Integer cut = cutAfter.remove(path);
    Integer stall = stallAfter.remove(path);
    out.write(body, from, cut != null ? cut : stall != null ? stall : body.length - from);
    out.flush();
    if (stall != null) {
      try {
        stallReleased.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // returning closes the socket: after a cut, before the declared length is reached
  }

  @Override
  public void close() throws IOException {
    stallReleased.countDown();
    socket.close();
  }
}
