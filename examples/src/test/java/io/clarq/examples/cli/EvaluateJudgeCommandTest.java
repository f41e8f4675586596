package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.examples.cli.clarqllm.EvaluateCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq evaluate --judge} end to end against the loopback OpenAI server. The server plays the reference
 * judge: it answers each question with the verdict the reference judge gave (judge-verdicts.jsonl), found by the
 * exact prompt our LLM judge sends, so the published success rate must come out.
 */
class EvaluateJudgeCommandTest {
  private static final String KEY = "sk-judge-e2e-SECRET-5150";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private FakeOpenAiServer server;

  private final Map<String, String> replies = new HashMap<>();

  @BeforeEach
  void startReferenceJudge() {
    // the reference pack stands beside the tasks, so evaluate --judge asks the paper's judge prompt
    LlmJudge promptsOnly = LlmJudge.builder(ScriptedLlmClient.replying()).prompts(io.clarq.core.prompt.PromptPack.load(SharedData.require("clarq-llm/reference-prompts"))).build();
    for (VerdictRecord r : VerdictFile.read(SharedData.require("clarq-llm/judge-verdicts.jsonl"))) {
      String prompt = promptsOnly.request(r.question()).messages().get(0).content();
      replies.put(prompt, JSON.createObjectNode().put("analysis", r.analysis()).put("match", r.match()).toString());
    }
    server = FakeOpenAiServer.start(req -> FakeReply.text(replies.getOrDefault(req.lastUserMessage(),
        "I cannot tell.")));
  }

  @AfterEach
  void stop() {
    if (server != null) { // null when the data was missing and the set-up skipped the test
      server.close();
    }
  }

  private int run(String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    ((EvaluateCommand) cl.getSubcommands().get("evaluate").getCommand()).llm
        .environment(Map.of("CLARQ_LLM_API_KEY", KEY)::get);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  private static String data(String relative) {
    return SharedData.require("clarq-llm/" + relative).toString();
  }

  private static final io.clarq.core.testing.Regressions CHAT_EN_PUBLISHED =
      io.clarq.core.testing.Regressions.of("clarq-llm");
  private static final String CHAT_EN = "transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json";

  @Test
  void testJudgeOnABaseUrlReproducesThePublishedSuccessAndRecordsEveryVerdict() throws Exception {
    Path verdicts = tmp.resolve("out/judge-verdicts.jsonl");
    String[] args = {"evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN),
        "--judge", server.baseUrl().toString(), "--model", "judge-7b", "--judge-verdicts", verdicts.toString(),
        "--json"};
    assertThat(run(args)).as(err.toString()).isEqualTo(0);
    JsonNode first = JSON.readTree(out.toString());
    CHAT_EN_PUBLISHED.assertFigure("provider.Chat.En", "success", first.get("success").asDouble());
    assertThat(first.get("unjudged").asInt()).isZero();
    assertThat(first.get("judge").asText()).endsWith("llm judge-7b with prompt pack reference@"
        + io.clarq.core.prompt.PromptPack.REFERENCE_DIGEST + " (the reference pack)");
    int asked = server.callCount();
    assertThat(asked).isPositive();
    assertThat(Files.readAllLines(verdicts)).hasSize(asked);
    assertThat(server.requests()).allSatisfy(r -> {
      assertThat(r.model()).isEqualTo("judge-7b");
      assertThat(r.header("Authorization")).contains("Bearer " + KEY);
    });
    assertThat(err.toString()).contains("judge " + server.baseUrl() + ": calls " + asked + " (cache hits 0)")
        .contains(asked + " new verdicts appended to " + verdicts);

    // the second run finds every verdict in the file and asks nothing
    out.getBuffer().setLength(0);
    assertThat(run(args)).as(err.toString()).isEqualTo(0);
    CHAT_EN_PUBLISHED.assertFigure("provider.Chat.En", "success", JSON.readTree(out.toString()).get("success").asDouble());
    assertThat(server.callCount()).isEqualTo(asked);
    assertThat(Files.readString(verdicts) + out + err).doesNotContain(KEY);
  }

  /** A judge asked through an edited copy of the reference pack is never labelled with the reference pack. */
  @Test
  void testAJudgeThroughAnEditedPackIsLabelledModified() throws Exception {
    Path pack = tmp.resolve("reference-prompts");
    Path shared = SharedData.require("clarq-llm/reference-prompts");
    try (java.util.stream.Stream<Path> files = Files.walk(shared)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = pack.resolve(shared.relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Path template = pack.resolve("judge/judge.en.txt");
    Files.writeString(template, Files.readString(template) + "\nAnswer generously.");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge",
        server.baseUrl().toString(), "--model", "judge-7b", "--prompts", pack.toString(), "--judge-verdicts",
        tmp.resolve("v.jsonl").toString(), "--json")).as(err.toString()).isEqualTo(0);
    String judge = JSON.readTree(out.toString()).get("judge").asText();
    assertThat(judge).contains("llm judge-7b with prompt pack reference-prompts@")
        .endsWith(" (MODIFIED: not the reference pack)").doesNotContain("(the reference pack)");
    assertThat(err.toString()).contains("NOT the paper's reference pack");
  }

  @Test
  void testTrialsJudgeTheSameDialoguesAgainAndCountTheFlips() throws Exception {
    // the paper's verdicts in trials 1 and 2; in trial 3 (seed 8850) the judge says yes to everything, so the
    // dialogues that failed on a judged line succeed
    server.respondWith(r -> r.json().path("seed").asLong() == 8850L
        ? FakeReply.text("{\"analysis\": \"yes\", \"match\": true}")
        : FakeReply.text(replies.getOrDefault(r.lastUserMessage(), "I cannot tell.")));
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge",
        server.baseUrl().toString(), "--judge-verdicts", tmp.resolve("v.jsonl").toString(), "--trials", "3"))
        .as(err.toString()).isEqualTo(0);
    assertThat(server.requests().stream().map(r -> r.json().path("seed").asLong()).distinct().sorted().toList())
        .containsExactly(8848L, 8849L, 8850L);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("verdict flips +(\\d+) +(\\d+) +(\\d+) +([0-9.]+)")
        .matcher(out.toString());
    assertThat(m.find()).as(out.toString()).isTrue();
    int judged = Integer.parseInt(m.group(2));
    int flipped = Integer.parseInt(m.group(3));
    assertThat(judged).as(out.toString()).isPositive();
    assertThat(flipped).as(out.toString()).isPositive().isLessThanOrEqualTo(judged);
    assertThat(out.toString()).contains("judged in 3 trials (seeds 8848-8850)");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--trials", "2"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--trials 2 measures a model judge's noise: give --judge SPEC");
  }

  @Test
  void testOpenAiSpecWithBaseUrlAndAResponseCacheReplaysWithoutACall() throws Exception {
    Path cache = tmp.resolve("llm-cache.jsonl");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge", "openai:gpt-4o",
        "--base-url", server.baseUrl().toString(), "--llm-cache", cache.toString(),
        "--judge-verdicts", tmp.resolve("v1.jsonl").toString(), "--json")).as(err.toString()).isEqualTo(0);
    int asked = server.callCount();
    assertThat(server.requests().get(0).model()).isEqualTo("gpt-4o");
    server.reset();
    out.getBuffer().setLength(0);
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge", "openai:gpt-4o",
        "--base-url", server.baseUrl().toString(), "--llm-cache", cache.toString(), "--replay-only",
        "--judge-verdicts", tmp.resolve("v2.jsonl").toString(), "--json")).as(err.toString()).isEqualTo(0);
    assertThat(server.callCount()).isZero();
    CHAT_EN_PUBLISHED.assertFigure("provider.Chat.En", "success", JSON.readTree(out.toString()).get("success").asDouble());
    assertThat(err.toString()).contains("calls 0 (cache hits " + asked + ")");
    assertThat(Files.readString(cache)).doesNotContain(KEY);
  }

  @Test
  void testUnreadableJudgeRepliesAreUnjudgedNotFailures() throws Exception {
    server.respondWith(r -> FakeReply.text("Hard to say."));
    Path verdicts = tmp.resolve("v.jsonl");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge",
        server.baseUrl().toString(), "--judge-verdicts", verdicts.toString(), "--json"))
        .as(err.toString()).isEqualTo(0);
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("unjudged").asInt()).isPositive();
    assertThat(json.get("success_upper_bound").asDouble()).isGreaterThan(json.get("success_lower_bound").asDouble());
    assertThat(Files.readString(verdicts)).isEmpty();
  }

  @Test
  void testAMatchReadByTruthinessIsCountedAndItsRawValueKept() throws Exception {
    // the reference pack reads {"match": "maybe"} as Python does (a non-empty string is true): kept, and counted
    server.respondWith(r -> FakeReply.text("{\"analysis\": \"perhaps\", \"match\": \"maybe\"}"));
    Path verdicts = tmp.resolve("v.jsonl");
    String[] args = {"evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge",
        server.baseUrl().toString(), "--judge-verdicts", verdicts.toString()};
    assertThat(run(args)).as(err.toString()).isEqualTo(0);
    int asked = server.callCount();
    java.util.regex.Matcher calls = java.util.regex.Pattern.compile("judge calls +(\\d+) ").matcher(out.toString());
    assertThat(calls.find()).as(out.toString()).isTrue();
    assertThat(out.toString()).contains("; " + calls.group(1) + " read by truthiness: their match was not true or"
        + " false");
    List<String> lines = Files.readAllLines(verdicts);
    assertThat(lines).hasSize(asked).allSatisfy(l -> assertThat(l).contains("\"match\": true, \"match_raw\":"
        + " \"\\\"maybe\\\"\", \"analysis\": \"perhaps\""));
    // replayed from the verdict file, the figure is the same and no call is made
    out.getBuffer().setLength(0);
    assertThat(run(concat(args, "--json"))).as(err.toString()).isEqualTo(0);
    assertThat(server.callCount()).isEqualTo(asked);
    assertThat(JSON.readTree(out.toString()).get("read_by_truthiness").asInt())
        .isEqualTo(Integer.parseInt(calls.group(1)));
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void testBadModelOptionsExitTwo() {
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--base-url",
        server.baseUrl().toString())).isEqualTo(2);
    assertThat(err.toString()).contains("go with --judge SPEC");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge", "nope:m"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--judge nope:m: unknown LLM scheme 'nope'")
        .contains("known schemes: anthropic").contains("openai (OpenAI");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge", "openai:x",
        "--replay-only")).isEqualTo(2);
    assertThat(err.toString()).contains("--replay-only needs --llm-cache FILE");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", data(CHAT_EN), "--judge", "openai:x",
        "--base-url", "ftp://x")).isEqualTo(2);
    assertThat(err.toString()).contains("illegal base URL 'ftp://x'");
    assertThat(server.callCount()).isZero();
  }

  @Test
  void testHelpListsTheModelOptions() {
    assertThat(run("evaluate", "--help")).isEqualTo(0);
    assertThat(out.toString()).contains("--judge=SPEC", "--base-url=URL", "--model=NAME", "--api-key-env=VAR",
        "--llm-cache=FILE", "--replay-only", "--judge-verdicts=FILE");
  }
}
