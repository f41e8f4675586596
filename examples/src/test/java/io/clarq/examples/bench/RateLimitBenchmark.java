package io.clarq.examples.bench;

import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.pacing.RateBudget;
import io.clarq.core.llm.pacing.RateBudgets;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunListener;
import io.clarq.eval.clarqllm.RunProgress;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.clarqllm.TurnUsage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Pacing to a provider's rate limit, as issue 33 found it failing: ClarQ-LLM dialogues (the Completion-mode seeker and
 * the standard provider, both on the simulated model, {@link SimulatedClarqModel}) at {@code --concurrency 64}
 * against a loopback server limited as a provider documents it ({@link RateLimitedServer}: TPM 40,000 and RPM 500,
 * with the limit headers on every reply), once per provider's style: OpenAI's ({@code x-ratelimit-*} headers, a 429
 * {@code rate_limit_exceeded} whose message says "Please try again in 1.2s" and no {@code retry-after}), Azure's
 * ({@code retry-after-ms}) and Anthropic's ({@code anthropic-ratelimit-*} headers, {@code retry-after} in seconds).
 * The client is clarq's OpenAI-compatible one, on the OpenAI wire for all three (the header names and 429s are the
 * providers'; the simulated model reads OpenAI's request body).
 *
 * <p>For each it prints the dialogues' wall time, the bound the limit sets (the tokens the server admitted less the
 * minute's allowance it starts with, divided by the tokens per minute), their ratio (goal: at most 1.1), the 429s the
 * server sent and the dialogues that failed (goal: none). Options: {@code --dialogues N} (70), {@code --concurrency N}
 * (64), {@code --tpm N} (40000), {@code --rpm N} (500), {@code --scale K} (1: the limits times K, so a run takes
 * 1/K of the time; the ratio is the same), {@code --styles openai,azure,anthropic}.
 *
 * <pre>
 * MAVEN_OPTS=-Xmx512m mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.RateLimitBenchmark -Dexec.args="--scale 10"
 * </pre>
 */
public final class RateLimitBenchmark {
  private RateLimitBenchmark() {}

  record Measured(RateLimitedServer.Style style, int dialogues, int failed, double wallSeconds, long tokens,
      long requests, long refused, long tpm) {
    double boundSeconds() {
      return Math.max(0, tokens - tpm) * 60.0 / tpm;
    }

    double ratio() {
      return wallSeconds / boundSeconds();
    }
  }

  public static void main(String[] args) throws Exception {
    int dialogues = 70;
    int concurrency = 64;
    long tpm = 40_000;
    long rpm = 500;
    int scale = 1;
    List<RateLimitedServer.Style> styles = List.of(RateLimitedServer.Style.values());
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dialogues" -> dialogues = Integer.parseInt(value(args, ++i));
        case "--concurrency" -> concurrency = Integer.parseInt(value(args, ++i));
        case "--tpm" -> tpm = Long.parseLong(value(args, ++i));
        case "--rpm" -> rpm = Long.parseLong(value(args, ++i));
        case "--scale" -> scale = Integer.parseInt(value(args, ++i));
        case "--styles" -> styles = Stream.of(value(args, ++i).split(","))
            .map(s -> RateLimitedServer.Style.valueOf(s.strip().toUpperCase(Locale.ROOT))).toList();
        default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "': expected --dialogues N"
            + " --concurrency N --tpm N --rpm N --scale K --styles openai,azure,anthropic");
      }
    }
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    if (!Files.isDirectory(tasks)) {
      throw new IllegalStateException("ClarQ-LLM tasks not found at " + tasks + " (set -Dclarq.data.dir)");
    }
    String selection = ClarqLlmTasks.load(tasks, Language.ENGLISH).split(Split.TEST).stream().limit(dialogues)
        .map(t -> t.id().toString()).collect(Collectors.joining(","));
    System.out.printf(Locale.ROOT, "%d dialogues at --concurrency %d; limit TPM %,d and RPM %,d%s%n", dialogues,
        concurrency, tpm * scale, rpm * scale, scale == 1 ? "" : " (the issue's " + tpm + " and " + rpm + " times "
        + scale + ", so a run takes 1/" + scale + " of the time)");
    List<Measured> all = new ArrayList<>();
    for (RateLimitedServer.Style style : styles) {
      Measured m = measure(style, tasks, TaskSelection.parse(selection), concurrency, tpm * scale, rpm * scale);
      all.add(m);
      System.out.printf(Locale.ROOT, "%-9s wall %.1f s, bound %.1f s ((%,d tokens admitted - %,d) / %,d a minute):"
          + " %.2fx; %,d requests, %d refused with 429; %d of %d dialogues failed%n", m.style(), m.wallSeconds(),
          m.boundSeconds(), m.tokens(), m.tpm(), m.tpm(), m.ratio(), m.requests(), m.refused(), m.failed(),
          m.dialogues());
    }
    System.out.println();
    for (Measured m : all) {
      boolean met = m.failed() == 0 && m.ratio() <= 1.1;
      System.out.printf(Locale.ROOT, "goal %-9s no failed dialogue and wall <= 1.1x the bound: %d failed, %.2fx: %s%n",
          m.style(), m.failed(), m.ratio(), met ? "met" : "NOT met");
    }
  }

  private static Measured measure(RateLimitedServer.Style style, Path tasks, TaskSelection selection,
      int concurrency, long tpm, long rpm) throws Exception {
    RateLimitedServer limiter = new RateLimitedServer(style, new SimulatedClarqModel(Duration.ZERO)::reply, tpm, rpm);
    Path out = Files.createTempDirectory("clarq-rate-bench");
    AtomicInteger failed = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    long[] ended = new long[1];
    RunListener listener = new RunListener() {
      @Override
      public void dialogueDone(DialogueRecord record, RunProgress progress) {
        done.incrementAndGet();
        if (!record.finished()) {
          failed.incrementAndGet();
          System.out.println("  failed: " + record.taskId() + ": " + record.error().orElse(""));
        }
      }

      @Override
      public void finished(RunProgress progress) {
        ended[0] = System.nanoTime();
      }
    };
    try (FakeOpenAiServer server = FakeOpenAiServer.start(limiter).withoutKeepingRequests()) {
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("simulated")
          .withSettings(LlmSettings.DEFAULT.withMaxInFlight(concurrency));
      try (LlmClient client = LlmClients.fromSpec(spec, name -> null, TurnUsage.listener())) {
        long t0 = System.nanoTime();
        ClarqEvaluator.run(RunConfig.builder()
            .tasks(tasks)
            .prompts(PromptPack.clarq())   // the simulated model reads clarq's own prompts
            .language(Language.ENGLISH)
            .selection(selection)
            .seeker(LlmSeeker.builder(client.withModel("simulated")).mode(LlmSeeker.Mode.COMPLETION).build())
            .provider(LlmProviderAgent.builder(client.withModel("simulated")).build())
            .concurrency(concurrency)
            .output(out)
            .listener(listener)
            .build());
        double wall = ((ended[0] == 0 ? System.nanoTime() : ended[0]) - t0) / 1e9;
        RateBudget budget = RateBudgets.all().stream()
            .filter(b -> b.toString().contains(":" + server.port() + "/")).findFirst().orElseThrow();
        System.out.println("  client: " + budget);
        return new Measured(style, done.get(), failed.get(), wall, limiter.admittedTokens(),
            limiter.admittedRequests(), limiter.refused(), tpm);
      }
    } finally {
      deleteTree(out);
    }
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
