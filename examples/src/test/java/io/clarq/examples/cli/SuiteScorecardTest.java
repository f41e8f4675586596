package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.scorecard.Scorecard;
import io.clarq.eval.scorecard.ScorecardJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clarq suite --agent openai:M --base-url LOOPBACK} end to end: on small samples of ClarQ-LLM, MediQ, TOA and
 * CQ (rated by a loopback judge) it writes a scorecard whose figures are those of each benchmark's own commands with
 * the same settings; stopped at the CQ judge and run again it completes with nothing asked twice; two agents' suite
 * folders make a leaderboard.
 */
class SuiteScorecardTest extends CommandTestBase {
  @TempDir Path tmp;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Requests by model name. */
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

  /** Whether the judge model refuses (the test's stand-in for a run killed at the CQ judge). */
  private final AtomicBoolean judgeDown = new AtomicBoolean();

  /**
   * One loopback server for every model, answering by the model asked: the agents (agent-a asks once and answers A,
   * agent-b answers B), the TOA primary model and the CQ judge, which grades a question by its length.
   */
  private FakeReply reply(RecordedRequest r) {
    String model = r.json().get("model").asText();
    calls.computeIfAbsent(model, k -> new AtomicInteger()).incrementAndGet();
    switch (model) {
      case "primary-m" -> {
        return FakeReply.text("Paris");
      }
      case "judge-m" -> {
        if (judgeDown.get()) {
          return FakeReply.unauthorized();
        }
        int length = r.messages().get(r.messages().size() - 1).content().length();
        return FakeReply.text("{\"naturalness\": \"Good\", \"naturalness_reason\": \"fluent\", \"usefulness\": \""
            + (length % 3 == 0 ? "Good" : length % 3 == 1 ? "Fair" : "Bad") + "\", \"usefulness_reason\": \"apt\"}");
      }
      default -> {
        String turn = r.lastUserMessage();
        boolean asked = turn.contains("\nasker: ") || turn.contains(":\nasker: ");
        if (asked && turn.contains("\"action\": \"answer\"")) {
          return FakeReply.text("{\"action\": \"answer\", \"text\": \"" + (model.equals("agent-b") ? "B" : "A")
              + "\"}");
        }
        if (asked && turn.contains("\"action\": \"end\"")) {
          return FakeReply.text("{\"action\": \"end\", \"text\": \"Thank you, that is everything.\"}");
        }
        return FakeReply.text("{\"action\": \"ask\", \"text\": \"What is needed first?\"}");
      }
    }
  }

  private int calls(String model) {
    return calls.getOrDefault(model, new AtomicInteger()).get();
  }

  private Path suiteFile(Path tasks, Path mediq, Path hotpot, Path fkw) throws Exception {
    Path suite = tmp.resolve("small.json");
    Files.writeString(suite, "{\"suite\": \"small\", \"entries\": ["
        + "{\"id\": \"clarq\", \"benchmark\": \"clarq-llm\", \"split\": \"test\", \"language\": \"en\", \"types\":"
        + " \"3.1,4.2\", \"roles\": {\"provider\": \"offline\", \"judge\": \"offline\"}, \"data\": \"" + tasks
        + "\"},"
        + "{\"id\": \"mediq\", \"benchmark\": \"mediq\", \"split\": \"craft_md\", \"sample_size\": 2, \"seed\": 3,"
        + " \"roles\": {\"patient\": \"offline\"}, \"data\": \"" + mediq + "\"},"
        + "{\"id\": \"toa\", \"benchmark\": \"toa\", \"split\": \"dev\", \"sample_size\": 2, \"seed\": 42,"
        + " \"roles\": {\"oracle\": \"offline\", \"primary\": \"openai:primary-m\"}, \"data\": \"" + hotpot + "\"},"
        + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 3, \"roles\": {\"judge\":"
        + " \"openai:judge-m\"}, \"data\": \"" + fkw + "\"}]}");
    return suite;
  }

  @Test
  void testTheSuitesScorecardIsTheBenchmarksOwnAndResumesAndRanks() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path mediq = SharedData.require("mediq/data");
    Path hotpot = SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json");
    Path fkw = SharedData.require("clariq-fkw");
    Path suite = suiteFile(tasks, mediq, hotpot, fkw);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::reply)) {
      String url = server.baseUrl().toString();
      Path a = tmp.resolve("agent-a");
      String[] args = {"suite", "--agent", "openai:agent-a", "--base-url", url, "--suite", suite.toString(),
          "--out", a.toString()};
      // stopped at the CQ judge: every other step finished, the CQ questions generated, none rated
      judgeDown.set(true);
      assertThat(run(args)).isNotZero();
      assertThat(err.toString()).contains("1 of 4 entries failed");
      assertThat(a.resolve("scorecard.json")).doesNotExist();
      int agentCalls = calls("agent-a");
      int primaryCalls = calls("primary-m");
      assertThat(agentCalls).isPositive();
      assertThat(a.resolve("cq/generation/results.json")).exists();
      judgeDown.set(false);
      calls.remove("judge-m");
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      assertThat(run(args)).as(err.toString()).isZero();
      // resumed: nothing asked of the agent or the primary model again; each of the 3 questions rated once
      assertThat(calls("agent-a")).isEqualTo(agentCalls);
      assertThat(calls("primary-m")).isEqualTo(primaryCalls);
      assertThat(calls("judge-m")).isEqualTo(3);
      assertThat(out.toString()).contains("wrote " + a.resolve("scorecard.json"), "wrote "
          + a.resolve("scorecard.html"));
      Scorecard card = ScorecardJson.read(a.resolve("scorecard.json"));
      assertThat(card.name()).isEqualTo("agent-a");   // the folder: each agent's suite run names its board row
      assertThat(card.agent()).isEqualTo("openai:agent-a");
      assertThat(card.entries()).extracting(Scorecard.Entry::id, Scorecard.Entry::benchmark).containsExactly(
          org.assertj.core.groups.Tuple.tuple("clarq", "clarq-llm"), org.assertj.core.groups.Tuple.tuple("cq",
              "cq-judge"), org.assertj.core.groups.Tuple.tuple("mediq", "mediq"),
          org.assertj.core.groups.Tuple.tuple("toa", "toa"));
      assertThat(card.others()).isEmpty();   // the CQ entry's generation run is inside it, not an entry
      assertThat(io.clarq.core.testing.JsonSchemas.in(io.clarq.core.testing.JsonSchemas.projectSchemas())
          .validateFile("scorecard.schema.json", a.resolve("scorecard.json"))).isEmpty();

      // each benchmark's own commands, the same settings, on the same server
      Path own = tmp.resolve("own");
      String[] model = {"--base-url", url};
      own(model, "run", "--agent", "openai:agent-a", "--provider", "offline", "--judge", "offline", "--lang", "en",
          "--split", "test", "--select", "3.1,4.2", "--trials", "1", "--tasks", tasks.toString(), "--out",
          own.resolve("clarq").toString());
      own(model, "mediq", "run", "--agent", "openai:agent-a", "--datasets", "craft_md", "--limit", "2", "--seed",
          "3", "--patient", "offline", "--data", mediq.toString(), "--out", own.resolve("mediq").toString());
      Path flm = tmp.resolve("dev-flm.jsonl");
      own(new String[0], "flm", "make", "--hotpot", hotpot.toString(), "--seed", "42", "--out", flm.toString());
      Files.write(flm, Files.readAllLines(flm).subList(0, 2));
      own(model, "toa", "run", "--agent", "openai:agent-a", "--flm", flm.toString(), "--oracle", "offline",
          "--primary", "openai:primary-m", "--out", own.resolve("toa").toString());
      Path gen = tmp.resolve("own-generation");
      own(model, "cq", "generate", "--agent", "openai:agent-a", "--split", "dev", "--limit", "3", "--data",
          fkw.toString(), "--out", gen.toString());
      own(model, "cq", "judge", "--in", gen.toString(), "--judge", "openai:judge-m", "--out",
          own.resolve("cq").toString());
      own(new String[0], "scorecard", own.toString());
      Scorecard ownCard = ScorecardJson.read(own.resolve("scorecard.json"));
      assertThat(ownCard.entries()).hasSize(4);
      for (int i = 0; i < 4; i++) {
        Scorecard.Entry s = card.entries().get(i);
        Scorecard.Entry o = ownCard.entries().get(i);
        assertThat(s.figures()).as(s.id()).isEqualTo(o.figures()).isNotEmpty();
        assertThat(List.of(s.measure(), s.trials(), s.usage())).as(s.id())
            .isEqualTo(List.of(o.measure(), o.trials(), o.usage()));
        assertThat(figures(a.resolve(s.id()))).as(s.id()).isEqualTo(figures(own.resolve(s.id())));
      }

      // a second agent's suite; the two rank on a leaderboard
      Path b = tmp.resolve("agent-b");
      out.getBuffer().setLength(0);
      assertThat(run("suite", "--agent", "openai:agent-b", "--base-url", url, "--suite", suite.toString(), "--out",
          b.toString())).as(err.toString()).isZero();
      Path boards = tmp.resolve("boards");
      assertThat(run("leaderboard", a.toString(), b.toString(), "--out", boards.toString())).as(err.toString())
          .isZero();
      for (String id : List.of("mediq", "toa", "cq")) {
        JsonNode board = JSON.readTree(boards.resolve(id + "/leaderboard.json").toFile());
        assertThat(board.path("rows")).as(id).hasSize(2);
      }
      assertThat(Files.readString(boards.resolve("clarq/leaderboard.json"))).contains("agent-a", "agent-b");
    }
  }

  @Test
  void testAnUnjudgedCqEntryIsListedAsNotJudged() throws Exception {
    Path suite = tmp.resolve("rehearsal.json");
    Files.writeString(suite, "{\"suite\": \"r\", \"entries\": ["
        + "{\"id\": \"mediq\", \"benchmark\": \"mediq\", \"split\": \"craft_md\", \"sample_size\": 2, \"roles\":"
        + " {\"patient\": \"offline\"}, \"data\": \"" + SharedData.require("mediq/data") + "\"},"
        + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 2, \"roles\": {\"judge\":"
        + " \"openai:judge-m\"}, \"data\": \"" + SharedData.require("clariq-fkw") + "\"}]}");
    Path d = tmp.resolve("r");
    // the rehearsal has no CQ judge (there is no model-free one): the entry stays a generation run in its folder
    assertThat(run("suite", "--agent", "class:" + SuiteCommandTest.CountingAgent.class.getName(), "--suite",
        suite.toString(), "--rehearsal", "--out", d.toString())).as(err.toString()).isZero();
    assertThat(d.resolve("cq/generation")).doesNotExist();
    Scorecard card = ScorecardJson.read(d.resolve("scorecard.json"));
    assertThat(card.entries()).extracting(Scorecard.Entry::id).containsExactly("mediq");
    assertThat(card.others()).singleElement().satisfies(o -> {
      assertThat(o.id()).isEqualTo("cq");
      assertThat(o.why()).startsWith("not judged: no judge in the suite");
    });
    assertThat(Files.readString(d.resolve("scorecard.html"))).contains("cq: not judged: no judge in the suite");
    assertThat(out.toString()).contains("cq: not judged: no judge in the suite");
  }

  @Test
  void testAShardGeneratesTheCqQuestionsAndLeavesTheJudgeAndTheScorecardToTheMerge() throws Exception {
    Path suite = tmp.resolve("cq.json");
    Files.writeString(suite, "{\"suite\": \"cq\", \"entries\": [{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\":"
        + " \"dev\", \"sample_size\": 3, \"roles\": {\"judge\": \"openai:judge-m\"}, \"data\": \""
        + SharedData.require("clariq-fkw") + "\"}]}");
    Path d = tmp.resolve("shard");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(this::reply)) {
      assertThat(run("suite", "--agent", "class:" + SuiteCommandTest.CountingAgent.class.getName(), "--base-url",
          server.baseUrl().toString(), "--suite", suite.toString(), "--shard", "1/2", "--out", d.toString()))
          .as(err.toString()).isZero();
      assertThat(calls("judge-m")).isZero();
    }
    assertThat(Files.readAllLines(d.resolve("cq/generation/generations.jsonl"))).hasSize(2);
    assertThat(d.resolve("cq/results.json")).doesNotExist();
    assertThat(err.toString()).contains("the judge rates the merged questions, not a shard's");
    assertThat(out.toString()).contains("no scorecard for shard 1/2");
    assertThat(d.resolve("scorecard.json")).doesNotExist();
  }

  private void own(String[] model, String... args) {
    String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(model))
        .toArray(String[]::new);
    assertThat(run(all)).as(String.join(" ", args) + ": " + err).isZero();
  }

  private static JsonNode figures(Path runFolder) throws Exception {
    return JSON.readTree(runFolder.resolve("results.json").toFile()).get("figures");
  }
}
