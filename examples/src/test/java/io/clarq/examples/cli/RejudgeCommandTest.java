package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import io.clarq.examples.cli.clarqllm.RejudgeCommand;
import io.clarq.examples.cli.clarqllm.RunCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq rejudge} against a loopback judge (OpenAI chat completions, as {@code FakeOpenAiServer} answers them)
 * whose verdict depends on the seed: "yes" in trial 1 (seed 8848), "no" in trial 2 (8849), so every dialogue that
 * asks the judge flips.
 */
class RejudgeCommandTest {
  private static final Pattern FLIPS = Pattern.compile("verdict flips +(\\d+) +(\\d+) +(\\d+)");

  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private FakeOpenAiServer server;

  @BeforeEach
  void startJudge() {
    server = FakeOpenAiServer.start(r -> FakeReply.text("{\"analysis\": \"seed " + r.json().path("seed").asLong()
        + "\", \"match\": " + (r.json().path("seed").asLong() == 8848L) + "}"));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine();
    for (String name : List.of("rejudge", "run")) {
      Object command = cl.getSubcommands().get(name).getCommand();
      LlmOptions llm = command instanceof RejudgeCommand r ? r.llm : ((RunCommand) command).llm;
      llm.environment(Map.of("CLARQ_LLM_API_KEY", "sk-rejudge-test")::get);
    }
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  /** judged and flipped, from the noise table. */
  private int[] flips() {
    Matcher m = FLIPS.matcher(out.toString());
    assertThat(m.find()).as(out.toString()).isTrue();
    return new int[] {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
  }

  @Test
  void testAPublishedRunIsJudgedKTimesAndItsFlipsCounted() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path published = SharedData.require("clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json");
    List<Path> before;
    try (Stream<Path> s = Files.walk(tmp)) {
      before = s.toList();
    }
    assertThat(run("rejudge", published.toString(), "--tasks", tasks.toString(), "--judge",
        server.baseUrl().toString(), "--model", "judge-7b", "--trials", "3")).as(err.toString()).isZero();
    assertThat(server.requests().stream().map(r -> r.json().path("seed").asLong()).distinct().sorted().toList())
        .containsExactly(8848L, 8849L, 8850L);
    assertThat(server.requests()).allSatisfy(r -> assertThat(r.model()).isEqualTo("judge-7b"));
    int[] f = flips();
    assertThat(f[0]).as(out.toString()).isPositive();
    assertThat(f[1]).as(out.toString()).isEqualTo(f[0]);   // yes in trial 1, no after: each judged one flips
    assertThat(out.toString()).contains("judged in 3 trials (seeds 8848-8850)");
    assertThat(err.toString()).contains("judging 260 dialogues in 3 trials");
    try (Stream<Path> s = Files.walk(tmp)) {
      assertThat(s.toList()).as("rejudge writes nothing").isEqualTo(before);
    }
  }

  /**
   * {@code --batch}: every trial's requests through a loopback OpenAI Batch API answering as the synchronous server
   * does, so the noise table is the synchronous one; the state goes where {@code --batch-state} says, a second start
   * sends nothing.
   */
  @Test
  void testBatchJudgingGivesTheSynchronousTable() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path published = SharedData.require("clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json");
    assertThat(run("rejudge", published.toString(), "--tasks", tasks.toString(), "--judge",
        server.baseUrl().toString(), "--model", "judge-7b", "--trials", "2")).as(err.toString()).isZero();
    String synchronous = out.toString();
    try (io.clarq.core.testing.FakeBatchServer batch = io.clarq.core.testing.FakeBatchServer.start(
        io.clarq.core.testing.FakeBatchServer.Shape.OPENAI, 0, (b, a) -> io.clarq.core.testing.FakeBatchServer.Fault.NONE,
        r -> "{\"analysis\": \"seed " + r.path("seed").asLong() + "\", \"match\": " + (r.path("seed").asLong() == 8848L)
            + "}")) {
      Path state = tmp.resolve("out/judge-batch.json");
      String[] args = {"rejudge", published.toString(), "--tasks", tasks.toString(), "--judge",
          batch.baseUrl().toString(), "--model", "judge-7b", "--trials", "2", "--batch", "--batch-state",
          state.toString()};
      CommandLine cl = ClarqCommand.commandLine();
      ((RejudgeCommand) cl.getSubcommands().get("rejudge").getCommand()).llm
          .environment(Map.of("CLARQ_LLM_API_KEY", "sk-rejudge-test")::get).batchPolling(java.time.Duration.ZERO,
              d -> { });
      out.getBuffer().setLength(0);
      cl.setOut(new PrintWriter(out, true));
      cl.setErr(new PrintWriter(err, true));
      assertThat(cl.execute(args)).as(err.toString()).isZero();
      assertThat(out.toString()).isEqualTo(synchronous);
      assertThat(Files.readString(state)).contains("\"open\" : null");
      int batches = batch.batchesCreated();
      assertThat(batches).isPositive();
      assertThat(err.toString()).contains("batch: ").contains("state " + state);
      out.getBuffer().setLength(0);
      assertThat(cl.execute(args)).as(err.toString()).isZero();
      assertThat(out.toString()).isEqualTo(synchronous);
      assertThat(batch.batchesCreated()).isEqualTo(batches);
    }
  }

  /**
   * A run directory: the tasks and the model judge come from its run-config.json (the judge's server included), so
   * {@code clarq rejudge DIR} needs nothing else; a run judged offline is refused, naming why.
   */
  @Test
  void testARunDirectoryBringsItsTasksAndItsJudge() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path dir = tmp.resolve("run");
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--select",
        "1-2", "--judge", "openai:judge-7b", "--base-url", server.baseUrl().toString(), "--out",
        dir.toString())).as(err.toString()).isZero();
    server.reset();

    assertThat(run("rejudge", dir.toString(), "--trials", "2")).as(err.toString()).isZero();
    assertThat(err.toString()).contains("judge: openai:judge-7b @ " + server.baseUrl().toString().replaceFirst("/$",
        ""));
    assertThat(out.toString()).contains("judged in 2 trials (seeds 8848-8849)");
    int[] f = flips();
    assertThat(f[0]).as(out.toString()).isPositive();   // the offline provider's lines need the judge on some turns
    assertThat(f[1]).isEqualTo(f[0]);
    assertThat(server.callCount()).isPositive();
    assertThat(server.requests()).allSatisfy(r -> assertThat(r.model()).isEqualTo("judge-7b"));

    Path offline = tmp.resolve("offline");
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--select",
        "1.0", "--out", offline.toString())).as(err.toString()).isZero();
    assertThat(run("rejudge", offline.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("clarq rejudge: give --judge SPEC: the run was judged by offline, which gives"
        + " the same verdict every trial");
    assertThat(run("rejudge", offline.toString(), "--trials", "1", "--judge", "openai:x")).isEqualTo(2);
    assertThat(err.toString()).contains("--trials 1: must be 2-100");
    assertThat(run("rejudge", tmp.resolve("nothing").toString(), "--judge", "openai:x")).isEqualTo(2);
    assertThat(err.toString()).contains(tmp.resolve("nothing").toString());
  }
  /**
   * A run of 30 dialogues whose last line was torn by an interrupted write: rejudge and evaluate judge the 29 whole
   * ones, and both name the torn line (file and line number) and count it in what they print.
   */
  @Test
  void testATornLineIsNamedAndCountedByRejudgeAndEvaluate() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path dir = tmp.resolve("run");
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--select",
        "1-3", "--out", dir.toString())).as(err.toString()).isZero();
    List<String> lines = Files.readAllLines(dir.resolve("transcripts.jsonl"));
    assertThat(lines).hasSize(30);
    Path torn = tmp.resolve("torn.jsonl");
    Files.writeString(torn, String.join("\n", lines.subList(0, 29)) + "\n" + lines.get(29).substring(0, 40));

    assertThat(run("rejudge", torn.toString(), "--tasks", tasks.toString(), "--judge", server.baseUrl().toString(),
        "--model", "judge-7b", "--trials", "2")).as(err.toString()).isZero();
    assertThat(err.toString()).contains("judging 29 dialogues in 2 trials; 1 line(s) of " + torn + " hold no dialogue"
        + " to judge");
    assertThat(out.toString()).contains("the same 29 dialogues judged in 2 trials")
        .contains("not judged: 1 line(s) of " + torn + " (29 dialogues, 1 line(s) not scored)")
        .contains("note: " + torn + ", line 30 is torn (an interrupted run was writing it; 40 characters): its"
            + " dialogue is not scored");

    assertThat(run("evaluate", "--transcripts", torn.toString(), "--tasks", tasks.toString(), "--judge", "offline"))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("torn (clarq transcript, en): 29 dialogues, 1 line(s) not scored")
        .contains("note: " + torn + ", line 30 is torn");
    assertThat(run("evaluate", "--transcripts", torn.toString(), "--tasks", tasks.toString(), "--judge", "offline",
        "--json")).isZero();
    com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.toString());
    assertThat(json.path("dialogues").asInt()).isEqualTo(29);
    assertThat(json.path("lines_not_scored").asInt()).isEqualTo(1);
    assertThat(json.path("notes").toString()).contains(torn.toString().replace("\\", "\\\\") + ", line 30 is torn");
  }
}
