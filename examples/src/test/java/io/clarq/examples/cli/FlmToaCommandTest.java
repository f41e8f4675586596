package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenLogprob.Alternative;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.datasets.toa.FlmJsonl;
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
    assertThat(out).isEqualTo("read 53 HotpotQA examples, kept 53, dropped 0 without a distractor, skipped 0 malformed; wrote 53 masked"
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
    if (r.model().equals("paper-asker")) {
      // any prompt: ask for the masked fact of the example whose question the prompt holds
      FlmExample e = byQuestion.values().stream().filter(x -> prompt.contains(x.question())).findFirst().get();
      return FakeReply.text(e.maskedFact().text().strip());
    }
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
      // progress on stderr, one line per twentieth (53 examples: every second one) and the last
      assertThat(err).contains("toa run: examples: 2/53\n").contains("toa run: examples: 53/53\n");
      JsonNode j = new ObjectMapper().readTree(out);
      assertThat(j.get("examples").asInt()).isEqualTo(53);
      assertThat(j.at("/f1/complete").asDouble()).isEqualTo(1.0);
      assertThat(j.at("/f1/incomplete").asDouble()).isZero();
      // F1 is 1 on x^c, 0 on x^i and 1 on x^r exactly where the oracle returned the masked fact: the recovery (a
      // ratio of means) equals the MFRR
      assertThat(j.at("/f1_recovery/value").asDouble()).isEqualTo(j.get("mfrr").asDouble());
      assertThat(j.at("/em_recovery/value").asDouble()).isEqualTo(j.get("mfrr").asDouble());
      assertThat(j.at("/f1_recovery/ci95/0").asDouble()).isLessThan(j.at("/f1_recovery/value").asDouble());
      assertThat(j.at("/f1_recovery/ci95/1").asDouble()).isGreaterThan(j.at("/f1_recovery/value").asDouble());
      assertThat(j.at("/f1_recovery/bootstrap_resamples").asInt()).isEqualTo(1000);
      assertThat(j.at("/f1_recovery_per_example_mean/undefined").asInt()).isZero();
      assertThat(j.at("/f1_recovery_per_example_mean/mean").asDouble()).isEqualTo(j.get("mfrr").asDouble());
      // every masked response raised F1, every other response left it at 0
      long returned = Math.round(j.get("mfrr").asDouble() * 53);
      int responses = 53 - j.get("no_match").asInt();
      assertThat(j.at("/response_flow/responses").asInt()).isEqualTo(responses);
      assertThat(j.at("/response_flow/masked/counts/rose").asLong()).isEqualTo(returned);
      assertThat(j.at("/response_flow/masked/share").asDouble()).isEqualTo((double) returned / responses);
      assertThat(j.at("/response_flow/distractor/counts/same").asLong()).isEqualTo(responses - returned);
      assertThat(j.at("/response_flow/distractor/fell").asDouble()).isZero();
      assertThat(j.get("distractor_hallucination_rate").asDouble()).isZero();
      assertThat(j.get("improvability").isNull()).isTrue();
      assertThat(j.get("unparsed").asInt()).isZero();
      assertThat(server.callCount()).isEqualTo(53 * 2 + 53 - j.get("no_match").asInt());
      assertThat(Files.readAllLines(dir.resolve("toa-results.jsonl"))
          .stream().filter(l -> l.contains("\"masked_fact_returned\":true")).count()).isEqualTo(returned);

      // the same command again resumes everything and prints the text report
      code = run("toa", "run", "--flm", flm.toString(), "--asker", "repeater", "--primary",
          server.baseUrl().toString(), "--out", dir.toString());
      assertThat(code).as(err).isZero();
      assertThat(out).startsWith("TOA run in " + dir + ": 53 examples (0 run now, 53 resumed)\n")
          .contains("F1 recovery   ").contains("EM recovery   ").contains("MFRR          ")
          .contains("F1            complete 1.0000  incomplete 0.0000")
          .contains("per-example   mean of per-example recovery ratios").contains("hallucination 0.0000")
          .contains(String.format(java.util.Locale.ROOT, "masked        %.4f  (+ %.4f  = 0.0000  - 0.0000)",
              (double) returned / responses, (double) returned / responses));
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
      assertThat(j.at("/f1_recovery/value").asDouble()).isEqualTo(1.0);
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
      assertThat(err).contains("a different primary (was \"llm:primary-model\", now \"llm:other-model\")");
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
  void testPaperAskerPromptsReadFromTheDataFile() throws IOException {
    Path small = tmp.resolve("two.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 2));
    Path prompts = SharedData.require("flm-toa/asker-prompts.json");
    JsonNode data = new ObjectMapper().readTree(prompts.toFile());
    FlmExample first = FlmJsonl.read(small).get(0);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      int code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:paper-asker", "--asker-prompt", "2",
          "--asker-prompts", prompts.toString(), "--primary", "openai:primary", "--base-url",
          server.baseUrl().toString(), "--out", tmp.resolve("p2").toString(), "--json");
      assertThat(code).as(err).isZero();
      String expected = data.at("/prompts/1/template").asText().replace("{context}", first.incompleteContext())
          .replace("{q1}", first.question());
      assertThat(server.requests()).filteredOn(r -> r.model().equals("paper-asker")).hasSize(2)
          .anySatisfy(r -> assertThat(r.lastUserMessage()).isEqualTo(expected));
      assertThat(new ObjectMapper().readTree(out).get("mfrr").asDouble()).isEqualTo(1.0);

      // five-shot: the examples file goes where the prompt says
      Path shots = tmp.resolve("shots.txt");
      Files.writeString(shots, "EXAMPLE ONE\nEXAMPLE TWO\n");
      server.reset();
      code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:paper-asker", "--asker-prompt", "5",
          "--asker-examples", shots.toString(), "--asker-prompts", prompts.toString(), "--primary",
          "openai:primary", "--base-url", server.baseUrl().toString(), "--out", tmp.resolve("p5").toString());
      assertThat(code).as(err).isZero();
      String fiveShot = data.at("/prompts/4/template").asText().replace("{context}", first.incompleteContext())
          .replace("{q1}", first.question()).replace("{in_context_examples}", "EXAMPLE ONE\nEXAMPLE TWO");
      assertThat(server.requests()).filteredOn(r -> r.model().equals("paper-asker"))
          .anySatisfy(r -> assertThat(r.lastUserMessage()).isEqualTo(fiveShot));

      // a prompt of one's own from a file
      Path mine = tmp.resolve("mine.txt");
      Files.writeString(mine, "Q: {q1}\nKnown: {context}\nAsk:\n");
      server.reset();
      code = run("toa", "run", "--flm", small.toString(), "--asker", "openai:paper-asker", "--asker-prompt",
          mine.toString(), "--primary", "openai:primary", "--base-url", server.baseUrl().toString(), "--out",
          tmp.resolve("mine").toString());
      assertThat(code).as(err).isZero();
      assertThat(server.requests()).filteredOn(r -> r.model().equals("paper-asker"))
          .anySatisfy(r -> assertThat(r.lastUserMessage())
              .isEqualTo("Q: " + first.question() + "\nKnown: " + first.incompleteContext() + "\nAsk:"));
      assertThat(Files.readString(tmp.resolve("mine").resolve("run-config.json"))).contains("file:mine.txt@");

      // errors: five-shot without examples, zero-shot with, unknown id, both kinds of prompt, missing data file
      String[] base = {"toa", "run", "--flm", small.toString(), "--asker", "openai:paper-asker", "--primary",
          "openai:primary", "--base-url", server.baseUrl().toString(), "--asker-prompts", prompts.toString(),
          "--out", tmp.resolve("bad").toString()};
      assertThat(run(concat(base, "--asker-prompt", "4"))).isEqualTo(2);
      assertThat(err).contains("asker prompt prompt-4 is a few-shot prompt ({in_context_examples})");
      assertThat(run(concat(base, "--asker-prompt", "1", "--asker-examples", shots.toString()))).isEqualTo(2);
      assertThat(err).contains("it takes no in-context examples");
      assertThat(run(concat(base, "--asker-prompt", "9"))).isEqualTo(2);
      assertThat(err).contains("asker prompt 9 is not in " + prompts + ": it has [1, 2, 3, 4, 5, 6]");
      assertThat(run(concat(base, "--asker-prompt", "2", "--asker-template", "direct"))).isEqualTo(2);
      assertThat(err).contains("give --asker-template or --asker-prompt, not both");
      assertThat(run("toa", "run", "--flm", small.toString(), "--asker", "openai:paper-asker", "--primary",
          "openai:primary", "--base-url", server.baseUrl().toString(), "--asker-prompt", "2", "--asker-prompts",
          tmp.resolve("none.json").toString(), "--out", tmp.resolve("bad").toString())).isEqualTo(1);
      assertThat(err).contains("asker prompts file " + tmp.resolve("none.json") + " not found");
    }
  }

  @Test
  void testImprovabilityStatesItsCallsFirst() throws IOException {
    Path small = tmp.resolve("three.jsonl");
    Files.write(small, Files.readAllLines(flm).subList(0, 3));
    int candidates = FlmJsonl.read(small).stream().mapToInt(e -> e.candidates().size()).sum();
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::respond)) {
      int code = run("toa", "run", "--flm", small.toString(), "--asker", "repeater", "--primary",
          server.baseUrl().toString(), "--out", tmp.resolve("imp").toString(), "--improvability", "--json");
      assertThat(code).as(err).isZero();
      assertThat(err).contains("--improvability: " + candidates + " extra primary-model calls, one per candidate"
          + " fact of the 3 examples");
      JsonNode j = new ObjectMapper().readTree(out);
      // appending the masked fact makes the scripted primary model right: every example is improvable
      assertThat(j.at("/improvability/checked").asInt()).isEqualTo(3);
      assertThat(j.at("/improvability/share").asDouble()).isEqualTo(1.0);
      assertThat(server.callCount()).isEqualTo(3 * 3 - j.get("no_match").asInt() + candidates);
    }
  }

  private static String[] concat(String[] base, String... more) {
    String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
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
      // the question file is read against every example before anything runs or is written
      assertThat(err).contains("question file " + questions + " has no question for example "
          + FlmJsonl.read(small).get(1).id() + ";");
      assertThat(tmp.resolve("f").resolve("toa-results.jsonl")).doesNotExist();
      Files.writeString(questions, "{\"id\": \"" + FlmJsonl.read(small).get(1).id() + "\", \"question\": \"?\"}\n",
          java.nio.file.StandardOpenOption.APPEND);
      assertThat(run("toa", "run", "--flm", small.toString(), "--asker", "file:" + questions, "--primary",
          server.baseUrl().toString(), "--out", tmp.resolve("f").toString())).isEqualTo(0);
      assertThat(Files.readAllLines(tmp.resolve("f").resolve("toa-results.jsonl"))).hasSize(2);
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
    // a malformed example is skipped, named, and the rest of the file kept
    Path broken = tmp.resolve("broken.json");
    Files.writeString(broken, "[{\"_id\": \"bad\", \"question\": \"q\", \"answer\": \"a\", \"supporting_facts\":"
        + " [[\"T\", 5]], \"context\": [[\"T\", [\"s0\"]], [\"U\", [\"u\"]]]}, {\"_id\": \"good\", \"question\":"
        + " \"q\", \"answer\": \"a\", \"supporting_facts\": [[\"T\", 0]], \"context\": [[\"T\", [\"s0\"]], [\"U\","
        + " [\"u\"]]]}]");
    assertThat(run("flm", "make", "--hotpot", broken.toString(), "--seed", "1", "--out",
        tmp.resolve("b.jsonl").toString())).isZero();
    assertThat(out).startsWith("read 2 HotpotQA examples, kept 1, dropped 0 without a distractor, skipped 1"
        + " malformed; wrote 1 masked examples to ").contains("skipped example 0 (_id bad): " + broken
        + ", example 0: example bad: supporting fact [\"T\", 5] indexes no sentence");
    assertThat(run("flm", "make", "--help")).isZero();
    assertThat(out).contains("--all-masks");
    assertThat(run("toa", "run", "--help")).isZero();
    assertThat(out).contains("--oracle-mode");
  }
}
