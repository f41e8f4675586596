package io.clarq.examples.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code clarq cq}: generate clarifying questions for ClariQ-FKw facets and judge them. */
@Command(
    name = "cq",
    mixinStandardHelpOptions = true,
    description = "Clarifying-question generation from facets (ClariQ-FKw): generate, then judge.",
    subcommands = {
      CqGenerateCommand.class,
    })
public final class CqCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
