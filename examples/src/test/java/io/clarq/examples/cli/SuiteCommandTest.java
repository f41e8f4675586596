package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.JsonSchemas;
import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clarq suite}: each entry's figures are those of its benchmark's own command with the same settings; a suite
 * stopped part-way and run again plays only what was left, and a third run plays nothing; suite.json validates
 * against its schema and a different agent in the same folder is refused.
 */
class SuiteCommandTest extends CommandTestBase {
  @TempDir Path tmp;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Starts of an item (its first turn), by benchmark, statement and trial. */
  static final Map<String, AtomicInteger> STARTS = new ConcurrentHashMap<>();

  /** How many more items may start before the agent fails every start (a stand-in for a killed run); -1: no end. */
  static final AtomicInteger BUDGET = new AtomicInteger(-1);

  /** Asks one question, then answers with the first choice or says goodbye; counts the items it starts. */
  public static final class CountingAgent implements AskingAgent {
    @Override
    public String name() {
      return "counting";
    }

    @Override
    public AskingAction act(AskingTurn turn) {
      if (turn.questionsAsked() == 0) {
        if (BUDGET.get() == 0) {
          throw new IllegalStateException("stopped (the test's stand-in for a killed run)");
        }
        BUDGET.updateAndGet(b -> b > 0 ? b - 1 : b);
        STARTS.computeIfAbsent(turn.benchmark() + "|" + turn.statement() + "|" + turn.trial(),
            k -> new AtomicInteger()).incrementAndGet();
      }
      if (turn.allows(ActionKind.ASK) && turn.questionsAsked() == 0) {
        return new AskingAction.Ask("What do I need to know? " + turn.fields().getOrDefault("question",
            turn.fields().getOrDefault("facet", "")));
      }
      if (turn.allows(ActionKind.ANSWER)) {
        return new AskingAction.Answer(turn.choices().get(0).label());
      }
      return new AskingAction.End("Thanks, Goodbye!");
    }
  }

  private static final String AGENT = "class:" + CountingAgent.class.getName();

  @BeforeEach
  void clear() {
    STARTS.clear();
    BUDGET.set(-1);
  }

  private void reset() {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
  }

  private static JsonNode figures(Path runFolder) throws Exception {
    return JSON.readTree(runFolder.resolve("results.json").toFile()).get("figures");
  }

  @Test
  void testEveryEntryGivesItsOwnCommandsFigures() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path mediq = SharedData.require("mediq/data");
    Path hotpot = SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json");
    Path fkw = SharedData.require("clariq-fkw");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("Paris"))) {
      String primary = server.baseUrl().toString();
      Path suite = tmp.resolve("small.json");
      Files.writeString(suite, "{\"suite\": \"small\", \"entries\": ["
          + "{\"id\": \"clarq\", \"benchmark\": \"clarq-llm\", \"split\": \"test\", \"language\": \"en\", \"types\":"
          + " \"3.1,4.2\", \"trials\": 2, \"roles\": {\"provider\": \"offline\", \"judge\": \"offline\"}, \"data\": \""
          + tasks + "\"},"
          + "{\"id\": \"mediq\", \"benchmark\": \"mediq\", \"split\": \"craft_md\", \"sample_size\": 2, \"seed\": 3,"
          + " \"roles\": {\"patient\": \"offline\"}, \"data\": \"" + mediq + "\"},"
          + "{\"id\": \"toa\", \"benchmark\": \"toa\", \"split\": \"dev\", \"sample_size\": 3, \"seed\": 42,"
          + " \"roles\": {\"oracle\": \"offline\", \"primary\": \"" + primary + "\"}, \"data\": \"" + hotpot + "\"},"
          + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 3, \"data\": \"" + fkw
          + "\"}]}");
      Path d = tmp.resolve("suite");
      assertThat(run("suite", "--agent", AGENT, "--suite", suite.toString(), "--out", d.toString()))
          .as(err.toString()).isZero();
      assertThat(err.toString()).contains("clarq suite: entry 1/4 clarq (clarq-llm test en types 3.1,4.2, 2"
          + " trials): clarq run into ").contains("clarq suite: entry 4/4 cq finished in ");
      assertThat(out.toString()).containsPattern("toa +toa +finished: ");

      Path own = tmp.resolve("own");
      reset();
      assertThat(run("run", "--agent", AGENT, "--provider", "offline", "--judge", "offline", "--lang", "en",
          "--split", "test", "--select", "3.1,4.2", "--trials", "2", "--tasks", tasks.toString(), "--out",
          own.resolve("clarq").toString())).as(err.toString()).isZero();
      assertThat(run("mediq", "run", "--agent", AGENT, "--datasets", "craft_md", "--limit", "2", "--seed", "3",
          "--patient", "offline", "--data", mediq.toString(), "--out", own.resolve("mediq").toString()))
          .as(err.toString()).isZero();
      Path flm = tmp.resolve("dev-flm.jsonl");
      assertThat(run("flm", "make", "--hotpot", hotpot.toString(), "--seed", "42", "--out", flm.toString()))
          .isZero();
      Files.write(flm, Files.readAllLines(flm).subList(0, 3));
      assertThat(run("toa", "run", "--agent", AGENT, "--flm", flm.toString(), "--oracle", "offline", "--primary",
          primary, "--out", own.resolve("toa").toString())).as(err.toString()).isZero();
      assertThat(run("cq", "generate", "--agent", AGENT, "--split", "dev", "--limit", "3", "--data", fkw.toString(),
          "--out", own.resolve("cq").toString())).as(err.toString()).isZero();
      assertThat(d.resolve("toa/flm.jsonl")).hasSameTextualContentAs(flm);
      for (String id : List.of("clarq", "mediq", "toa", "cq")) {
        assertThat(figures(d.resolve(id))).as(id).isEqualTo(figures(own.resolve(id))).isNotNull();
      }
      JsonNode recorded = JSON.readTree(d.resolve("suite.json").toFile());
      assertThat(recorded.get("agent").asText()).isEqualTo(AGENT);
      assertThat(recorded.at("/suite/entries/2/roles/primary").asText()).isEqualTo(primary);
      assertThat(JsonSchemas.in(JsonSchemas.projectSchemas()).validateFile("suite-run.schema.json",
          d.resolve("suite.json"))).isEmpty();
      assertThat(JsonSchemas.in(JsonSchemas.projectSchemas()).validateFile("suite.schema.json", suite)).isEmpty();

      reset();
      assertThat(run("suite", "--agent", "class:" + AgentOptionTest.OneQuestion.class.getName(), "--suite",
          suite.toString(), "--out", d.toString())).isEqualTo(2);
      assertThat(err.toString()).contains("holds another suite run: it ran the agent " + AGENT);
    }
  }

  @Test
  void testAStoppedRehearsalResumesWithNothingPlayedTwice() throws Exception {
    Path suite = tmp.resolve("resume.json");
    Files.writeString(suite, "{\"suite\": \"resume\", \"entries\": ["
        + "{\"id\": \"clarq\", \"benchmark\": \"clarq-llm\", \"split\": \"test\", \"language\": \"en\", \"types\":"
        + " \"3.1,4.2,5.1\", \"roles\": {\"provider\": \"openai:gpt-4o\", \"judge\": \"openai:gpt-4o\"}, \"data\": \""
        + SharedData.require("clarq-llm/tasks") + "\"},"
        + "{\"id\": \"mediq\", \"benchmark\": \"mediq\", \"split\": \"craft_md\", \"sample_size\": 3, \"roles\":"
        + " {\"patient\": \"fact-select:openai:gpt-4o\"}, \"data\": \"" + SharedData.require("mediq/data") + "\"},"
        + "{\"id\": \"toa\", \"benchmark\": \"toa\", \"split\": \"dev\", \"seed\": 42, \"roles\": {\"oracle\":"
        + " \"offline\", \"primary\": \"openai:gpt-4o\"}},"
        + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 4, \"data\": \""
        + SharedData.require("clariq-fkw") + "\"}]}");
    Path d = tmp.resolve("rehearsal");
    String[] args = {"suite", "--agent", AGENT, "--suite", suite.toString(), "--rehearsal", "--out", d.toString()};
    BUDGET.set(4);   // the three ClarQ-LLM dialogues and one MediQ case, then every start fails
    assertThat(run(args)).isNotZero();
    assertThat(err.toString()).contains("entry toa left out of the rehearsal: toa has no model-free primary")
        .contains("entries failed (said above); rerun the same command to resume them");
    assertThat(STARTS.values()).hasSize(4).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));
    reset();
    BUDGET.set(-1);
    assertThat(run(args)).as(err.toString()).isZero();
    assertThat(STARTS).hasSize(3 + 3 + 4);
    assertThat(STARTS.values()).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));   // nothing played twice
    reset();
    assertThat(run(args)).as(err.toString()).isZero();
    assertThat(STARTS.values()).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));   // a finished suite plays nothing
    JsonNode recorded = JSON.readTree(d.resolve("suite.json").toFile());
    assertThat(recorded.get("rehearsal").asBoolean()).isTrue();
    assertThat(recorded.at("/suite/entries/0/roles/provider").asText()).isEqualTo("offline");
    assertThat(recorded.at("/left_out/toa").asText()).isEqualTo("toa has no model-free primary");
    assertThat(JsonSchemas.in(JsonSchemas.projectSchemas()).validateFile("suite-run.schema.json",
        d.resolve("suite.json"))).isEmpty();
    assertThat(Files.list(d).map(p -> p.getFileName().toString()).sorted().toList())
        .containsExactly("clarq", "cq", "mediq", "scorecard.html", "scorecard.json", "suite.json");
  }

  private Path clarqAndCqSuite() throws Exception {
    Path suite = tmp.resolve("two.json");
    Files.writeString(suite, "{\"suite\": \"two\", \"entries\": ["
        + "{\"id\": \"clarq\", \"benchmark\": \"clarq-llm\", \"split\": \"test\", \"language\": \"en\", \"types\":"
        + " \"3.1,4.2,5.1\", \"roles\": {\"provider\": \"offline\"}, \"data\": \""
        + SharedData.require("clarq-llm/tasks") + "\"},"
        + "{\"id\": \"mediq\", \"benchmark\": \"mediq\", \"split\": \"craft_md\", \"sample_size\": 3, \"roles\":"
        + " {\"patient\": \"offline\"}, \"data\": \"" + SharedData.require("mediq/data") + "\"},"
        + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 4, \"data\": \""
        + SharedData.require("clariq-fkw") + "\"}]}");
    return suite;
  }

  @Test
  void testShardsPassToEveryEntryAndMergeIntoTheWholeRun() throws Exception {
    Path suite = clarqAndCqSuite();
    Path whole = tmp.resolve("whole");
    assertThat(run("suite", "--agent", AGENT, "--suite", suite.toString(), "--out", whole.toString()))
        .as(err.toString()).isZero();
    Path shards = tmp.resolve("shards");
    for (String shard : List.of("1/2", "2/2")) {
      assertThat(run("suite", "--agent", AGENT, "--suite", suite.toString(), "--shard", shard, "--out",
          shards.resolve("shard-{shard}").toString())).as(err.toString()).isZero();
    }
    assertThat(JSON.readTree(shards.resolve("shard-2/suite.json").toFile()).get("shard").asText()).isEqualTo("2/2");
    // a shard's entries hold part of the items: the scorecard comes after the merge
    assertThat(out.toString()).contains("no scorecard for shard 2/2: merge each entry's shards");
    assertThat(shards.resolve("shard-2/scorecard.json")).doesNotExist();
    assertThat(whole.resolve("scorecard.json")).exists();
    assertThat(Files.readAllLines(shards.resolve("shard-1/clarq/transcripts.jsonl"))).hasSize(2);
    assertThat(Files.readAllLines(shards.resolve("shard-2/clarq/transcripts.jsonl"))).hasSize(1);
    Path merged = tmp.resolve("merged");
    assertThat(run("merge", shards.resolve("shard-1/clarq").toString(), shards.resolve("shard-2/clarq").toString(),
        "--tasks", SharedData.require("clarq-llm/tasks").toString(), "--out", merged.resolve("clarq").toString()))
        .as(err.toString()).isZero();
    assertThat(run("mediq", "merge", shards.resolve("shard-1/mediq").toString(), shards.resolve("shard-2/mediq")
        .toString(), "--datasets", "craft_md", "--limit", "3", "--data", SharedData.require("mediq/data").toString(),
        "--out", merged.resolve("mediq").toString())).as(err.toString()).isZero();
    assertThat(run("cq", "merge", shards.resolve("shard-1/cq").toString(), shards.resolve("shard-2/cq").toString(),
        "--limit", "4", "--data", SharedData.require("clariq-fkw").toString(), "--out",
        merged.resolve("cq").toString())).as(err.toString()).isZero();
    for (String id : List.of("clarq", "mediq", "cq")) {
      assertThat(figures(merged.resolve(id))).as(id).isEqualTo(figures(whole.resolve(id)));
    }
  }

  @Test
  void testDryRunForecastsWhatItCanAndWritesNothing() throws Exception {
    Path suite = clarqAndCqSuite();
    Path d = tmp.resolve("dry");
    // a model agent: the seeker's calls are forecast; a dry run makes no client and calls nothing
    assertThat(run("suite", "--agent", "openai:gpt-4o-mini", "--suite", suite.toString(), "--dry-run", "--out",
        d.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("== clarq: clarq run ==", "== mediq: clarq mediq run ==",
            "== cq: clarq cq generate ==")
        .containsPattern("clarq +clarq-llm +forecast above")
        .containsPattern("mediq +mediq +forecast above")
        .containsPattern("cq +cq +forecast above")
        .contains("sum of the forecasts above (3 of 3 entries), per role and model:");
    assertThat(out.toString().split("\nseeker +gpt-4o-mini +[1-9]", -1)).hasSize(3);   // the entry's table, the sum's
    // the agent plays MediQ's expert and CQ's generator; the offline patient spends nothing
    assertThat(out.toString().split("\nexpert +gpt-4o-mini +[1-9]", -1)).hasSize(3);
    assertThat(out.toString().split("\ngenerator +gpt-4o-mini +[1-9]", -1)).hasSize(3);
    assertThat(out.toString()).containsPattern("\npatient +\\(no model\\) +0-0 ")
        .containsPattern("\ntotal: [0-9,]+-[0-9,]+ calls, ");
    String[] sum = out.toString().substring(out.toString().indexOf("per role and model:")).split("\n");
    long seekerLow = Long.parseLong(java.util.Arrays.stream(sum).filter(l -> l.startsWith("seeker ")).findFirst()
        .orElseThrow().split(" +")[2].split("-")[0].replace(",", ""));
    long expertLow = Long.parseLong(java.util.Arrays.stream(sum).filter(l -> l.startsWith("expert ")).findFirst()
        .orElseThrow().split(" +")[2].split("-")[0].replace(",", ""));
    long generatorLow = Long.parseLong(java.util.Arrays.stream(sum).filter(l -> l.startsWith("generator "))
        .findFirst().orElseThrow().split(" +")[2].split("-")[0].replace(",", ""));
    String total = java.util.Arrays.stream(sum).filter(l -> l.startsWith("total: ")).findFirst().orElseThrow();
    assertThat(total).startsWith(String.format(java.util.Locale.ROOT, "total: %,d-", seekerLow + expertLow
        + generatorLow));
    assertThat(d).doesNotExist();
    assertThat(STARTS).isEmpty();
    reset();
    assertThat(run("suite", "--agent", AGENT, "--suite", suite.toString(), "--base-url", "http://127.0.0.1:9/v1",
        "--out", d.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("clarq suite: no model plays in this suite (the agent " + AGENT + " and"
        + " every role are model-free), so the model options [--base-url] would be ignored; drop them");
    reset();
    Path bad = tmp.resolve("bad.json");
    Files.writeString(bad, Files.readString(suite).replace("\"provider\": \"offline\"", "\"provider\": \"nope:x\""));
    assertThat(run("suite", "--agent", AGENT, "--suite", bad.toString(), "--out", d.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("clarq suite: --suite " + bad + ", entry \"clarq\": role provider"
        + " \"nope:x\": no model client serves the scheme 'nope'");
    reset();
    Files.writeString(bad, Files.readString(suite).replace("\"sample_size\": 4", "\"sample_size\": 0"));
    assertThat(run("suite", "--agent", AGENT, "--suite", bad.toString(), "--out", d.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("clarq suite: --suite: suite " + bad + ", entry 3 (\"cq\"): sample_size 0:"
        + " must be at least 1");
    assertThat(d).doesNotExist();
  }

  private int runIn(Path dataDirectory, String... args) {
    picocli.CommandLine cl = ClarqCommand.commandLine(new io.clarq.datasets.fetch.DataDirectory(dataDirectory));
    cl.setOut(new java.io.PrintWriter(out, true));
    cl.setErr(new java.io.PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void testTheBuiltInSuitesForecastIsClarqRunsOwn() {
    Path data = SharedData.require("clarq-llm").getParent();
    assertThat(runIn(data, "suite", "--agent", "openai:gpt-4o-mini", "--dry-run", "--out",
        tmp.resolve("x").toString())).as(err.toString()).isZero();
    String suite = out.toString();
    assertThat(suite).contains("== clarq-llm-en: clarq run ==", "== clarq-llm-zh: clarq run ==",
            "== mediq-craft-md: clarq mediq run ==", "== cq-fkw-dev: clarq cq generate ==")
        .containsPattern("mediq-craft-md +mediq +forecast above");
    // the TOA entry's FLM examples come from the whole HotpotQA dev set, which ../shared/data holds only in part
    int forecast = suite.contains("toa-flm-dev: clarq toa run") ? 6 : 5;
    assertThat(suite).contains("sum of the forecasts above (" + forecast + " of 6 entries), per role and model:");
    reset();
    assertThat(runIn(data, "run", "--agent", "openai:gpt-4o-mini", "--provider", "openai:gpt-4o", "--judge",
        "openai:gpt-4o", "--lang", "en", "--split", "test", "--dry-run", "--out", tmp.resolve("y").toString()))
        .as(err.toString()).isZero();
    String own = out.toString();
    assertThat(own).contains("Forecast: 260 dialogues");
    assertThat(suite.substring(suite.indexOf("== clarq-llm-en: clarq run ==\n") + 30)).startsWith(own);
    reset();
    assertThat(runIn(data, "run", "--agent", "openai:gpt-4o-mini", "--provider", "openai:gpt-4o", "--judge",
        "openai:gpt-4o", "--lang", "both", "--split", "test", "--dry-run", "--out", tmp.resolve("y").toString()))
        .as(err.toString()).isZero();
    String both = out.toString();   // the sum of the two languages' forecasts is one run of both
    // the ClarQ-LLM rows of the sum: the two languages' forecasts summed are one run of both
    // (compared with runs of spaces as one: the sum's columns are as wide as its longest role and model)
    String sum = suite.substring(suite.indexOf("per role and model:\n")).replaceAll(" +", " ");
    for (String role : List.of("seeker", "provider", "judge")) {
      assertThat(sum).contains(java.util.Arrays.stream(both.split("\n")).filter(l -> l.startsWith(role + " "))
          .findFirst().orElseThrow().replaceAll(" +", " "));
    }
  }

  /** Asks once, then answers A or ends, as the turn allows: a model that follows the built-in agent's format. */
  private static FakeReply askingModel(io.clarq.core.testing.RecordedRequest r) {
    String turn = r.lastUserMessage();
    boolean asked = turn.contains("\nasker: ") || turn.contains(":\nasker: ");
    if (asked && turn.contains("\"action\": \"answer\"")) {
      return FakeReply.text("{\"action\": \"answer\", \"text\": \"A\"}");
    }
    if (asked && turn.contains("\"action\": \"end\"")) {
      return FakeReply.text("{\"action\": \"end\", \"text\": \"Thank you, that is everything.\"}");
    }
    return FakeReply.text("{\"action\": \"ask\", \"text\": \"What is needed first?\"}");
  }

  @Test
  void testTheBuiltInLlmAgentOnALoopbackServerRehearsesAndResumesWithoutACall() throws Exception {
    Path suite = tmp.resolve("loop.json");
    Files.writeString(suite, "{\"suite\": \"loop\", \"entries\": ["
        + "{\"id\": \"clarq\", \"benchmark\": \"clarq-llm\", \"split\": \"test\", \"language\": \"en\", \"types\":"
        + " \"3.1,4.2\", \"roles\": {\"provider\": \"openai:gpt-4o\"}, \"data\": \""
        + SharedData.require("clarq-llm/tasks") + "\"},"
        + "{\"id\": \"mediq\", \"benchmark\": \"mediq\", \"split\": \"craft_md\", \"sample_size\": 2, \"roles\":"
        + " {\"patient\": \"offline\"}, \"data\": \"" + SharedData.require("mediq/data") + "\"},"
        + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 3, \"data\": \""
        + SharedData.require("clariq-fkw") + "\"}]}");
    Path d = tmp.resolve("loop");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(SuiteCommandTest::askingModel)) {
      String[] args = {"suite", "--agent", "openai:gpt-4o-mini", "--base-url", server.baseUrl().toString(),
          "--suite", suite.toString(), "--rehearsal", "--out", d.toString()};
      assertThat(run(args)).as(err.toString()).isZero();
      // 2 dialogues x 2 seeker turns, 2 cases x 2 expert turns, 3 questions: only the agent spoke to a model
      assertThat(server.callCount()).isEqualTo(4 + 4 + 3);
      assertThat(server.requests()).allSatisfy(r -> assertThat(r.messages().get(0).content())
          .startsWith("You are an agent who asks good questions"));
      assertThat(JSON.readTree(d.resolve("clarq/results.json").toFile()).at("/models/seeker/name").asText())
          .isEqualTo("openai:gpt-4o-mini");
      reset();
      assertThat(run(args)).as(err.toString()).isZero();
      assertThat(server.callCount()).isEqualTo(11);   // resumed: every item was finished, nothing asked again
    }
  }

  @Test
  void testAMediqEntryWithAModelPatientGivesThePatientItsModel() throws Exception {
    Path suite = tmp.resolve("patient.json");
    Files.writeString(suite, "{\"suite\": \"patient\", \"entries\": [{\"id\": \"mediq\", \"benchmark\": \"mediq\","
        + " \"split\": \"craft_md\", \"sample_size\": 2, \"roles\": {\"patient\": \"fact-select:openai:llama\"},"
        + " \"data\": \"" + SharedData.require("mediq/data") + "\"}]}");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("The patient has a rash."))) {
      // the data directory holds the MediQ reference code, which the FactSelect patient's prompts come from
      assertThat(runIn(SharedData.require("mediq/upstream").getParent().getParent(), "suite", "--agent", AGENT,
          "--base-url", server.baseUrl().toString(), "--suite", suite.toString(), "--out",
          tmp.resolve("p").toString())).as(err.toString()).isZero();
      assertThat(server.callCount()).isPositive();
      assertThat(server.requests()).allSatisfy(r -> assertThat(r.json().get("model").asText()).isEqualTo("llama"));
    }
    assertThat(STARTS).hasSize(2);
  }

  @Test
  void testAnEntryWithoutItsDataFailsAndTheOthersStillRun() throws Exception {
    Path suite = tmp.resolve("nodata.json");
    Files.writeString(suite, "{\"suite\": \"nodata\", \"entries\": ["
        + "{\"id\": \"toa\", \"benchmark\": \"toa\", \"split\": \"dev\", \"seed\": 42, \"roles\": {\"oracle\":"
        + " \"offline\", \"primary\": \"openai:gpt-4o-mini\"}},"
        + "{\"id\": \"cq\", \"benchmark\": \"cq\", \"split\": \"dev\", \"sample_size\": 2, \"data\": \""
        + SharedData.require("clariq-fkw") + "\"}]}");
    Path empty = Files.createDirectories(tmp.resolve("empty-data"));
    assertThat(runIn(empty, "suite", "--agent", AGENT, "--suite", suite.toString(), "--out",
        tmp.resolve("o").toString())).isEqualTo(1);
    assertThat(err.toString()).contains("clarq suite: entry 1/2 toa failed: its FLM examples could not be made: the"
        + " \"data\" of entry toa not given, and " + empty.resolve("hotpotqa-dev"))
        .contains("clarq data fetch hotpotqa-dev").contains("entry 2/2 cq finished in ")
        .contains("1 of 2 entries failed (said above); rerun the same command to resume them");
    assertThat(STARTS).hasSize(2);
  }
}
