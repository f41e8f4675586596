package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.datasets.fetch.DataDirectory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every error about a data set missing from the data directory says how to fetch it and how a folder fetched with
 * {@code clarq data fetch --dir DIR} is found by the other commands ({@code CLARQ_DATA=DIR}).
 */
class MissingDataAdviceTest {
  @TempDir Path empty;

  private String errorOf(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(empty));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    assertThat(cl.execute(args)).isNotZero();
    return err.toString();
  }

  @Test
  void testEvaluateRunAndMediqNameTheFetchTheDirectoryAndClarqData() {
    String advice = "data fetched with `clarq data fetch --dir DIR` is found by every other command with"
        + " CLARQ_DATA=DIR";
    assertThat(errorOf("evaluate", "--transcripts", "provider.Chat.En"))
        .contains("run `clarq data fetch clarq-llm` (data directory " + empty, advice);
    assertThat(errorOf("run", "--seeker", "rule", "--provider", "offline", "--out", empty.resolve("o").toString()))
        .contains("--tasks not given, and " + empty.resolve("clarq-llm").resolve("tasks"), advice);
    assertThat(errorOf("mediq", "run", "--out", empty.resolve("m").toString()))
        .contains("run `clarq data fetch mediq` (data directory " + empty, advice, "or give --data DIR");
  }
}
