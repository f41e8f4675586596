package io.clarq.examples.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchClients;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.llm.usage.UsageMeter;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.FakeBatchServer;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.eval.clarqllm.evaluate.BatchJudging;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import io.clarq.eval.clarqllm.evaluate.RecordedRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A batch-mode judge pass against loopback batch APIs ({@link FakeBatchServer}, OpenAI's and Anthropic's shapes)
 * beside the same pass made synchronously ({@link FakeOpenAiServer}): each published run is judged with the
 * reference prompt pack, every server answering as the paper's GPT-4o judge did (judge-verdicts.jsonl), and the
 * benchmark prints the requests, batches and polls, the success both ways, and the price of the tokens billed at
 * batch prices against the synchronous price ({@code --prices gpt-4o=2.50/10.00}; each answer reports 100 prompt and
 * 10 completion tokens on every server). Every batch's first poll says "in_progress", as a real batch would.
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.BatchJudgeBenchmark
 * </pre>
 */
public final class BatchJudgeBenchmark {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> KEYS = Map.of("OPENAI_API_KEY", "sk-bench", "ANTHROPIC_API_KEY",
      "sk-ant-bench");
  private static final PriceTable PRICES = PriceTable.parse("gpt-4o=2.50/10.00,claude-sonnet-4-5=3.00/15.00");

  private BatchJudgeBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path data = SharedData.root().resolve("clarq-llm");
    PromptPack pack = PromptPack.load(data.resolve("reference-prompts"));
    LlmJudge promptsOnly = LlmJudge.builder(ScriptedLlmClient.replying()).prompts(pack).build();
    Map<String, String> replies = new HashMap<>();
    for (VerdictRecord r : VerdictFile.read(data.resolve("judge-verdicts.jsonl"))) {
      replies.put(promptsOnly.request(r.question()).messages().get(0).content(),
          JSON.createObjectNode().put("analysis", r.analysis()).put("match", r.match()).toString());
    }
    java.util.function.Function<JsonNode, String> answer = req -> replies.getOrDefault(
        FakeBatchServer.lastText(req.path("messages")), "I cannot tell.");
    System.out.printf(Locale.ROOT, "%-30s %-9s %6s %8s %7s %5s %9s %10s %10s%n", "run", "api", "sync", "batched",
        "batches", "polls", "success", "batch $", "sync $");
    try (var files = Files.list(data.resolve("transcripts"))) {
      for (Path transcript : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
        RecordedRun run = RecordedRuns.load(transcript, data.resolve("tasks"));
        // synchronous: one request per call
        UsageMeter meter = new UsageMeter();
        ClarqSummary sync;
        int syncCalls;
        try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(answer.apply(r.json())));
            LlmClient client = LlmClients.fromSpec(LlmSpec.parse("openai:gpt-4o").withBaseUrl(server.baseUrl()),
                KEYS::get, meter.listener("gpt-4o"))) {
          sync = ClarqEvaluation.score(run, judge(client, pack));
          syncCalls = server.callCount();
        }
        for (FakeBatchServer.Shape shape : FakeBatchServer.Shape.values()) {
          String spec = shape == FakeBatchServer.Shape.OPENAI ? "openai:gpt-4o" : "anthropic:claude-sonnet-4-5";
          Path state = Files.createTempDirectory("clarq-batch-bench").resolve("judge-batch.json");
          try (FakeBatchServer server = FakeBatchServer.start(shape, 1, (b, a) -> FakeBatchServer.Fault.NONE,
              answer)) {
            BatchClient batch = BatchClients.forSpec(LlmSpec.parse(spec).withBaseUrl(server.baseUrl()), KEYS::get,
                state).polling(Duration.ofSeconds(30), d -> { }).build();
            BatchJudging.Waiting judge = BatchJudging.waitingAsUnanswered(judge(batch, pack));
            ClarqSummary batched = BatchJudging.passes(batch, judge, () -> ClarqEvaluation.score(run, judge));
            if (batched.successes() != sync.successes() || batched.unjudged().size() != sync.unjudged().size()) {
              throw new IllegalStateException(transcript + ": batch and synchronous judging disagree");
            }
            System.out.printf(Locale.ROOT, "%-30s %-9s %6d %8d %7d %5d %9.4f %10.4f %10.4f%n",
                transcript.getFileName().toString().replace("l2l_GPT-4o_seeker_vs_GPT-4o_", "").replace(".json", ""),
                shape.name().toLowerCase(Locale.ROOT), syncCalls, batch.requestsSent(), batch.batches(),
                batch.polls(), batched.success(), batch.usage().cost(PRICES, true).orElseThrow(),
                batch.usage().cost(PRICES, false).orElseThrow());
          }
        }
      }
    }
  }

  // the reference judge in JSON mode, as clarq evaluate --judge asks it with the reference pack
  private static Judge judge(LlmClient client, PromptPack pack) {
    return LlmJudge.builder(client.withCapabilities(client.capabilities().withJsonMode(true))).prompts(pack).build();
  }
}
