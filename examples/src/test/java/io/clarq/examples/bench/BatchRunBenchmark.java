package io.clarq.examples.bench;

import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchClients;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.llm.usage.UsageMeter;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ProviderWires;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.clarqllm.TurnUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A whole ClarQ-LLM run (English test tasks of types 1-3, the paper's Completion-mode LLM seeker against the LLM
 * provider) played turn-synchronously through loopback batch APIs ({@link FakeBatchServer}) beside the same run
 * played synchronously against loopback chat servers ({@link FakeOpenAiServer}), every server answering as the
 * deterministic {@link SimulatedClarqModel} does. Two setups: both roles on {@code openai:gpt-4o} (one batch a pass),
 * and the seeker on {@code anthropic:claude-sonnet-4-5} (Message Batches) against the provider on {@code openai:gpt-4o}
 * (Batch API; two batches a pass, side by side). It prints dialogues, success, the requests each mode sent, the
 * batches, passes and polls, and the price of the tokens billed ({@code gpt-4o=2.50/10.00},
 * {@code claude-sonnet-4-5=3.00/15.00}; every answer reports 100 prompt and 10 completion tokens on every server),
 * batch calls at half price. It fails when the two modes' transcripts differ. Every batch's first poll says it is
 * still running, as a real batch would.
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.BatchRunBenchmark
 * </pre>
 */
public final class BatchRunBenchmark {
  private static final Map<String, String> KEYS = Map.of("OPENAI_API_KEY", "sk-bench", "ANTHROPIC_API_KEY",
      "sk-ant-bench");
  private static final PriceTable PRICES = PriceTable.parse("gpt-4o=2.50/10.00,claude-sonnet-4-5=3.00/15.00");
  private static final SimulatedClarqModel MODEL = new SimulatedClarqModel(Duration.ZERO);
  private static final String GPT = "openai:gpt-4o";
  private static final String CLAUDE = "anthropic:claude-sonnet-4-5";

  private BatchRunBenchmark() {}

  // the simulated model's answer to a request body, whichever protocol carried it
  private static String answer(com.fasterxml.jackson.databind.JsonNode body) {
    return MODEL.reply(new RecordedRequest("POST", "/v1/chat/completions", Map.of(), body.toString(), body, 0L))
        .text();
  }

  private static FakeReply synchronous(RecordedRequest request) {
    return FakeReply.text(answer(request.json())).withUsage(100, 10);
  }

  public static void main(String[] args) throws Exception {
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    System.out.printf(Locale.ROOT, "%-22s %-12s %9s %8s %8s %7s %6s %5s %9s %9s%n", "seeker / provider", "mode",
        "dialogues", "success", "requests", "batches", "passes", "polls", "price $", "ms");
    for (String seeker : List.of(GPT, CLAUDE)) {
      String setup = (seeker.equals(GPT) ? "gpt-4o" : "claude") + " / gpt-4o";
      Played sync = synchronous(tasks, seeker);
      Played batch = batched(tasks, seeker);
      if (!sync.transcript().equals(batch.transcript())) {
        throw new IllegalStateException(setup + ": the batch run's transcripts differ from the synchronous run's");
      }
      for (Played p : List.of(sync, batch)) {
        RunResult r = p.result();
        System.out.printf(Locale.ROOT, "%-22s %-12s %9d %8.4f %8d %7s %6s %5s %9.4f %9d%n", setup, p.mode(),
            r.finished().size(), r.summaries().get(Language.ENGLISH).success(), p.requests(),
            p.batches() < 0 ? "-" : String.valueOf(p.batches()), p.passes() < 0 ? "-" : String.valueOf(p.passes()),
            p.polls() < 0 ? "-" : String.valueOf(p.polls()), p.price(), p.millis());
      }
    }
  }

  /** One run: its result and transcript, requests sent, batches, passes and polls (-1 synchronously), price. */
  private record Played(String mode, RunResult result, String transcript, long requests, int batches, int passes,
      int polls, double price, long millis) {}

  private static RunConfig.Builder config(Path tasks, LlmClient seeker, LlmClient provider, Path out) {
    return RunConfig.builder().tasks(tasks).prompts(PromptPack.clarq()).language(Language.ENGLISH)
        .selection(TaskSelection.parse("1-3"))
        .seeker(LlmSeeker.builder(seeker).mode(LlmSeeker.Mode.COMPLETION).build())
        .provider(LlmProviderAgent.builder(provider).build()).concurrency(8).output(out);
  }

  private static String model(String spec) {
    return LlmSpec.parse(spec).model();
  }

  private static Played synchronous(Path tasks, String seekerSpec) throws Exception {
    UsageMeter meter = new UsageMeter();
    Path out = Files.createTempDirectory("clarq-batch-run-bench");
    try (FakeOpenAiServer openAi = FakeOpenAiServer.start(BatchRunBenchmark::synchronous);
        FakeOpenAiServer anthropic = FakeOpenAiServer.start(ProviderWires.ANTHROPIC, BatchRunBenchmark::synchronous);
        LlmClient provider = LlmClients.fromSpec(LlmSpec.parse(GPT).withBaseUrl(openAi.baseUrl()), KEYS::get,
            LlmListener.all(List.of(meter.listener(model(GPT)), TurnUsage.listener())));
        LlmClient seeker = seekerSpec.equals(GPT) ? provider : LlmClients.fromSpec(LlmSpec.parse(seekerSpec)
            .withBaseUrl(anthropic.baseUrl()), KEYS::get, LlmListener.all(List.of(meter.listener(model(seekerSpec)),
            TurnUsage.listener())))) {
      long t0 = System.nanoTime();
      RunResult r = ClarqEvaluator.run(config(tasks, seeker.withModel(model(seekerSpec)),
          provider.withModel(model(GPT)), out).build());
      long ms = (System.nanoTime() - t0) / 1_000_000;
      return new Played("synchronous", r, Files.readString(r.transcript()), openAi.callCount()
          + anthropic.callCount(), -1, -1, -1, meter.report().cost(PRICES, false).orElseThrow(), ms);
    }
  }

  private static Played batched(Path tasks, String seekerSpec) throws Exception {
    Path out = Files.createTempDirectory("clarq-batch-run-bench");
    try (FakeBatchServer openAi = FakeBatchServer.start(FakeBatchServer.Shape.OPENAI, 1,
            (b, a) -> FakeBatchServer.Fault.NONE, BatchRunBenchmark::answer);
        FakeBatchServer anthropic = FakeBatchServer.start(FakeBatchServer.Shape.ANTHROPIC, 1,
            (b, a) -> FakeBatchServer.Fault.NONE, BatchRunBenchmark::answer)) {
      BatchClient provider = client(GPT, openAi, out.resolve("batch-provider.json"));
      List<BatchClient> clients = new ArrayList<>(List.of(provider));
      BatchClient seeker = provider;
      if (!seekerSpec.equals(GPT)) {
        seeker = client(seekerSpec, anthropic, out.resolve("batch-seeker.json"));
        clients.add(seeker);
      }
      try (BatchPasses passes = BatchPasses.of(clients, line -> { })) {
        long t0 = System.nanoTime();
        RunResult r = ClarqEvaluator.run(config(tasks, seeker.withModel(model(seekerSpec)),
            provider.withModel(model(GPT)), out).batches(passes).build());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int polls = clients.stream().mapToInt(BatchClient::polls).sum();
        Optional<Double> price = passes.usage().cost(PRICES, true);
        return new Played("batch", r, Files.readString(r.transcript()), passes.requestsSent(), passes.batches(),
            passes.passes(), polls, price.orElseThrow(), ms);
      }
    }
  }

  private static BatchClient client(String spec, FakeBatchServer server, Path state) {
    return BatchClients.forSpec(LlmSpec.parse(spec).withBaseUrl(server.baseUrl()), KEYS::get, state)
        .everyUse(TurnUsage.listener()).polling(Duration.ofSeconds(30), d -> { }).build();
  }
}
