package io.clarq.examples.cli;

import io.clarq.core.testing.SharedData;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code clarq} in-process for the command tests, capturing what it prints on stdout and stderr. */
abstract class CommandTestBase {
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  int run(String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  /** A path under the ClarQ-LLM reference data, as text (skips the test when the data is missing). */
  static String data(String relative) {
    return SharedData.require("clarq-llm/" + relative).toString();
  }

  /** A published GPT-4o run's results file ("Chat.En", "Comp.Ch", ...). */
  static String published(String run) {
    return data("transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider." + run + ".json");
  }
}
