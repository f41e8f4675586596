package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunForecastTest {
  @TempDir Path dir;

  /*
   * forecast_check.py, the independent computation behind the figures below (Python 3.11, standard library only),
   * run as /usr/bin/python3 forecast_check.py ../shared/data/clarq-llm:
   *   import glob, gzip, json, math, sys, unicodedata
   *   root = sys.argv[1]
   *   def pct(v, p):
   *       v = sorted(v); return v[max(0, min(len(v), math.ceil(p * len(v))) - 1)]
   *   def tokens(text):
   *       cjk = sum(1 for ch in text
   *                 if unicodedata.name(ch, "").split(" ")[0] in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))
   *       return cjk + math.ceil((len(text) - cjk) / 4)
   *   turns = [min(len(t["l2l"][0]) // 2, 12) for f in sorted(glob.glob(root + "/transcripts/*.json"))
   *            for ty in json.load(open(f, encoding="utf-8")) for t in ty if len(t["l2l"][0]) > 0]
   *   print("dialogues", len(turns), "turns", pct(turns, 0.1), pct(turns, 0.9))
   *   for name, role in [("seeker", "seeker"), ("provider", "provider"), ("provider-multi-info", "provider"),
   *                      ("judge", None)]:
   *       rates, inp, out = [], [], []
   *       for line in gzip.open(root + "/reference-traces/" + name + ".jsonl.gz", "rt", encoding="utf-8"):
   *           r = json.loads(line)
   *           if role is None:
   *               calls = r["calls"]; rates.append(len(calls))
   *           else:
   *               ts = [t for i, t in enumerate(r["turns"])
   *                     if t["role"] == role and not (role == "provider" and i == 0)]
   *               calls = [c for t in ts for c in t["calls"]]
   *               if ts: rates.append(len(calls) / len(ts))
   *           for c in calls:
   *               inp.append(sum(tokens(m["content"]) for m in c["request"]["messages"]))
   *               out.append(tokens(c["response"]))
   *       print(name + ".jsonl.gz",
   *             (min(rates), max(rates), pct(inp, 0.1), pct(inp, 0.9), pct(out, 0.1), pct(out, 0.9)))
   */
  /**
   * The published basis against an independent computation over the same files: the Python script
   * {@code forecast_check.py} in the comment above, run as {@code python3 forecast_check.py ../shared/data/clarq-llm},
   * printed (re-run on the data of 2026-11-27, the same figures)
   * <pre>
   * dialogues 1560 turns 4 8
   * seeker.jsonl.gz (1.0, 1.0, 360, 703, 6, 17)
   * provider.jsonl.gz (1.0, 4.0, 452, 1649, 3, 27)
   * provider-multi-info.jsonl.gz (2.0, 5.5, 453, 1538, 3, 27)
   * judge.jsonl.gz (1, 4, 679, 808, 19, 27)
   * </pre>
   * (per file: lowest and highest calls per turn, 10th and 90th percentile input tokens per call, the same for output
   * tokens). The script: seeker turns = len(l2l[0]) // 2 over every played dialogue of transcripts/*.json, capped at
   * 12, nearest-rank percentiles (sorted[ceil(p n) - 1]); tokens = CJK characters (by Unicode name) + ceil(other / 4);
   * provider turns leave out the opening. Per dialogue: seeker 4 x 1 .. 8 x 1 calls, input 4 x 360 .. 8 x 703;
   * provider (4 - 1) x 1 .. 8 x 4 calls, input 3 x 452 .. 32 x 1649, output 3 x 3 .. 32 x 27; multi-info provider
   * 3 x 2 .. 8 x 5.5 calls; judge 0 .. 4 calls, input 0 .. 4 x 808.
   */
  @Test
  void testPublishedBasisMatchesAnIndependentComputation() {
    Path data = SharedData.require("clarq-llm/transcripts").getParent();
    Path traces = SharedData.require("clarq-llm/reference-traces");
    // the call statistics as derived from the traces (and, by ForecastCallStatisticsTest, as shipped)
    ForecastCallStatistics derived = ForecastCallStatistics.derive(traces);
    assertThat(derived.of("seeker.jsonl.gz")).isEqualTo(new CallStatistics(1, 1, 360, 703, 6, 17));
    assertThat(derived.of("provider.jsonl.gz")).isEqualTo(new CallStatistics(1, 4, 452, 1649, 3, 27));
    assertThat(derived.of("provider-multi-info.jsonl.gz")).isEqualTo(new CallStatistics(2, 5.5, 453, 1538, 3, 27));
    assertThat(derived.of("judge.jsonl.gz")).isEqualTo(new CallStatistics(1, 4, 679, 808, 19, 27));
    RunForecast.Basis b = PublishedBasis.of(data, false, 12);
    assertThat(b.description()).contains("1560 dialogues: seeker turns 4-8");
    assertThat(b.seeker()).isEqualTo(new RunForecast.PerDialogue(4, 8, 4 * 360, 8 * 703, 4 * 6, 8 * 17));
    assertThat(b.provider()).isEqualTo(new RunForecast.PerDialogue(3, 32, 3 * 452, 32 * 1649, 3 * 3, 32 * 27));
    assertThat(b.judge()).isEqualTo(new RunForecast.PerDialogue(0, 4, 0, 4 * 808, 0, 4 * 27));
    RunForecast.Basis multi = PublishedBasis.of(data, true, 12);
    assertThat(multi.provider()).isEqualTo(new RunForecast.PerDialogue(6, 44, 6 * 453, 44 * 1538, 6 * 3, 44 * 27));
    // a lower turn cap caps the published turn counts: 90th percentile 8 becomes 5
    assertThat(PublishedBasis.of(data, false, 5).seeker().callsHigh()).isEqualTo(5);

    // 260 English test dialogues, GPT-4o prices: seeker input 260 x 1440 = 374,400 .. 260 x 5624 = 1,462,240
    RunForecast f = RunForecast.of(260, List.of(), b, new RunForecast.Models("gpt-4o", "gpt-4o", ""));
    assertThat(f.roles().get(0).calls()).isEqualTo(new RunForecast.Range(1040, 2080));
    assertThat(f.roles().get(0).inputTokens()).isEqualTo(new RunForecast.Range(374_400, 1_462_240));
    assertThat(f.roles().get(1).calls()).isEqualTo(new RunForecast.Range(780, 8320));
    assertThat(f.roles().get(2).calls()).isEqualTo(new RunForecast.Range(0, 0));   // no model judges
    // cost: (374,400 x 2.50 + 260 x 24 x 10.00) / 1e6 = 0.9984; (1,462,240 x 2.50 + 260 x 136 x 10.00) / 1e6 = 4.0092
    double[] cost = f.roles().get(0).cost(PriceTable.parse("gpt-4o=2.50/10.00")).orElseThrow();
    assertThat(cost[0]).isCloseTo(0.9984, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(cost[1]).isCloseTo(4.0092, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(ForecastTable.table(f, Optional.of(PriceTable.parse("gpt-4o=2.50/10.00"))))
        .contains("260 dialogues").contains("1,040-2,080").contains("$1.00-4.01").contains("(no model)");
  }

  /** What write() writes, read() reads back; shards' forecasts sum range by range and refuse other models. */
  @Test
  void testAWrittenForecastReadsBackAndShardsSum() {
    RunForecast a = new RunForecast(10, 2, "basis a", List.of(
        new RunForecast.RoleForecast("seeker", "m", new RunForecast.Range(1, 2), new RunForecast.Range(3, 4),
            new RunForecast.Range(5, 6)),
        new RunForecast.RoleForecast("provider", "", new RunForecast.Range(0, 0), new RunForecast.Range(0, 0),
            new RunForecast.Range(0, 0)),
        new RunForecast.RoleForecast("judge", "j", new RunForecast.Range(0, 7), new RunForecast.Range(0, 8),
            new RunForecast.Range(0, 9))));
    com.fasterxml.jackson.databind.node.ObjectNode o = new ObjectMapper().createObjectNode();
    ForecastJson.write(a, o);
    assertThat(ForecastJson.read(o)).isEqualTo(a);
    RunForecast b = RunForecast.of(5, List.of(), new RunForecast.Basis("basis b",
        new RunForecast.PerDialogue(1, 2, 10, 20, 1, 1), RunForecast.PerDialogue.NOTHING,
        new RunForecast.PerDialogue(0, 1, 0, 5, 0, 1)), new RunForecast.Models("m", "", "j"));
    RunForecast sum = RunForecast.sum(List.of(a, b));
    // seeker calls 1 + 5 x 1 = 6 .. 2 + 5 x 2 = 12; input 3 + 50 .. 4 + 100; judge calls 0 .. 7 + 5
    assertThat(sum.dialogues()).isEqualTo(15);
    assertThat(sum.finished()).isEqualTo(2);
    assertThat(sum.basis()).isEqualTo("basis a");
    assertThat(sum.roles().get(0).calls()).isEqualTo(new RunForecast.Range(6, 12));
    assertThat(sum.roles().get(0).inputTokens()).isEqualTo(new RunForecast.Range(53, 104));
    assertThat(sum.roles().get(2).calls()).isEqualTo(new RunForecast.Range(0, 12));
    RunForecast other = RunForecast.of(5, List.of(), new RunForecast.Basis("c", RunForecast.PerDialogue.NOTHING,
        RunForecast.PerDialogue.NOTHING, RunForecast.PerDialogue.NOTHING), new RunForecast.Models("n", "", "j"));
    assertThatThrownBy(() -> RunForecast.sum(List.of(a, other))).hasMessageContaining("seeker: m and n");
    o.remove("dialogues");
    assertThatThrownBy(() -> ForecastJson.read(o)).hasMessageContaining("dialogues");
  }

  /**
   * Forecasts of different benchmarks combine into one per role name and model: a role two entries share sums, a
   * role name two models play is told apart, and the total line sums every role and its cost; a forecast of MediQ's
   * roles reads back from results.json in its own roles.
   */
  @Test
  void testForecastsOfDifferentBenchmarksCombineAndTotal() {
    RunForecast.Range none = new RunForecast.Range(0, 0);
    RunForecast clarq = new RunForecast(10, 0, "a", List.of(
        new RunForecast.RoleForecast("seeker", "m", new RunForecast.Range(1, 2), new RunForecast.Range(100, 200),
            new RunForecast.Range(10, 20)),
        new RunForecast.RoleForecast("provider", "", none, none, none),
        new RunForecast.RoleForecast("judge", "j", new RunForecast.Range(3, 4), new RunForecast.Range(300, 400),
            new RunForecast.Range(30, 40))));
    RunForecast mediq = new RunForecast(5, 0, "b", List.of(
        RunForecast.RoleForecast.times("expert", "m", new RunForecast.PerDialogue(1, 2, 10, 20, 1, 2), 5),
        RunForecast.RoleForecast.times("patient", "", new RunForecast.PerDialogue(1, 2, 10, 20, 1, 2), 5),
        new RunForecast.RoleForecast("judge", "k", new RunForecast.Range(1, 1), new RunForecast.Range(1, 1),
            new RunForecast.Range(1, 1), true)));
    com.fasterxml.jackson.databind.node.ObjectNode o = new ObjectMapper().createObjectNode();
    ForecastJson.write(mediq, o);
    assertThat(ForecastJson.read(o)).isEqualTo(mediq);
    assertThat(mediq.roles().get(0).calls()).isEqualTo(new RunForecast.Range(5, 10));
    assertThat(mediq.roles().get(1).calls()).isEqualTo(none);   // no model plays the patient
    RunForecast both = RunForecast.combine(List.of(clarq, mediq, clarq), "sum");
    assertThat(both.dialogues()).isEqualTo(25);
    assertThat(both.roles().stream().map(RunForecast.RoleForecast::role)).containsExactly("seeker", "provider",
        "judge (j)", "expert", "patient", "judge (k)");
    assertThat(both.roles().get(0).calls()).isEqualTo(new RunForecast.Range(2, 4));
    assertThat(both.roles().get(2).inputTokens()).isEqualTo(new RunForecast.Range(600, 800));
    assertThat(both.roles().get(5).batch()).isTrue();
    PriceTable prices = PriceTable.parse("m=1000000/0,j=0/1000000,k=2/2");
    // calls 2+6+5+1 .. 4+8+10+1; cost: seeker 200..400 + expert 50..100 (at $1 a token) + judge j 60..80 + k ~0
    assertThat(ForecastTable.totalLine(both, Optional.of(prices))).startsWith(
        "total: 14-23 calls, 851-1,301 input tokens, 86-131 output tokens, cost $310.00-580.00");
    assertThat(ForecastTable.totalLine(both, Optional.of(PriceTable.parse("m=1/1")))).endsWith(
        "cost unknown (no price for j, k)");
    assertThatThrownBy(() -> RunForecast.sum(List.of(clarq, mediq))).hasMessageContaining("different roles");
  }

  /**
   * A role in batch mode costs the batch price: half the synchronous price by default, the {@code batch:} entry when
   * given; the table marks it and says cached tokens are not forecast; results.json keeps the mode.
   */
  @Test
  void testABatchRoleIsPricedAtTheBatchPrice() {
    RunForecast f = RunForecast.of(100, List.of(), new RunForecast.Basis("b",
        new RunForecast.PerDialogue(4, 8, 4000, 8000, 40, 80), RunForecast.PerDialogue.NOTHING,
        new RunForecast.PerDialogue(1, 3, 800, 2400, 20, 60)), new RunForecast.Models("gpt-4o", "", "gpt-4o"));
    PriceTable prices = PriceTable.parse("gpt-4o=2.50/10.00");
    double[] sync = f.roles().get(2).cost(prices).orElseThrow();
    // 100 x 800 x 2.50 / 1e6 + 100 x 20 x 10.00 / 1e6 = 0.22; high: 0.66
    assertThat(sync[0]).isCloseTo(0.22, org.assertj.core.data.Offset.offset(1e-12));
    RunForecast batched = f.inBatch(Set.of("judge"));
    assertThat(batched.roles().get(2).batch()).isTrue();
    assertThat(batched.roles().get(0).batch()).isFalse();
    double[] half = batched.roles().get(2).cost(prices).orElseThrow();
    assertThat(half[0]).isCloseTo(sync[0] / 2, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(half[1]).isCloseTo(sync[1] / 2, org.assertj.core.data.Offset.offset(1e-12));
    // the seeker stays at the synchronous price
    assertThat(batched.roles().get(0).cost(prices).orElseThrow()).isEqualTo(f.roles().get(0).cost(prices)
        .orElseThrow());
    // a batch: entry overrides the half-price rule: 100 x 800 x 1.00 / 1e6 + 100 x 20 x 4.00 / 1e6 = 0.088
    double[] listed = batched.roles().get(2).cost(PriceTable.parse("gpt-4o=2.50/10.00,batch:gpt-4o=1.00/4.00"))
        .orElseThrow();
    assertThat(listed[0]).isCloseTo(0.088, org.assertj.core.data.Offset.offset(1e-12));
    String table = ForecastTable.table(batched, Optional.of(prices));
    assertThat(table).contains("$0.11-0.33 batch").contains("half the price of MODEL")
        .contains("Cached tokens are not forecast");
    assertThat(ForecastTable.table(f, Optional.of(prices))).doesNotContain(" batch").contains("$0.22-0.66")
        .contains("Cached tokens are not forecast");
    com.fasterxml.jackson.databind.node.ObjectNode o = new ObjectMapper().createObjectNode();
    ForecastJson.write(batched, o);
    assertThat(o.path("roles").path("judge").path("mode").asText()).isEqualTo("batch");
    assertThat(o.path("roles").path("seeker").has("mode")).isFalse();
    assertThat(ForecastJson.read(o)).isEqualTo(batched);
    assertThat(RunForecast.sum(List.of(f, batched)).roles().get(2).batch()).isTrue();
    ((com.fasterxml.jackson.databind.node.ObjectNode) o.path("roles").path("judge")).put("mode", "sometimes");
    assertThatThrownBy(() -> ForecastJson.read(o)).hasMessageContaining("role judge: mode \"sometimes\"");
    assertThatThrownBy(() -> f.inBatch(Set.of("referee"))).hasMessageContaining("illegal role \"referee\"");
  }

  @Test
  void testMissingDataIsNamed() {
    assertThatThrownBy(() -> PublishedBasis.of(dir, false, 12)).hasMessageContaining(dir.resolve("transcripts")
        .toString());
    assertThatThrownBy(() -> new RunForecast.Range(5, 4)).hasMessageContaining("5-4");
  }

  /**
   * The loopback benchmark run (the simulated model behind the loopback server, all 260 English test tasks): its
   * actual seeker and provider calls fall inside the forecast from the published data, and results.json holds both.
   * Then a resume basis from the run's own dialogues reproduces their figures exactly when nothing is left to play.
   */
  @Test
  void testLoopbackRunActualCallsFallInsideTheForecast() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path data = SharedData.require("clarq-llm/transcripts").getParent();
    SharedData.require("clarq-llm/reference-traces");
    List<String> dialogues = ForecastDialogues.of(tasks, List.of(Language.ENGLISH), Split.TEST, TaskSelection.ALL, 1,
        Shard.ALL);
    assertThat(dialogues).hasSize(260);
    RunForecast forecast = RunForecast.of(dialogues.size(), List.of(), PublishedBasis.of(data, false, 12),
        new RunForecast.Models("simulated", "simulated", ""));
    Path out = dir.resolve("run");
    RunResult result;
    int serverCalls;
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      LlmSpec spec = LlmSpec.parse(server.baseUrl().toString()).withModel("simulated")
          .withSettings(LlmSettings.DEFAULT);
      try (LlmClient client = LlmClients.fromSpec(spec, name -> null, TurnUsage.listener())) {
        result = ClarqEvaluator.run(RunConfig.builder()
            .tasks(tasks)
            .prompts(io.clarq.core.prompt.PromptPack.clarq())   // the simulated model reads clarq's own prompts
            .language(Language.ENGLISH)
            .seeker(LlmSeeker.builder(client.withModel("simulated")).mode(LlmSeeker.Mode.COMPLETION).build())
            .provider(LlmProviderAgent.builder(client.withModel("simulated")).build())
            .concurrency(4)
            .forecast(forecast)
            .output(out)
            .build());
      }
      serverCalls = server.callCount();
    }
    assertThat(result.failed()).isEmpty();
    long seekerCalls = result.finished().stream().mapToLong(r -> ForecastDialogues.spent(r, Speaker.SEEKER)[0]).sum();
    long providerCalls = result.finished().stream().mapToLong(r -> ForecastDialogues.spent(r, Speaker.PROVIDER)[0]).sum();
    assertThat(seekerCalls + providerCalls).isEqualTo(serverCalls);   // every call the server saw is in the turns
    assertThat(seekerCalls).isPositive();
    assertThat(forecast.roles().get(0).calls().contains(seekerCalls))
        .as("seeker calls %d in %s", seekerCalls, forecast.roles().get(0).calls()).isTrue();
    assertThat(forecast.roles().get(1).calls().contains(providerCalls))
        .as("provider calls %d in %s", providerCalls, forecast.roles().get(1).calls()).isTrue();

    JsonNode f = new ObjectMapper().readTree(Files.readString(result.results())).get("forecast");
    assertThat(f.get("dialogues").asInt()).isEqualTo(260);
    assertThat(f.at("/roles/seeker/actual/calls").asLong()).isEqualTo(seekerCalls);
    assertThat(f.at("/roles/provider/actual/calls").asLong()).isEqualTo(providerCalls);
    assertThat(f.at("/roles/seeker/calls/0").asLong()).isEqualTo(forecast.roles().get(0).calls().low());
    assertThat(f.at("/roles/seeker/calls_within_forecast").asBoolean()).isTrue();
    assertThat(f.at("/roles/provider/calls_within_forecast").asBoolean()).isTrue();
    assertThat(f.at("/roles/judge/actual/calls").asLong()).isZero();
    assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(out)).isEmpty();
    assertThat(Files.readString(result.summaryFile())).contains("## Forecast and actual")
        .contains(String.format(java.util.Locale.ROOT, "| seeker | simulated | %s | %,d |",
            forecast.roles().get(0).calls(), seekerCalls))
        .contains(String.format(java.util.Locale.ROOT, "| provider | simulated | %s | %,d |",
            forecast.roles().get(1).calls(), providerCalls))
        .contains("| judge | (no model) | 0-0 | 0 |");
    org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(out.resolve("report.html").toFile());
    org.jsoup.select.Elements rows = page.select("#spending table.spending tr.row");
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0).select("td").eachText()).startsWith("seeker", "simulated",
        forecast.roles().get(0).calls().toString(), String.format(java.util.Locale.ROOT, "%,d", seekerCalls));
    assertThat(page.select("#spending tr.outside")).isEmpty();

    // a resume of the finished run: every dialogue done, the forecast is exactly what they recorded
    List<DialogueRecord> done = ForecastDialogues.finishedIn(out, dialogues);
    assertThat(done).hasSize(260);
    RunForecast.Basis own = ResumedBasis.of(done, PublishedBasis.of(data, false, 12)).orElseThrow();
    assertThat(own.description()).startsWith("this run's 260 finished dialogues");
    RunForecast again = RunForecast.of(260, done, own, new RunForecast.Models("simulated", "simulated", ""));
    assertThat(again.roles().get(0).calls()).isEqualTo(new RunForecast.Range(seekerCalls, seekerCalls));
    assertThat(again.roles().get(1).calls()).isEqualTo(new RunForecast.Range(providerCalls, providerCalls));
    // half of it left: the other half played at the run's own 10th-90th percentile per dialogue
    RunForecast half = RunForecast.of(260, done.subList(0, 130), own,
        new RunForecast.Models("simulated", "simulated", ""));
    assertThat(half.finished()).isEqualTo(130);
    assertThat(half.roles().get(1).calls().low()).isLessThanOrEqualTo(providerCalls);
    assertThat(half.roles().get(1).calls().high()).isGreaterThanOrEqualTo(providerCalls);
    assertThat(Set.of(ForecastTable.line(half).split(", "))).hasSize(4);
  }
}
