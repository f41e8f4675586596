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
import java.util.Comparator;
import java.util.Locale;

/**
 * The runner's throughput: all 260 English test tasks, the Completion-mode seeker and the standard provider against
 * the loopback fake OpenAI server answering every call after 50 ms, 16 dialogues in flight. Reports wall time, model
 * calls per dialogue and per provider turn, tokens, and the ideal wall time: the sum over dialogues of calls x
 * latency, divided by 16, and never less than the longest dialogue's chain of calls x latency. Goal: within 1.5x.
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.RunBenchmark
 * </pre>
 */
public final class RunBenchmark {
  private static final Duration LATENCY = Duration.ofMillis(50);
  private static final int IN_FLIGHT = 16;

  private RunBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    if (!Files.isDirectory(tasks)) {
      throw new IllegalStateException("ClarQ-LLM tasks not found at " + tasks + " (set -Dclarq.data.dir)");
    }
    BenchmarkProbe.main(args);
    Path out = Files.createTempDirectory("clarq-run-bench");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(LATENCY)::reply)) {
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("simulated")
          .withSettings(LlmSettings.DEFAULT.withMaxInFlight(IN_FLIGHT));
      try (LlmClient client = LlmClients.fromSpec(spec, name -> null, TurnUsage.listener())) {
        long start = System.nanoTime();
        RunResult r = ClarqEvaluator.run(RunConfig.builder()
            .tasks(tasks)
            .prompts(io.clarq.core.prompt.PromptPack.clarq())   // the simulated model reads clarq's own prompts
            .language(Language.ENGLISH)
            .seeker(new LlmSeeker(client, LlmSeeker.Mode.COMPLETION, "simulated"))
            .provider(LlmProviderAgent.builder(client).model("simulated").build())
            .concurrency(IN_FLIGHT)
            .output(out)
            .build());
        double wall = (System.nanoTime() - start) / 1e9;
        report(r, wall, server);
      }
    }
  }

  private static void report(RunResult r, double wall, FakeOpenAiServer server) {
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
    double latency = LATENCY.toMillis() / 1000.0;
    double spread = calls * latency / IN_FLIGHT;
    DialogueRecord longest = r.finished().stream().max(Comparator.comparingInt(DialogueRecord::totalLlmCalls))
        .orElseThrow();
    double chain = longest.totalLlmCalls() * latency;
    double ideal = Math.max(spread, chain);
    System.out.printf(Locale.ROOT, "dialogues %d finished, %d failed; server calls %d, most at once %d%n",
        dialogues, r.failed().size(), server.callCount(), server.maxConcurrent());
    System.out.printf(Locale.ROOT, "model calls %d: %.1f per dialogue, %.2f per provider turn (%d provider turns)%n",
        calls, (double) calls / dialogues, (double) providerCalls / providerTurns, providerTurns);
    System.out.printf(Locale.ROOT, "tokens %,d (%,.0f per dialogue)%n", tokens, (double) tokens / dialogues);
    System.out.printf(Locale.ROOT, "ideal %.1f s = max(sum of calls x %d ms / %d = %.1f s, longest chain %d calls"
        + " = %.1f s)%n", ideal, LATENCY.toMillis(), IN_FLIGHT, spread, longest.totalLlmCalls(), chain);
    System.out.printf(Locale.ROOT, "wall %.1f s = %.2fx the ideal (goal: within 1.5x)%n", wall, wall / ideal);
  }
}
