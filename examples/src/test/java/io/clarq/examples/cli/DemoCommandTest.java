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
        .containsPattern("English\\s+10\\s+\\d\\.\\d{4}\\s+-?\\d+\\.\\d{4}\\s+\\d+\\.\\d{4}")
        .containsPattern("Chinese\\s+10\\s+\\d\\.\\d{4}")
        .contains("transcripts: " + output.resolve("transcripts.jsonl"));
    assertThat(Files.readAllLines(output.resolve("transcripts.jsonl")))
        .hasSize(20)
        .allSatisfy(l -> assertThat(l).contains("\"seeker\":\"rule-based\"").contains("\"provider\":\"offline\""));
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
