package io.clarq.examples.bench;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.llm.wire.OpenAiWire;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The OpenAI client against the loopback fake server: 2,000 calls at 50 ms simulated latency with 1, 8 and 32 calls
 * in flight (wall time against the ideal calls x latency / in-flight; goal: within 10% at 32), then the client's own
 * overhead per call with server latency 0 (goal: under 0.2 ms). Arguments: {@code [calls] [latencyMs]}.
 */
public final class LlmClientBench {
  private static final ChatRequest REQUEST = ChatRequest.builder()
      .system("You are the provider. Answer only from the response tree.")
      .user("How do I get to the castle? I have a map and a horse.").temperature(0.0).build();
  private static final String REPLY = "Jax: Ride north along the river until you reach the stone bridge.";
  private static final byte[] CANNED_REPLY = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\","
      + "\"created\":1700000000,\"model\":\"bench\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
      + "\"content\":\"" + REPLY + "\"},\"logprobs\":null,\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":40,"
      + "\"completion_tokens\":14,\"total_tokens\":54}}").getBytes(StandardCharsets.UTF_8);

  private LlmClientBench() {}

  public static void main(String[] args) throws Exception {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int latencyMs = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    BenchmarkProbe.main(new String[0]);
    System.out.println("load average: " + loadAverage());
    Duration latency = Duration.ofMillis(latencyMs);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(REPLY).withUsage(40, 14))) {
      run(server.baseUrl(), 32, 1000, Duration.ZERO); // warm-up: JIT, connection pool
      System.out.printf(Locale.ROOT, "%d calls, server latency %d ms%n", calls, latencyMs);
      System.out.printf(Locale.ROOT, "%-10s %10s %10s %10s %12s%n", "in flight", "wall ms", "ideal ms", "vs ideal",
          "server peak");
      for (int inFlight : new int[] {1, 8, 32}) {
        server.reset();
        server.respondWith(r -> FakeReply.text(REPLY).withUsage(40, 14).after(latency));
        long wall = run(server.baseUrl(), inFlight, calls, latency);
        double ideal = (double) calls * latencyMs / inFlight;
        System.out.printf(Locale.ROOT, "%-10d %10.0f %10.0f %+9.1f%% %12d%n", inFlight, wall / 1e6, ideal,
            100 * (wall / 1e6 - ideal) / ideal, server.maxConcurrent());
      }
      System.out.printf(Locale.ROOT, "a %d ms sleep on this machine now takes %.2f ms on average (scheduling "
          + "delay, part of every simulated call)%n", latencyMs, sleepTook(latency));
      server.respondWith(r -> FakeReply.text(REPLY).withUsage(40, 14));
      run(server.baseUrl(), 1, 2000, Duration.ZERO);
      int overheadCalls = Math.max(calls, 5000);
      long sequential = run(server.baseUrl(), 1, overheadCalls, Duration.ZERO);
      System.out.printf(Locale.ROOT, "server latency 0, 1 in flight: %.3f ms per call, loopback round trip "
          + "included (%d calls)%n", sequential / 1e6 / overheadCalls, overheadCalls);
      long parallel = run(server.baseUrl(), 8, overheadCalls, Duration.ZERO);
      System.out.printf(Locale.ROOT, "server latency 0, 8 in flight: %.3f ms per call of wall time (%d calls)%n",
          parallel / 1e6 / overheadCalls, overheadCalls);
    }
    try (CannedHttpResponder canned = new CannedHttpResponder(new String(CANNED_REPLY, StandardCharsets.UTF_8))) {
      run(canned.baseUrl(), 1, 5000, Duration.ZERO);
      long sequential = run(canned.baseUrl(), 1, 10_000, Duration.ZERO);
      System.out.printf(Locale.ROOT, "canned responder (no server bookkeeping), 1 in flight: %.3f ms per call "
          + "(10000 calls)%n", sequential / 1e6 / 10_000);
    }
    System.out.printf(Locale.ROOT, "encode request + decode reply in process: %.4f ms per call%n", codec());
  }

  /** Runs {@code calls} calls with {@code inFlight} callers and in-flight slots; returns the wall time in ns. */
  private static long run(java.net.URI baseUrl, int inFlight, int calls, Duration latency) throws Exception {
    AtomicInteger left = new AtomicInteger(calls);
    AtomicInteger threads = new AtomicInteger();
    ExecutorService callers = Executors.newFixedThreadPool(inFlight,
        r -> new Thread(r, "bench-caller-" + threads.incrementAndGet()));
    try (OpenAiClient client = OpenAiClient.builder().baseUrl(baseUrl).model("bench")
        .settings(LlmSettings.DEFAULT.withMaxInFlight(inFlight)
            .withTimeout(latency.plus(Duration.ofSeconds(30)))).build()) {
      long start = System.nanoTime();
      List<Future<Integer>> workers = new ArrayList<>();
      for (int i = 0; i < inFlight; i++) {
        workers.add(callers.submit(() -> {
          int done = 0;
          while (left.getAndDecrement() > 0) {
            ChatResponse r = client.chat(REQUEST);
            if (!r.text().equals(REPLY)) {
              throw new IllegalStateException("unexpected reply " + r.text());
            }
            done++;
          }
          return done;
        }));
      }
      int total = 0;
      for (Future<Integer> w : workers) {
        total += w.get();
      }
      long wall = System.nanoTime() - start;
      if (total != calls) {
        throw new IllegalStateException("made " + total + " calls, expected " + calls);
      }
      return wall;
    } finally {
      callers.shutdownNow();
    }
  }

  private static double sleepTook(Duration d) throws InterruptedException {
    int n = 20;
    long start = System.nanoTime();
    for (int i = 0; i < n; i++) {
      Thread.sleep(d.toMillis());
    }
    return (System.nanoTime() - start) / 1e6 / n;
  }

  private static String loadAverage() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  // the client's own CPU per call without any I/O: build the JSON body, parse a reply
  private static double codec() throws LlmException {
    byte[] reply = CANNED_REPLY;
    int n = 200_000;
    long sink = 0;
    long start = 0;
    for (int round = 0; round < 2; round++) {
      start = System.nanoTime();
      for (int i = 0; i < n; i++) {
        sink += OpenAiWire.toBytes(OpenAiWire.requestBody(REQUEST, "bench")).length;
        sink += OpenAiWire.parseReply(reply, Duration.ZERO).text().length();
      }
    }
    long took = System.nanoTime() - start;
    if (sink == 0) {
      throw new LlmException("nothing encoded");
    }
    return took / 1e6 / n;
  }
}
