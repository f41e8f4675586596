package io.clarq.examples.cli.study;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code clarq study}: human studies (people as ClarQ-LLM seekers, or rating clarifying questions). */
@Command(
    name = "study",
    mixinStandardHelpOptions = true,
    description = "Human studies: people as ClarQ-LLM seekers or rating clarifying questions, in the browser"
        + " (docs/studies.md).",
    subcommands = {
      StudyCreateCommand.class,
      StudyServeCommand.class,
      StudyExportCommand.class,
    })
public final class StudyCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
