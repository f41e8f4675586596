package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.flm.Fact;
import io.clarq.core.flm.FlmExample;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenLogprob.Alternative;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.hotpotqa.FlmJsonl;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The FLM and TOA commands end to end, with a loopback fake OpenAI server standing in for every model. */
class FlmToaCommandTest {
  @TempDir Path tmp;
  private Path flm;
  private Map<String, FlmExample> byQuestion;
  private String out;
  private String err;

  @BeforeEach
  void makeFlm() throws IOException {
    flm = tmp.resolve("dev-flm.jsonl");
    int code = run("flm", "make", "--hotpot",
        SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json").toString(), "--seed", "42", "--out",
        flm.toString());
    assertThat(code).isZero();
    assertThat(out).isEqualTo("read 53 HotpotQA examples, kept 53, dropped 0 without a distractor; wrote 53 masked"
        + " examples to " + flm + "\n");
    byQuestion = FlmJsonl.read(flm).stream()
        .collect(Collectors.toMap(FlmExample::question, Function.identity()));
  }

  private int run(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(o));
    cl.setErr(new PrintWriter(e));
    int code = cl.execute(args);
    out = o.toString();
    err = e.toString();
    return code;
  }

  /** Primary model: the gold answer when the masked fact is in the context, else "unknown". */
  private FakeReply primary(String prompt) {
    String question = prompt.substring(prompt.lastIndexOf("\n\nQuestion: ") + 12, prompt.indexOf("\nAnswer in as"));
    FlmExample e = byQuestion.get(question);
    String context = prompt.substring(0, prompt.lastIndexOf("\n\nQuestion: "));
    return FakeReply.text(context.contains(e.maskedFact().text().strip()) ? e.answer() : "unknown");
  }

  private FakeReply respond(RecordedRequest r) {
    String prompt = r.lastUserMessage();
    if (prompt.startsWith("Context:\n")) {
      return primary(prompt);
    }
    if (prompt.startsWith("Here is a question")) {
      String q = prompt.substring(prompt.indexOf("Question: ") + 10, prompt.indexOf("\n\nFacts:"));
      return FakeReply.text("Question: " + byQuestion.get(q).maskedFact().text().strip());
    }
    if (prompt.startsWith("question: ")) {
      String question = prompt.substring(10, prompt.indexOf("\ncontext: "));
      String candidate = prompt.substring(prompt.indexOf("\ncontext: ") + 10, prompt.indexOf("\nprompt: "));
      boolean yes = byQuestion.values().stream().anyMatch(e -> question.contains(e.maskedFact().text().strip())
          && e.maskedFact().rendered().equals(candidate));
      String token = yes ? "Yes" : "No";
      return FakeReply.text(token).withLogprobs(List.of(new TokenLogprob(token, -0.05,
          List.of(new Alternative(token, -0.05), new Alternative(yes ? "No" : "Yes", -3.0)))));
    }
    return FakeReply.text("I am not sure which one.");
  }

  @Test
  void testOfflineOracleAndRepeaterWithScriptedPrimary() throws IOException {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      Path dir = tmp.resolve("run");
      int code = run("toa", "run", "--flm", flm.toString(), "--asker", "repeater", "--oracle", "offline",
          "--primary", server.baseUrl().toString(), "--out", dir.toString(), "--json");
      assertThat(code).as(err).isZero();
      JsonNode j = new ObjectMapper().readTree(out);
      assertThat(j.get("examples").asInt()).isEqualTo(53);
      assertThat(j.at("/f1/complete").asDouble()).isEqualTo(1.0);
      assertThat(j.at("/f1/incomplete").asDouble()).isZero();
      // recovery is 1 exactly where the oracle returned the masked fact: the mean equals the MFRR
      assertThat(j.at("/f1_recovery/dropped").asInt()).isZero();
      assertThat(j.at("/f1_recovery/mean").asDouble()).isEqualTo(j.get("mfrr").asDouble());
      assertThat(j.at("/em_recovery/mean").asDouble()).isEqualTo(j.get("mfrr").asDouble());
      assertThat(j.at("/f1_recovery/half_width_95").asDouble()).isPositive();
      assertThat(j.get("unparsed").asInt()).isZero();
      long returned = Math.round(j.get("mfrr").asDouble() * 53);
      assertThat(server.callCount()).isEqualTo(53 * 2 + 53 - j.get("no_match").asInt());
      assertThat(Files.readAllLines(dir.resolve("toa-results.jsonl"))
          .stream().filter(l -> l.contains("\"masked_fact_returned\":true")).count()).isEqualTo(returned);

      // the same command again resumes everything and prints the text report
      code = run("toa", "run", "--flm", flm.toString(), "--asker", "repeater", "--primary",
          server.baseUrl().toString(), "--out", dir.toString());
      assertThat(code).as(err).isZero();
      assertThat(out).startsWith("TOA run in " + dir + ": 53 examples (0 run now, 53 resumed)\n")
          .contains("F1 recovery   ").contains("EM recovery   ").contains("MFRR          ")
          .contains("F1            complete 1.0000  incomplete 0.0000");
      assertThat(server.callCount()).isEqualTo(53 * 3 - j.get("no_match").asInt());
    }
  }

  @Test
  void testLlmAskerAndYesNoOracleThroughTheServer() throws IOException {
    Path small = tmp.resolve("five.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 5));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      int code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:asker-model", "--oracle",
          "openai:oracle-model", "--primary", "openai:primary-model", "--base-url", server.baseUrl().toString(),
          "--out", tmp.resolve("llm").toString(), "--json");
      assertThat(code).as(err).isZero();
      JsonNode j = new ObjectMapper().readTree(out);
      assertThat(j.get("mfrr").asDouble()).isEqualTo(1.0);
      assertThat(j.at("/f1_recovery/mean").asDouble()).isEqualTo(1.0);
      assertThat(j.get("unparsed_replies").asInt()).isZero();
      List<RecordedRequest> oracleCalls = server.requests().stream()
          .filter(r -> r.lastUserMessage().startsWith("question: ")).toList();
      int candidates = FlmJsonl.read(small).stream().mapToInt(e -> e.candidates().size()).sum();
      assertThat(oracleCalls).hasSize(candidates);
      assertThat(oracleCalls).allSatisfy(r -> {
        assertThat(r.model()).isEqualTo("oracle-model");
        assertThat(r.body()).contains("\"logprobs\":true").contains("\"top_logprobs\":20");
      });
      assertThat(server.requests()).filteredOn(r -> r.lastUserMessage().startsWith("Here is a question"))
          .hasSize(5).allSatisfy(r -> assertThat(r.model()).isEqualTo("asker-model"));

      // the same directory with another primary model is refused, nothing is appended
      code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:asker-model", "--oracle",
          "openai:oracle-model", "--primary", "openai:other-model", "--base-url", server.baseUrl().toString(),
          "--out", tmp.resolve("llm").toString());
      assertThat(code).isEqualTo(1);
      assertThat(err).contains("primary \"llm:primary-model\" there, \"llm:other-model\" now");
      assertThat(Files.readAllLines(tmp.resolve("llm").resolve("toa-results.jsonl"))).hasSize(5);
    }
  }

  @Test
  void testResponseCacheReplaysTheWholeRun() throws IOException {
    Path small = tmp.resolve("three.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 3));
    Path cache = tmp.resolve("llm-cache.jsonl");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      int code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:asker", "--primary",
          "openai:primary", "--base-url", server.baseUrl().toString(), "--llm-cache", cache.toString(), "--out",
          tmp.resolve("live").toString(), "--json");
      assertThat(code).as(err).isZero();
      String live = out;
      int calls = server.callCount();
      code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:asker", "--primary",
          "openai:primary", "--base-url", server.baseUrl().toString(), "--llm-cache", cache.toString(),
          "--replay-only", "--out", tmp.resolve("replay").toString(), "--json");
      assertThat(code).as(err).isZero();
      assertThat(out).isEqualTo(live);
      assertThat(server.callCount()).isEqualTo(calls);
    }
  }

  @Test
  void testChoiceOracleRecordsUnparsedReplies() throws IOException {
    Path small = tmp.resolve("three.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 3));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      int code = run("toa", "run", "--flm", small.toString(), "--asker", "repeater", "--oracle",
          server.baseUrl().toString(), "--oracle-mode", "choice", "--primary", server.baseUrl().toString(),
          "--out", tmp.resolve("choice").toString());
      assertThat(code).as(err).isZero();
      assertThat(out).contains("MFRR          0.0000").contains("oracle        3 unparsed, 0 no match");
    }
  }

  @Test
  void testFileAskerAndErrors() throws IOException {
    Path questions = tmp.resolve("q.jsonl");
    FlmExample first = FlmJsonl.read(flm).get(0);
    Files.writeString(questions, "{\"id\": \"" + first.id() + "\", \"question\": \"" + first.maskedFact().text()
        .strip().replace("\"", "\\\"") + "\"}\n");
    Path small = tmp.resolve("one.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 2));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      int code = run("toa", "run", "--flm", small.toString(), "--asker", "file:" + questions, "--primary",
          server.baseUrl().toString(), "--out", tmp.resolve("f").toString());
      assertThat(code).isEqualTo(1);
      assertThat(err).startsWith("clarq run: example " + FlmJsonl.read(small).get(1).id() + " failed: question file "
          + questions + " has no question for example " + FlmJsonl.read(small).get(1).id());
      assertThat(Files.readAllLines(tmp.resolve("f").resolve("toa-results.jsonl"))).hasSize(1);
    }
    assertThat(run("toa", "run", "--flm", flm.toString(), "--asker", "repeater")).isEqualTo(2);
    assertThat(err).contains("Missing required option: '--primary=SPEC'");
    assertThat(run("toa", "run", "--flm", flm.toString(), "--asker", "openai:m", "--asker-template", "clever",
        "--primary", "openai:m")).isEqualTo(2);
    assertThat(err).contains("unknown asker template \"clever\"");
    assertThat(run("toa", "run", "--flm", flm.toString(), "--asker", "repeater", "--primary", "nosuch:m"))
        .isEqualTo(2);
    assertThat(err).contains("unknown LLM scheme 'nosuch'");
    assertThat(run("toa", "run", "--flm", tmp.resolve("missing.jsonl").toString(), "--asker", "repeater",
        "--primary", "openai:m")).isEqualTo(1);
    assertThat(err).contains("missing.jsonl");
    assertThat(run("flm", "make", "--hotpot", "x.json", "--seed", "many", "--out", "y")).isEqualTo(2);
    assertThat(run("flm", "make", "--help")).isZero();
    assertThat(out).contains("--all-masks");
    assertThat(run("toa", "run", "--help")).isZero();
    assertThat(out).contains("--oracle-mode");
  }
}
