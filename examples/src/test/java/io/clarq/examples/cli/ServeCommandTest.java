package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code clarq serve}: starts on loopback, prints its address and token, answers with the runs; bad input refused. */
class ServeCommandTest {
  @TempDir Path tmp;

  private static CommandLine commandLine(StringWriter out, StringWriter err) {
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl;
  }

  @Test
  void testTheServerPrintsItsAddressAndTokenAndShowsTheRuns() throws Exception {
    ClarqEvaluator.run(RunConfig.builder().taskSets(DemoTasks.all()).languages(DemoTasks.languages())
        .selection(TaskSelection.parse("1")).seeker(new RuleBasedSeeker()).provider(new OfflineProvider())
        .judge(new OfflineJudge()).output(tmp.resolve("runs/demo")).build());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = commandLine(out, err);
    AtomicInteger exit = new AtomicInteger(-1);
    Thread server = new Thread(() -> exit.set(cl.execute("serve", "--port", "0", tmp.resolve("runs").toString())));
    server.start();
    try {
      Pattern printed = Pattern.compile("clarq serve: (http://127\\.0\\.0\\.1:\\d+/)runs .*\\nadmin token: (\\S+)\\n",
          Pattern.DOTALL);
      Matcher m = printed.matcher("");
      for (int i = 0; i < 600 && !m.reset(out.toString().replace("\r\n", "\n")).find(); i++) {
        Thread.sleep(50);
      }
      assertThat(m.find(0)).as(out + "\n" + err).isTrue();
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(m.group(1) + "runs"))
          .header("X-Clarq-Admin-Token", m.group(2)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("data-id=\"0/demo\"");
      HttpResponse<String> closed = http.send(HttpRequest.newBuilder(URI.create(m.group(1) + "runs")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(closed.statusCode()).isEqualTo(401);
    } finally {
      server.interrupt();
      server.join(30_000);
    }
    assertThat(server.isAlive()).isFalse();
  }

  @Test
  void testANonDirectoryOrABadPortIsRefused() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Path file = Files.writeString(tmp.resolve("file.txt"), "x");
    assertThat(commandLine(out, err).execute("serve", file.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("DIR " + file + ": not a directory");
    assertThat(commandLine(out, err).execute("serve", "--port", "70000", tmp.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--port 70000: must be 0..65535");
  }
}
