package io.clarq.examples.cli.mediq;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code clarq mediq}: the MediQ benchmark (an expert asks a simulated patient or answers). */
@Command(
    name = "mediq",
    mixinStandardHelpOptions = true,
    description = "MediQ: an expert asks a simulated patient questions or answers a clinical multiple-choice question.",
    subcommands = {
      MediqRunCommand.class,
      MediqMergeCommand.class,
      MediqEvaluateCommand.class,
      MediqConformanceCommand.class,
    })
public final class MediqCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
