package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code clarq demo} end to end on the shipped demo tasks: offline, both languages, files where it says. */
class DemoCommandTest {
  @TempDir Path tmp;

  @Test
  void testDemoRunsBothLanguagesOfflineAndSaysWhereTranscriptsWent() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    Path output = tmp.resolve("demo");
    int code = cl.execute("demo", "--out", output.toString());
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .startsWith("judge: offline")
        // language, dialogues, success, its 95% interval, AQD, AQL, turns (none unjudged: the judge decides)
        .containsPattern("English\\s+10\\s+\\d\\.\\d{4}\\s+\\[\\d\\.\\d{4}, \\d\\.\\d{4}\\]\\s+-?\\d+\\.\\d{4}\\s+\\d+\\.\\d{4}"
            + "\\s+\\d+\\.\\d{2}\\n")
        .doesNotContain("judged only")
        .containsPattern("Chinese\\s+10\\s+\\d\\.\\d{4}")
        .contains("transcripts: " + output.resolve("transcripts.jsonl"))
        .contains("report:      " + output.resolve("report.html"))
        // the demo tasks are not the ClarQ-LLM tasks the offline provider was tuned on
        .doesNotContain("tuned on");
    assertThat(output.resolve("report.html")).isNotEmptyFile();
    assertThat(Files.readAllLines(output.resolve("transcripts.jsonl")))
        .hasSize(20)
        .allSatisfy(l -> assertThat(l).contains("\"seeker\":\"rule-based\"").contains("\"provider\":\"offline\""));
  }

  @Test
  void testWithoutAJudgeTheUnjudgedAndTheRangeAreShownBesideSuccess() throws Exception {
    StringWriter out = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    Path output = tmp.resolve("demo-none");
    assertThat(cl.execute("demo", "--judge", "none", "--output", output.toString())).isZero();
    // the demo tasks leave 2 English dialogues to a judge: the range 8/10 .. 10/10 leads, success over the 8 judged
    // follows, labelled
    assertThat(out.toString()).startsWith("judge: none")
        .containsPattern("English\\s+10\\s+\\[0\\.8000, 1\\.0000\\]\\s+2\\s+1\\.0000\\s+")
        .contains("judged only is the rate over the judged dialogues");
    assertThat(Files.readString(output.resolve("summary.md"))).contains("Judge: none")
        .contains("| English | 10 | **[0.8000, 1.0000]** | 2 | 1.0000 (judged only) |")
        .contains("| 2 | [0.8000, 1.0000] |");
    assertThat(Files.readString(output.resolve("results.json"))).contains("\"judge\" : \"none\"")
        .contains("\"success_range\" : [ 0.8, 1.0 ]");
  }

  @Test
  void testOnClarqLlmTasksTheTunedTypesAreShownApart() throws Exception {
    Path english = io.clarq.core.testing.SharedData.require("clarq-llm/tasks/English");
    StringWriter out = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    assertThat(cl.execute("demo", "--tasks", english.toString(), "--out", tmp.resolve("o").toString())).isZero();
    assertThat(out.toString()).contains("the offline provider was tuned on task types 1-13")
        // the 260 test tasks: types 1-13 (tuned on) and 14-26, 130 each
        .containsPattern("English\\s+types 1-13 \\(tuned on\\)\\s+130\\s")
        .containsPattern("English\\s+types 14\\+ \\(not tuned on\\)\\s+130\\s");
  }

  @Test
  void testSelectedTasksInShardsMergeIntoWhatOneDemoWrites() throws Exception {
    Path tasks = io.clarq.core.testing.SharedData.require("clarq-llm/tasks");
    StringWriter err = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    String[] common = {"demo", "--tasks", tasks.toString(), "--select", "1-2,5.3"};
    assertThat(cl.execute(concat(common, "--out", tmp.resolve("whole").toString()))).as(err.toString()).isZero();
    // English and Chinese, types 1 and 2 (10 each) and task 5.3
    assertThat(Files.readAllLines(tmp.resolve("whole/transcripts.jsonl"))).hasSize(42);
    for (String shard : new String[] {"1/2", "2/2"}) {
      assertThat(cl.execute(concat(common, "--shard", shard, "--out", tmp.resolve("parts/demo-{shard}").toString())))
          .as(err.toString()).isZero();
    }
    assertThat(Files.readAllLines(tmp.resolve("parts/demo-1/transcripts.jsonl"))).hasSize(21);
    // the shards alone: tasks and the offline judge come from their run-config.json
    assertThat(cl.execute("merge", tmp.resolve("parts").toString(), "--out", tmp.resolve("merged").toString()))
        .as(err.toString()).isZero();
    assertThat(Files.readAllBytes(tmp.resolve("merged/transcripts.jsonl")))
        .isEqualTo(Files.readAllBytes(tmp.resolve("whole/transcripts.jsonl")));
    assertThat(summaryTables(tmp.resolve("merged"))).isEqualTo(summaryTables(tmp.resolve("whole")));
  }

  /** The summary's tables, which hold every figure (not the line with the run's own wall time). */
  private static java.util.List<String> summaryTables(Path run) throws java.io.IOException {
    return Files.readAllLines(run.resolve("summary.md")).stream().filter(l -> l.startsWith("|"))
        .filter(l -> !l.contains("/2 |") && !l.startsWith("| shard |") && !l.equals("|---|---|---:|")).toList();
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void testMissingTasksDirectoryIsABadArgument() {
    CommandLine cl = ClarqCommand.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute("demo", "--tasks", tmp.resolve("nope").toString(), "--out", tmp.toString());
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("--tasks " + tmp.resolve("nope") + ": no such directory");
  }
}
