package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bad inputs of issue 23's sweep, command by command: each is an error that names the file, line or item and
 * what to do (exit 1; 2 for a bad option), or a warning that names the damage and shows in the counts.
 */
class SweepCommandTest extends CommandTestBase {
  @TempDir Path dir;

  private String error() {
    return err.toString();
  }

  // --- old option names: the same checks as the new names, both at once refused, nothing silently ignored

  @Test
  void testOldConcurrencyNameMeetsTheSameChecks() {
    String fkw = SharedData.require("clariq-fkw").toString();
    assertThat(run("cq", "generate", "--data", fkw, "--threads", "0", "--out", dir.resolve("g").toString()))
        .isEqualTo(2);
    assertThat(error()).contains("--concurrency 0: must be at least 1");
    assertThat(run("cq", "judge", "--in", "x.jsonl", "--judge", "openai:m", "--threads", "0", "--out",
        dir.resolve("j").toString())).isEqualTo(2);
    assertThat(run("cq", "run", "--clariq", "x", "--threads", "0", "--out", "y")).isEqualTo(2);
    assertThat(run("toa", "run", "--flm", "x.jsonl", "--asker", "repeater", "--primary", "openai:m", "--threads",
        "0")).isEqualTo(2);
    assertThat(run("run", "--tasks", data("tasks"), "--seeker", "openai:m", "--provider", "offline", "--out",
        dir.resolve("r").toString(), "--threads", "0")).isEqualTo(2);
    assertThat(error().split("--concurrency 0: must be at least 1", -1)).hasSize(6);
    // both names at once: refused, naming the one to keep
    err.getBuffer().setLength(0);
    assertThat(run("cq", "generate", "--data", fkw, "--threads", "2", "--concurrency", "3", "--out",
        dir.resolve("g").toString())).isEqualTo(2);
    assertThat(error()).contains("--threads 2 and --concurrency 3: --threads is the old name of --concurrency; give"
        + " --concurrency only");
    assertThat(run("demo", "--output", dir.resolve("a").toString(), "--out", dir.resolve("b").toString()))
        .isEqualTo(2);
    assertThat(error()).contains("--output is the old name of --out; give --out only");
    // the old name alone works
    assertThat(run("cq", "generate", "--data", fkw, "--limit", "2", "--threads", "2", "--out",
        dir.resolve("g2").toString())).as(error()).isZero();
    assertThat(Files.exists(dir.resolve("g2").resolve("generations.jsonl"))).isTrue();
  }

  // --- file errors that name the path and what is wrong

  @Test
  void testMissingDirectoryAndEmptyFilesAreNamed() throws Exception {
    Path flmDir = Files.createDirectories(dir.resolve("flm.jsonl"));
    assertThat(run("flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "1", "--out", flmDir.toString())).isEqualTo(1);
    assertThat(error()).contains("cannot write " + flmDir + ": it is a directory");
    String[] toa = {"toa", "run", "--asker", "repeater", "--primary", "openai:m", "--flm"};
    assertThat(run(concat(toa, dir.resolve("nope.jsonl").toString()))).isEqualTo(1);
    assertThat(error()).contains(dir.resolve("nope.jsonl") + ": no such file");
    assertThat(run(concat(toa, flmDir.toString()))).isEqualTo(1);
    assertThat(error()).contains(flmDir + ": is a directory, expected a file");
    Path empty = Files.writeString(dir.resolve("empty.jsonl"), "");
    assertThat(run(concat(toa, empty.toString()))).isEqualTo(1);
    assertThat(error()).contains("--flm " + empty + ": no examples in the file (empty); make them with clarq flm"
        + " make");
    assertThat(run("evaluate", "--transcripts", published("Chat.En"), "--tasks", data("tasks"), "--verdicts",
        dir.toString())).isEqualTo(2);
    assertThat(error()).contains("--verdicts " + dir + ": is a directory, expected a file");
    Path fkw = Files.createDirectories(dir.resolve("fkw"));
    Files.writeString(fkw.resolve("ClariQ-FKw.tsv.dev"), "\ttopic_id\tinitial_request\tfacet_desc\tquestion\n");
    assertThat(run("cq", "generate", "--data", fkw.toString(), "--out", dir.resolve("g.jsonl").toString()))
        .isEqualTo(1);
    assertThat(error()).contains(fkw.resolve("ClariQ-FKw.tsv.dev") + ": no rows after the header");
    assertThat(Files.exists(dir.resolve("g.jsonl"))).isFalse();
  }

  @Test
  void testFetchIntoAFileInTheWayNamesIt() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("clariq-fkw"), "not a folder");
    assertThat(run("data", "fetch", "--dir", data.toString(), "--mirror", "http://127.0.0.1:9/", "clariq-fkw"))
        .isEqualTo(1);
    assertThat(error()).contains("cannot fetch clariq-fkw into " + data.resolve("clariq-fkw") + ": ")
        .contains(data.resolve("clariq-fkw") + " is a file where a folder is needed; move it away or give another"
            + " --dir");
  }

  @Test
  void testVerdictFileWithALatin1ByteIsRefusedNamingTheLine() throws Exception {
    List<String> lines = Files.readAllLines(SharedData.require("clarq-llm/judge-verdicts.jsonl"));
    Path verdicts = dir.resolve("verdicts.jsonl");
    try (OutputStream o = Files.newOutputStream(verdicts)) {
      for (int i = 0; i < lines.size(); i++) {
        String l = lines.get(i);
        if (i == 6 && l.contains("\"gold\": \"")) {
          o.write(l.replaceFirst("\"gold\": \"", "\"gold\": \"caf\u00e9 ").getBytes(StandardCharsets.ISO_8859_1));
        } else {
          o.write(l.getBytes(StandardCharsets.UTF_8));
        }
        o.write('\n');
      }
    }
    assertThat(run("evaluate", "--transcripts", published("Chat.En"), "--tasks", data("tasks"), "--verdicts",
        verdicts.toString())).isEqualTo(1);
    assertThat(error()).contains(verdicts + ", line 7: not UTF-8 (byte 0xE9 at byte ").contains("save the file as"
        + " UTF-8");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void testClariqRunWithoutItsRunIdColumnIsScoredAsTheOfficialToolScoresIt() throws Exception {
    // the official tool reads columns 0, 2 and 4 (pandas): the same figures as with the run tag, and a warning
    Path data = SharedData.require("clariq");
    Path runFile = dir.resolve("dev_run");
    List<String> lines = Files.readAllLines(data.resolve("sample_runs/dev_bm25"));
    Files.writeString(runFile, lines.stream().map(l -> l.substring(0, l.lastIndexOf(' ')) + "\n")
        .collect(java.util.stream.Collectors.joining()));
    assertThat(run("clariq", "eval", "--task", "question_relevance", "--split", "dev", "--data", data.toString(),
        "--run", data.resolve("sample_runs/dev_bm25").toString())).isZero();
    String tagged = out.toString();
    out.getBuffer().setLength(0);
    assertThat(run("clariq", "eval", "--task", "question_relevance", "--split", "dev", "--data", data.toString(),
        "--run", runFile.toString())).as(error()).isZero();
    assertThat(out.toString()).isEqualTo(tagged);
    assertThat(error()).contains("warning: " + lines.size() + " run line(s) have 5 fields, no run tag (first: line"
        + " 1): scored from the topic, item and score columns, as the official tool does");
  }

  // --- figures over nothing are errors; damage is named in the counts

  @Test
  void testAuditOfTypesWithoutRecordedTurnsIsAnError() {
    assertThat(run("provider-audit", "--tasks", data("tasks"), "--transcripts", published("Comp.En"), "--types",
        "30")).isEqualTo(1);
    assertThat(error()).contains("--types 30: the runs given hold no recorded provider turn of these types")
        .doesNotContain("NaN");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void testPublishedRunWithAnEmptyDialogueSaysSoInItsCount() throws Exception {
    ObjectMapper json = new ObjectMapper();
    ArrayNode types = (ArrayNode) json.readTree(Path.of(published("Chat.En")).toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) types.get(2).get(4)).set("l2l", json.readTree("[[], []]"));
    Path edited = dir.resolve("edited.Chat.En.json");
    json.writeValue(edited.toFile(), types);
    assertThat(run("evaluate", "--transcripts", edited.toString(), "--tasks", data("tasks"), "--verdicts",
        data("judge-verdicts.jsonl"))).as(error()).isZero();
    assertThat(out.toString()).startsWith("edited.Chat.En (published results, en): 259 dialogues (1 test task has no"
        + " dialogue in edited.Chat.En.json and is not scored: 3.4)\n");
  }

  @Test
  void testCqRunReadsEveryInputBeforeWritingAndRefusesAnEmptyArchive() throws Exception {
    String clariq = SharedData.require("clariq").toString();
    Path run = dir.resolve("dev.run");
    assertThat(run("cq", "run", "--clariq", clariq, "--out", run.toString(), "--documents",
        SharedData.require("cacm/cacm.tar.gz").toString(), "--qrels", dir.resolve("missing.qrel").toString()))
        .isEqualTo(1);
    assertThat(error()).contains("missing.qrel");
    assertThat(Files.exists(run)).as("no run file when an input is unreadable").isFalse();
    Path emptyTar = dir.resolve("empty.tar.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(emptyTar))) {
      o.write(new byte[1024]); // an empty tar archive: two zero blocks
    }
    assertThat(run("cq", "run", "--clariq", clariq, "--out", run.toString(), "--documents", emptyTar.toString()))
        .isEqualTo(1);
    assertThat(error()).contains("--documents " + emptyTar + ": the archive holds no .html document");
    assertThat(Files.exists(run)).isFalse();
    // qrels of another collection's topics: no facet judged, so no figures over nothing
    Path cacmQrels = SharedData.require("cacm/qrels.cacm.txt");
    assertThat(run("cq", "run", "--clariq", clariq, "--out", run.toString(), "--documents",
        SharedData.require("cacm/cacm.tar.gz").toString(), "--qrels", cacmQrels.toString())).isEqualTo(1);
    assertThat(error()).contains(": no facet of the dev split has a judgment");
    assertThat(Files.exists(run)).isFalse();
  }

  @Test
  void testCqJudgeRefusesARepeatedQuestion() throws Exception {
    assertThat(run("cq", "generate", "--data", SharedData.require("clariq-fkw").toString(), "--limit", "2", "--out",
        dir.resolve("gen").toString())).as(error()).isZero();
    Path gen = dir.resolve("gen").resolve("generations.jsonl");
    List<String> lines = Files.readAllLines(gen);
    Files.write(gen, List.of(lines.get(0), lines.get(1), lines.get(0)));
    assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
        "http://127.0.0.1:9/v1", "--out", dir.resolve("judged").toString())).isEqualTo(1);
    assertThat(error()).contains("generation file " + gen + ", line 3: id ").contains("again (first on line 1)");
  }

  @Test
  void testMergeOfAShardWithFailedDialoguesIsRefusedNamingTheShard() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    AtomicBoolean failing = new AtomicBoolean(true);
    SimulatedClarqModel model = new SimulatedClarqModel(Duration.ZERO);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> failing.get()
        ? FakeReply.error(400, "invalid_request_error", "refused for the test") : model.reply(r))) {
      String[] args = {"run", "--seeker", server.baseUrl().toString(), "--provider", "offline", "--multi-info",
          "--tasks", tasks.toString(), "--select", "3.1,4.2", "--llm-attempts", "1"};
      assertThat(run(concat(args, "--shard", "1/2", "--out", dir.resolve("s1").toString()))).isEqualTo(1);
      failing.set(false);
      assertThat(run(concat(args, "--shard", "2/2", "--out", dir.resolve("s2").toString()))).as(error()).isZero();
      err.getBuffer().setLength(0);
      assertThat(run("merge", dir.resolve("s1").toString(), dir.resolve("s2").toString(), "--tasks",
          tasks.toString(), "--judge", "offline", "--out", dir.resolve("merged").toString())).isEqualTo(1);
      assertThat(error()).contains("1 dialogue(s) failed in the shards; nothing is merged")
          .contains("shard 1/2 (" + dir.resolve("s1") + "): 1 failed (en ")
          .contains("rerun clarq run with the options recorded in " + dir.resolve("s1").resolve("run-config.json")
              + " and --shard 1/2 --out " + dir.resolve("s1"))
          .doesNotContain("shard 2/2").doesNotContain("rerun the same command");
      assertThat(out.toString()).doesNotContain("rerun the same command");
      // refused before anything is written: the merge directory holds no run
      assertThat(dir.resolve("merged").resolve("run-config.json")).doesNotExist();
      assertThat(dir.resolve("merged").resolve("transcripts.jsonl")).doesNotExist();
      // the same merge again, nothing given but the shards' parent: still refused, naming the shard
      err.getBuffer().setLength(0);
      assertThat(run("merge", dir.toString(), "--out", dir.resolve("merged").toString())).isEqualTo(1);
      assertThat(error()).contains("shard 1/2 (" + dir.resolve("s1") + "): 1 failed (en ");
      // the shard resumed (its failed dialogue played again), the merge goes through
      err.getBuffer().setLength(0);
      assertThat(run(concat(args, "--shard", "1/2", "--out", dir.resolve("s1").toString()))).as(error()).isZero();
      assertThat(run("merge", dir.toString(), "--out", dir.resolve("merged").toString())).as(error()).isZero();
      assertThat(dir.resolve("merged").resolve("results.json")).exists();
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
