package io.clarq.examples.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs {@code clarq} in-process for the {@code cq} command tests, capturing what it prints. */
abstract class CqCommandHarness {
  @TempDir Path dir;

  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  int run(String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }
}
