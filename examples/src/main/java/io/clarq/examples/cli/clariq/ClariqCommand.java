package io.clarq.examples.cli.clariq;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code clarq clariq}: ClariQ evaluation, question ranking, multi-turn selection, clarification need and synthetic
 * multi-turn conversations.
 */
@Command(
    name = "clariq",
    mixinStandardHelpOptions = true,
    description = "ClariQ: evaluate runs exactly as the official tool, rank clarifying questions, select questions "
        + "in multi-turn conversations, predict clarification need, synthesize multi-turn conversations.",
    subcommands = {
      ClariqEvalCommand.class,
      ClariqRankCommand.class,
      ClariqMultiTurnCommand.class,
      ClariqNeedCommand.class,
      ClariqSynthesizeCommand.class,
    })
public final class ClariqCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
