package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq mediq run} with the reference's experts and LLM patients on a loopback OpenAI-style server
 * ({@link FakeOpenAiServer}, which answers as OpenAI's chat completions reference describes:
 * https://platform.openai.com/docs/api-reference/chat/create). The server serves the replies of a reference trace
 * (../shared/data/mediq/reference-traces) to the requests the reference code sent, so the run must send exactly the
 * recorded requests, in order, and reach the reference's letters; a named fix of a quirk is recorded as a deviation.
 */
class MediqModelRunCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODEL = "openai:meta-llama/Llama-3.1-8B-Instruct";
  // the fields of each request the reference code passed to the OpenAI client
  private static final List<String> FIELDS = List.of("model", "messages", "temperature", "max_tokens", "top_p",
      "logprobs", "top_logprobs");

  @TempDir Path tmp;
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(tmp.resolve("nodata")));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  /** A trace's first {@code cases} cases: their requests (kwargs and reply) in order, and their output records. */
  private record Trace(List<JsonNode> requests, List<JsonNode> outputs, List<Integer> ids) {}

  private static Trace trace(Path file, int cases) throws IOException {
    List<JsonNode> requests = new ArrayList<>();
    List<JsonNode> outputs = new ArrayList<>();
    List<Integer> ids = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(file)),
        StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        JsonNode n = JSON.readTree(line);
        String type = n.path("type").asText();
        if (type.equals("case_start")) {
          if (ids.size() == cases) {
            break;
          }
          ids.add(n.path("id").asInt());
        } else if (type.equals("request")) {
          requests.add(n);
        } else if (type.equals("output")) {
          outputs.add(n.path("record"));
        }
      }
    }
    return new Trace(requests, outputs, ids);
  }

  private static String key(JsonNode body) {
    Map<String, JsonNode> m = new LinkedHashMap<>();
    FIELDS.forEach(f -> m.put(f, body.get(f)));
    return m.toString();
  }

  /** A data folder holding only the trace's cases of craft_md, in the trace's order. */
  private Path data(List<Integer> ids) throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("data"));
    Map<Integer, String> lines = new HashMap<>();
    for (String line : Files.readAllLines(SharedData.require("mediq/data").resolve("all_craft_md.jsonl"))) {
      lines.put(JSON.readTree(line).path("id").asInt(), line);
    }
    StringBuilder sb = new StringBuilder();
    ids.forEach(i -> sb.append(lines.get(i)).append('\n'));
    Files.writeString(folder.resolve("all_craft_md.jsonl"), sb.toString());
    return folder;
  }

  // serves each recorded reply to its recorded request (first come, first served among equal requests); any other
  // request gets HTTP 400, which fails the case
  private static FakeOpenAiServer serving(Trace t) {
    Map<String, Deque<JsonNode>> replies = new HashMap<>();
    t.requests().forEach(r -> replies.computeIfAbsent(key(r.path("kwargs")), k -> new ArrayDeque<>())
        .add(r.path("reply")));
    return FakeOpenAiServer.start(req -> {
      Deque<JsonNode> q;
      synchronized (replies) {
        q = replies.get(key(req.json()));
        JsonNode reply = q == null ? null : q.poll();
        if (reply == null) {
          return FakeReply.error(400, "invalid_request_error", "not a request of the reference trace");
        }
        return FakeReply.text(reply.path("content").asText()).withUsage(reply.path("usage").path("prompt_tokens")
            .asLong(), reply.path("usage").path("completion_tokens").asLong());
      }
    });
  }

  private void playsLikeTheReference(String traceName, String... flags) throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    Path upstream = SharedData.require("mediq/upstream");
    Trace t = trace(traces.resolve(traceName), 3);
    Path folder = data(t.ids());
    Path runDir = tmp.resolve("run");
    try (FakeOpenAiServer server = serving(t)) {
      List<String> args = new ArrayList<>(List.of("mediq", "run", "--datasets", "craft_md", "--data",
          folder.toString(), "--upstream", upstream.toString(), "--expert-model", MODEL, "--base-url",
          server.baseUrl().toString(), "--llm-attempts", "1", "--out", runDir.toString()));
      args.addAll(List.of(flags));
      assertThat(run(args.toArray(String[]::new))).as(err.toString()).isEqualTo(0);
      List<RecordedRequest> sent = server.requests();
      assertThat(sent).hasSameSizeAs(t.requests());
      for (int i = 0; i < sent.size(); i++) {
        JsonNode ours = sent.get(i).json();
        JsonNode theirs = t.requests().get(i).path("kwargs");
        for (String f : FIELDS) {
          assertThat(ours.get(f)).as("request %d (%s), field %s", i, t.requests().get(i).path("kind").asText(), f)
              .isEqualTo(theirs.get(f));
        }
        // nothing beyond what the reference passes to the client: clarq's OpenAI client adds no field here
        Set<String> extra = new java.util.TreeSet<>();
        ours.fieldNames().forEachRemaining(extra::add);
        FIELDS.forEach(extra::remove);
        assertThat(extra).as("request %d: fields the reference does not send", i).isEmpty();
      }
    }
    List<String> log = Files.readAllLines(runDir.resolve("consultations.jsonl"));
    assertThat(log).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode ours = JSON.readTree(log.get(i));
      JsonNode theirs = t.outputs().get(i).path("interactive_system");
      assertThat(ours.path("letter_choice")).as("case %d", t.ids().get(i)).isEqualTo(theirs.path("letter_choice"));
      assertThat(ours.path("questions")).isEqualTo(theirs.path("questions"));
      assertThat(ours.path("intermediate_choices")).isEqualTo(theirs.path("intermediate_choices"));
    }
    JsonNode results = JSON.readTree(runDir.resolve("results.json").toFile());
    assertThat(results.path("deviations")).isEmpty();
    assertThat(results.path("figures").path("datasets").path("craft_md").toString()).contains("\"cases\":3");
    assertThat(Files.readString(runDir.resolve("summary.md"))).contains("| craft_md | 3 |");
  }

  @Test
  void testTheNumericalExpertAndTheFactSelectPatientSendTheReferenceRequests() throws IOException {
    playsLikeTheReference("craft_md__NumericalExpert__FactSelectPatient__base.jsonl.gz", "--expert", "numerical",
        "--patient", "fact-select");
  }

  @Test
  void testTheBasicExpertWithSelfConsistencyAndTheInstructPatientSendTheReferenceRequests() throws IOException {
    playsLikeTheReference("craft_md__BasicExpert__InstructPatient__sc3.jsonl.gz", "--expert", "basic",
        "--patient", "instruct", "--self-consistency", "3");
  }

  @Test
  void testTheScaleExpertWithThreshold4AndTheDirectPatientSendTheReferenceRequests() throws IOException {
    playsLikeTheReference("craft_md__ScaleExpert__DirectPatient__thr4.jsonl.gz", "--expert", "scale",
        "--patient", "direct", "--abstain-threshold", "4.0");
  }

  @Test
  void testANamedFixIsRecordedAsADeviation() throws IOException {
    Path upstream = SharedData.require("mediq/upstream");
    Path folder = data(List.of(0, 2));
    Path runDir = tmp.resolve("fixed");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(req -> FakeReply.text("A"))) {
      assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--upstream",
          upstream.toString(), "--expert", "numerical-cutoff", "--patient", "fact-select", "--use-data-facts",
          "--expert-model", MODEL, "--base-url", server.baseUrl().toString(), "--max-questions", "2", "--out",
          runDir.toString())).as(err.toString()).isEqualTo(0);
      assertThat(server.requests()).isNotEmpty();
    }
    // the patient answered from the data set's facts, not from a decomposition the model wrote ("A")
    JsonNode first = JSON.readTree(Files.readAllLines(runDir.resolve("consultations.jsonl")).get(0));
    JsonNode dataFacts = JSON.readTree(Files.readAllLines(folder.resolve("all_craft_md.jsonl")).get(0)).path("facts");
    assertThat(first.path("facts")).isEqualTo(dataFacts);
    JsonNode results = JSON.readTree(runDir.resolve("results.json").toFile());
    assertThat(results.path("deviations").toString()).contains("patient answers from the data set's facts");
    assertThat(Files.readString(runDir.resolve("run-config.json"))).contains("use_data_facts=true");
  }

  @Test
  void testTrialsCarryTheirSeedsAndGivePassHatK() throws IOException {
    Path upstream = SharedData.require("mediq/upstream");
    List<Integer> ids = List.of(0, 2, 4);
    Path folder = data(ids);
    Path runDir = tmp.resolve("trials");
    // trial 1 (no seed, as the reference) is answered A, trial 2 (seed 8849) B: the Basic expert answers at once
    try (FakeOpenAiServer server = FakeOpenAiServer.start(req -> FakeReply.text(req.json().has("seed") ? "B" : "A"))) {
      assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--upstream",
          upstream.toString(), "--expert", "basic", "--patient", "instruct", "--expert-model", MODEL, "--base-url",
          server.baseUrl().toString(), "--trials", "2", "--out", runDir.toString())).as(err.toString()).isEqualTo(0);
      List<JsonNode> bodies = server.requests().stream().map(RecordedRequest::json).toList();
      assertThat(bodies).hasSize(6);
      assertThat(bodies.subList(0, 3)).allSatisfy(b -> assertThat(b.has("seed")).isFalse());
      assertThat(bodies.subList(3, 6)).allSatisfy(b -> assertThat(b.path("seed").asLong()).isEqualTo(8849L));
    }
    // worked out from the data's answers: a case is right in trial 1 when its answer is A, in trial 2 when B
    List<String> answers = new ArrayList<>();
    for (String line : Files.readAllLines(folder.resolve("all_craft_md.jsonl"))) {
      answers.add(JSON.readTree(line).path("answer_idx").asText());
    }
    double a = answers.stream().filter("A"::equals).count() / 3.0;
    double b = answers.stream().filter("B"::equals).count() / 3.0;
    JsonNode trials = JSON.readTree(runDir.resolve("results.json").toFile()).path("figures").path("trials");
    assertThat(trials.path("trials").asInt()).isEqualTo(2);
    JsonNode all = trials.path("overall");
    assertThat(all.path("cases").asInt()).isEqualTo(3);
    assertThat(all.path("accuracy_per_trial").get(0).asDouble()).isCloseTo(a, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(all.path("accuracy_per_trial").get(1).asDouble()).isCloseTo(b, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(all.path("pass_hat_k").get(0).asDouble()).isCloseTo((a + b) / 2, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(all.path("pass_hat_k").get(1).asDouble()).isZero();   // no case is right with both A and B
    assertThat(all.path("flipped").asDouble()).isCloseTo(a + b, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(Files.readAllLines(runDir.resolve("consultations.jsonl"))).hasSize(6);
    assertThat(Files.readString(runDir.resolve("summary.md"))).contains("## Across 2 trials", "pass^2");
    assertThat(Files.readString(runDir.resolve("run-config.json"))).contains("\"trials\" : \"2\"");
  }

  @Test
  void testPromptsClarqSpeaksFromClarqsOwnPackWithNoReferenceCode() throws IOException {
    String first = Files.readAllLines(SharedData.require("mediq/data").resolve("all_craft_md.jsonl")).get(0);
    Path folder = Files.createDirectories(tmp.resolve("own"));
    Files.writeString(folder.resolve("all_craft_md.jsonl"), first + "\n");
    Path runDir = tmp.resolve("own-run");
    io.clarq.core.prompt.PromptPack own = io.clarq.core.prompt.PromptPack.builtIn(
        io.clarq.core.prompt.PackLayout.MEDIQ);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(req -> FakeReply.text("B"))) {
      assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--prompts", "clarq",
          "--expert", "basic", "--patient", "instruct", "--expert-model", MODEL, "--base-url",
          server.baseUrl().toString(), "--llm-attempts", "1", "--out", runDir.toString())).as(err.toString())
          .isEqualTo(0);
      JsonNode messages = server.requests().get(0).json().path("messages");
      assertThat(messages.get(0).path("content").asText()).isEqualTo(own.template("expert/system").text());
      assertThat(messages.get(1).path("content").asText()).contains(own.template("expert/implicit").text());
    }
    assertThat(JSON.readTree(Files.readAllLines(runDir.resolve("consultations.jsonl")).get(0))
        .path("letter_choice").asText()).isEqualTo("B");
    assertThat(Files.readString(runDir.resolve("run-config.json"))).contains(own.id());
    assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--prompts",
        tmp.resolve("absent").toString(), "--expert", "basic", "--expert-model", MODEL, "--out",
        tmp.resolve("x").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--prompts");
  }

  @Test
  void testAnLlmExpertWithoutAModelIsRefusedNamingTheOption() {
    assertThat(run("mediq", "run", "--expert", "scale", "--out", tmp.resolve("x").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--expert scale needs --expert-model SPEC");
    assertThat(run("mediq", "run", "--expert", "guess", "--out", tmp.resolve("x").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--expert guess: unknown; known: overlap, basic");
    assertThat(run("mediq", "run", "--base-url", "http://127.0.0.1:9/v1", "--out", tmp.resolve("x").toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("use no model, so the model options");
  }

  /**
   * {@code clarq leaderboard --prices} on a MediQ run gives its cost from the usage its results.json records: every
   * reply of the loopback server counts 1,000 input and 50 output tokens.
   */
  @Test
  void testTheLeaderboardPricesAMediqRunFromItsUsage() throws IOException {
    Path upstream = SharedData.require("mediq/upstream");
    Path folder = data(List.of(0, 2));
    Path runDir = tmp.resolve("priced");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(req -> FakeReply.text("A").withUsage(1000, 50))) {
      assertThat(run("mediq", "run", "--datasets", "craft_md", "--data", folder.toString(), "--upstream",
          upstream.toString(), "--expert", "numerical-cutoff", "--expert-model", "openai:sim-m", "--base-url",
          server.baseUrl().toString(), "--max-questions", "2", "--out", runDir.toString())).as(err.toString())
          .isEqualTo(0);
    }
    long input = 0;
    long output = 0;
    for (JsonNode u : JSON.readTree(runDir.resolve("results.json").toFile()).path("usage")) {
      input += u.path("input_tokens").asLong();
      output += u.path("output_tokens").asLong();
    }
    assertThat(input).isPositive();
    double expected = (input * 1.00 + output * 2.00) / 1e6;
    Path board = tmp.resolve("board");
    assertThat(run("leaderboard", runDir.toString(), "--prices", "sim-m=1.00/2.00", "--out", board.toString()))
        .as(err.toString()).isEqualTo(0);
    JsonNode row = JSON.readTree(board.resolve("leaderboard.json").toFile()).path("rows").get(0);
    assertThat(row.path("cost_usd").asDouble()).isEqualTo(expected);
    assertThat(row.path("tokens").asLong()).isEqualTo(input + output);
    assertThat(out.toString()).contains("| " + (input + output) + " | " + String.format(java.util.Locale.ROOT,
        "$%.2f", expected) + " |");
    // without a price for the model, the cost is unknown, not zero
    assertThat(run("leaderboard", runDir.toString(), "--prices", "other=1.00/2.00", "--out", board.toString()))
        .as(err.toString()).isEqualTo(0);
    assertThat(JSON.readTree(board.resolve("leaderboard.json").toFile()).path("rows").get(0).path("cost_usd")
        .isNull()).isTrue();
  }
}
