package io.clarq.examples.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The least server that can answer the client: one blocking thread per keep-alive connection on 127.0.0.1, reading
 * each request (headers, then Content-Length bytes) and writing one canned chat completion. Round trips against it are
 * the client's own cost plus the kernel's loopback, without the fake server's bookkeeping.
 */
final class CannedHttpResponder implements AutoCloseable {
  private final ServerSocket socket;
  private final byte[] response;
  private final AtomicInteger threads = new AtomicInteger();

  CannedHttpResponder(String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + b.length + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
    response = new byte[head.length + b.length];
    System.arraycopy(head, 0, response, 0, head.length);
    System.arraycopy(b, 0, response, head.length, b.length);
    socket = new ServerSocket(0, 128, InetAddress.getByName("127.0.0.1"));
    Thread acceptor = new Thread(this::accept, "canned-responder-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/v1");
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        s.setTcpNoDelay(true);
        Thread t = new Thread(() -> serve(s), "canned-responder-" + threads.incrementAndGet());
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s; InputStream in = new BufferedInputStream(s.getInputStream()); OutputStream out = s.getOutputStream()) {
      while (true) {
        int length = readHeaders(in);
        if (length < 0) {
          return;
        }
        in.readNBytes(length);
        out.write(response);
        out.flush();
      }
    } catch (IOException e) {
      // the client closed the connection
    }
  }

  // the Content-Length of the next request, or -1 at end of stream
  private static int readHeaders(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int length = 0;
    boolean any = false;
    for (int c = in.read(); c >= 0; c = in.read()) {
      any = true;
      if (c == '\n') {
        String l = line.toString().strip();
        if (l.isEmpty()) {
          return length;
        }
        if (l.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(l.substring("content-length:".length()).strip());
        }
        line.setLength(0);
      } else {
        line.append((char) c);
      }
    }
    return any ? length : -1;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
