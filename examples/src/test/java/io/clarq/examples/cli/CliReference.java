package io.clarq.examples.cli;

import io.clarq.datasets.fetch.DataDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * docs/cli.md's command reference, written from the command tree in memory: for {@code clarq} and every subcommand
 * depth-first ({@code help} left out), a heading with the command's full name and its {@code --help} text (the usage
 * message of the command line {@link ClarqCommand#commandLine} builds, laid out as it lays it out, no colours) in a
 * code block. It fills the section of docs/cli.md marked
 * {@code <!-- generated: cli -->}; {@code CliDocsTest} checks it and {@value #COMMAND} rewrites it.
 */
final class CliReference {
  /** The command that rewrites docs/cli.md's generated section from the commands' help. */
  static final String COMMAND = "mvn -B -q -o test -pl examples -am -Dtest=CliDocsTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dclarq.docs.write=true";

  private CliReference() {}

  /** The section for {@code spec}, or null when it is not {@code cli}. */
  static String generate(String spec) {
    if (!spec.equals("cli")) {
      return null;
    }
    // the data directory only supplies defaults at run time; help text does not depend on it
    CommandLine root = ClarqCommand.commandLine(new DataDirectory(Path.of("clarq-data")));
    List<String> sections = new ArrayList<>();
    add(root, sections);
    return String.join("\n", sections);
  }

  private static void add(CommandLine cl, List<String> sections) {
    String usage = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
    sections.add("## `" + cl.getCommandSpec().qualifiedName() + "`\n\n```\n" + usage + (usage.endsWith("\n") ? "" : "\n")
        + "```\n");
    for (var sub : cl.getSubcommands().entrySet()) {
      if (sub.getKey().equals("help") || !sub.getKey().equals(sub.getValue().getCommandName())) {
        continue; // the help command, and aliases (listed under their command's name)
      }
      add(sub.getValue(), sections);
    }
  }
}
