package io.clarq.examples.cli.cq;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code clarq cq}: generate clarifying questions for ClariQ-FKw facets and judge them. */
@Command(
    name = "cq",
    mixinStandardHelpOptions = true,
    description = "Clarifying-question generation from facets (ClariQ-FKw): generate, then judge.",
    subcommands = {
      CqGenerateCommand.class,
      CqJudgeCommand.class,
      CqRunCommand.class,
      CqMergeCommand.class,
    })
public final class CqCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Closes model clients, keeping the first failure. */
  static void closeAll(List<AutoCloseable> opened) throws Exception {
    Exception first = null;
    for (AutoCloseable c : opened) {
      try {
        c.close();
      } catch (Exception e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
