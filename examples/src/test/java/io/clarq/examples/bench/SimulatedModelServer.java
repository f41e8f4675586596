package io.clarq.examples.bench;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulated model of a whole ClarQ-LLM run ({@link SimulatedClarqModel}) served over loopback HTTP in a process
 * of its own, so a benchmark can measure the harness's CPU apart from the server's. Each argument is one server's
 * latency in milliseconds ({@code 50 50 50 50}: four servers answering after 50 ms). Every server speaks OpenAI's
 * chat completions ({@code POST /v1/chat/completions}, https://platform.openai.com/docs/api-reference/chat/create)
 * on 127.0.0.1 and a free port, and keeps no requests, only counts.
 *
 * <p>A line protocol on standard input and output ({@link ModelServerProcess} speaks it): on start one line
 * {@code server K PORT LATENCY_MS} per server, then {@code ready}; on {@code stats}, one line
 * {@code stats K CALLS MOST_AT_ONCE} per server then {@code end}; on {@code reset}, the counts are zeroed and it
 * answers {@code ok}; on {@code stop} or the end of input (the parent has gone) it stops.
 */
public final class SimulatedModelServer {
  private SimulatedModelServer() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      throw new IllegalArgumentException("usage: SimulatedModelServer LATENCY_MS... (one latency per server)");
    }
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    List<FakeOpenAiServer> servers = new ArrayList<>();
    try {
      for (int k = 0; k < args.length; k++) {
        long ms;
        try {
          ms = Long.parseLong(args[k]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("argument " + (k + 1) + " '" + args[k]
              + "' is not a latency in milliseconds (a whole number, 0 or more)", e);
        }
        if (ms < 0) {
          throw new IllegalArgumentException("argument " + (k + 1) + ": latency " + ms + " ms is negative");
        }
        FakeOpenAiServer s = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ofMillis(ms))::reply);
        servers.add(s);   // closed below whatever happens next: its dispatcher thread would keep this JVM alive
        s.withoutKeepingRequests();
        out.println("server " + (k + 1) + " " + s.port() + " " + ms);
      }
      out.println("ready");
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null && !line.strip().equals("stop"); line = in.readLine()) {
        switch (line.strip()) {
          case "stats" -> {
            for (int k = 0; k < servers.size(); k++) {
              out.println("stats " + (k + 1) + " " + servers.get(k).callCount() + " " + servers.get(k).maxConcurrent());
            }
            out.println("end");
          }
          case "reset" -> {
            servers.forEach(FakeOpenAiServer::reset);
            out.println("ok");
          }
          default -> out.println("error: unknown command '" + line.strip() + "' (stats, reset or stop)");
        }
      }
    } finally {
      servers.forEach(FakeOpenAiServer::close);
    }
  }
}
