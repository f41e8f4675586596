package io.clarq.examples.bench;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.transcript.TurnRecord;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.provider.llm.LlmProviderAgent;
import io.clarq.core.provider.llm.SimulatedClarqModel;
import io.clarq.core.seeker.llm.LlmSeeker;
import io.clarq.core.task.Language;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.run.ClarqEvaluator;
import io.clarq.eval.run.RunConfig;
import io.clarq.eval.run.RunResult;
import io.clarq.eval.run.TurnUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The runner's throughput: all 260 English test tasks, the Completion-mode seeker and the standard provider against
 * loopback fake OpenAI servers. Arguments {@code [IN_FLIGHT] [ENDPOINTS]} (defaults 16 and 1): the dialogues in flight
 * (also each server's in-flight bound in the client), and how many servers serve the model; server k answers every
 * call after 50 x (k + 1) ms, so with two servers one is twice as fast as the other. Reports wall time, model calls
 * per dialogue and per provider turn, tokens, the calls each server took against its share by speed, and the ideal
 * wall time: the calls divided by the servers' combined rate at that many calls in flight (in-flight x the mean of
 * 1 / latency), never less than the longest dialogue's chain of calls at the fastest latency. Goal: within 1.2x at
 * 64 in flight; with two servers, calls split in proportion to speed (2:1).
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.RunBenchmark -Dexec.args="64 2"
 * </pre>
 */
public final class RunBenchmark {
  private static final Duration LATENCY = Duration.ofMillis(50);

  private RunBenchmark() {}

  public static void main(String[] args) throws Exception {
    int inFlight = args.length > 0 ? Integer.parseInt(args[0]) : 16;
    int endpoints = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    if (!Files.isDirectory(tasks)) {
      throw new IllegalStateException("ClarQ-LLM tasks not found at " + tasks + " (set -Dclarq.data.dir)");
    }
    BenchmarkProbe.main(args);
    Path out = Files.createTempDirectory("clarq-run-bench");
    List<FakeOpenAiServer> servers = new ArrayList<>();
    try {
      for (int k = 0; k < endpoints; k++) {
        servers.add(FakeOpenAiServer.start(new SimulatedClarqModel(LATENCY.multipliedBy(k + 1))::reply));
      }
      LlmSpec spec = LlmSpec.parse(servers.get(0).baseUrl().toString())
          .withBaseUrls(servers.stream().map(FakeOpenAiServer::baseUrl).toList()).withModel("simulated")
          .withSettings(LlmSettings.DEFAULT.withMaxInFlight(inFlight));
      try (LlmClient client = LlmClients.fromSpec(spec, name -> null, TurnUsage.listener())) {
        long start = System.nanoTime();
        RunResult r = ClarqEvaluator.run(RunConfig.builder()
            .tasks(tasks)
            .prompts(io.clarq.core.prompt.PromptPack.clarq())   // the simulated model reads clarq's own prompts
            .language(Language.ENGLISH)
            .seeker(LlmSeeker.builder(client.withModel("simulated")).mode(LlmSeeker.Mode.COMPLETION).build())
            .provider(LlmProviderAgent.builder(client.withModel("simulated")).build())
            .concurrency(inFlight)
            .output(out)
            .build());
        double wall = (System.nanoTime() - start) / 1e9;
        report(r, wall, servers, inFlight);
      }
    } finally {
      servers.forEach(FakeOpenAiServer::close);
    }
  }

  private static void report(RunResult r, double wall, List<FakeOpenAiServer> servers, int inFlight) {
    long calls = 0;
    long providerCalls = 0;
    long providerTurns = 0;
    long tokens = 0;
    for (DialogueRecord d : r.finished()) {
      calls += d.totalLlmCalls();
      tokens += d.totalUsage().totalTokens();
      for (TurnRecord t : d.turns()) {
        if (t.replyKind().isPresent()) {
          providerTurns++;
          providerCalls += t.llmCalls().orElse(0);
        }
      }
    }
    int dialogues = r.finished().size();
    double rate = 0;
    for (int k = 0; k < servers.size(); k++) {
      rate += 1 / (LATENCY.toMillis() * (k + 1) / 1000.0);
    }
    double meanRate = rate / servers.size();
    double spread = calls / (inFlight * meanRate);
    DialogueRecord longest = r.finished().stream().max(Comparator.comparingInt(DialogueRecord::totalLlmCalls))
        .orElseThrow();
    double chain = longest.totalLlmCalls() * LATENCY.toMillis() / 1000.0;
    double ideal = Math.max(spread, chain);
    int served = servers.stream().mapToInt(FakeOpenAiServer::callCount).sum();
    System.out.printf(Locale.ROOT, "dialogues %d finished, %d failed; %d in flight, %d server(s)%n", dialogues,
        r.failed().size(), inFlight, servers.size());
    for (int k = 0; k < servers.size(); k++) {
      double fair = (1.0 / (k + 1)) / harmonic(servers.size());
      System.out.printf(Locale.ROOT, "  server %d (%d ms): %d calls = %.1f%% (share by speed %.1f%%), most at once"
          + " %d%n", k + 1, LATENCY.toMillis() * (k + 1), servers.get(k).callCount(),
          100.0 * servers.get(k).callCount() / served, 100 * fair, servers.get(k).maxConcurrent());
    }
    System.out.printf(Locale.ROOT, "model calls %d: %.1f per dialogue, %.2f per provider turn (%d provider turns)%n",
        calls, (double) calls / dialogues, (double) providerCalls / providerTurns, providerTurns);
    System.out.printf(Locale.ROOT, "tokens %,d (%,.0f per dialogue)%n", tokens, (double) tokens / dialogues);
    System.out.printf(Locale.ROOT, "ideal %.1f s = max(calls / (%d in flight x %.1f calls/s) = %.1f s, longest chain"
        + " %d calls = %.1f s)%n", ideal, inFlight, meanRate, spread, longest.totalLlmCalls(), chain);
    System.out.printf(Locale.ROOT, "wall %.1f s = %.2fx the ideal (goal: within 1.2x at 64 in flight)%n", wall,
        wall / ideal);
  }

  private static double harmonic(int n) {
    double h = 0;
    for (int k = 1; k <= n; k++) {
      h += 1.0 / k;
    }
    return h;
  }
}
