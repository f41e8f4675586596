package io.clarq.examples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code clarq help [COMMAND...]}: the help of a command, as {@code clarq COMMAND --help} prints it. An unknown
 * command is a one-line error naming the known ones (picocli's own help command would print the whole usage).
 */
@Command(name = "help", mixinStandardHelpOptions = true,
    description = "Prints the help of a command, as clarq COMMAND --help does: clarq help toa run.")
public final class HelpCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "The command, one word per level: toa run.")
  List<String> command = new ArrayList<>();

  @Override
  public Integer call() {
    CommandLine at = spec.parent().commandLine();
    for (String word : command) {
      CommandLine sub = at.getSubcommands().get(word);
      if (sub == null) {
        throw new CommandLine.ParameterException(spec.commandLine(), "unknown command '" + word + "' in "
            + ClarqCommand.path(at) + "; its commands: " + String.join(", ", at.getSubcommands().keySet()));
      }
      at = sub;
    }
    at.usage(spec.commandLine().getOut());
    return 0;
  }
}
