package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq study serve}: prints its address and token, serves the study pages, stops when its thread is
 * interrupted, and keeps the web server's (Javalin's, Jetty's) info lines off stderr unless {@code --log-level debug}.
 */
class StudyServeCommandTest {
  @TempDir Path tmp;

  /** Runs {@code clarq [args] study serve} until it has served one page; returns its stderr. */
  private String serveOnePage(String... before) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    String[] args = new String[before.length + 6];
    System.arraycopy(before, 0, args, 0, before.length);
    System.arraycopy(new String[] {"study", "serve", "--studies", tmp.resolve("studies").toString(), "--port", "0"},
        0, args, before.length, 6);
    Thread server = new Thread(() -> cl.execute(args));
    server.start();
    try {
      Pattern printed = Pattern.compile("admin: (http://127\\.0\\.0\\.1:\\d+/)admin/studies  token (\\S+)");
      Matcher m = printed.matcher("");
      for (int i = 0; i < 600 && !m.reset(out.toString()).find(); i++) {
        Thread.sleep(50);
      }
      assertThat(m.find(0)).as(out + "\n" + err).isTrue();
      HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.group(1)
          + "admin/studies")).header("Authorization", "Bearer " + m.group(2)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
    } finally {
      server.interrupt();
      server.join(30_000);
    }
    assertThat(server.isAlive()).isFalse();
    return err.toString();
  }

  @Test
  void testTheWebServersInfoLinesStayOffStderr() throws Exception {
    assertThat(serveOnePage()).doesNotContainIgnoringCase("jetty").doesNotContainIgnoringCase("javalin")
        .doesNotContain("Listening on");
  }

  @Test
  void testAtDebugTheyAreShown() throws Exception {
    assertThat(serveOnePage("--log-level", "debug")).containsIgnoringCase("jetty");
  }
}
