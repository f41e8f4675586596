package io.clarq.examples.cli;

import io.clarq.datasets.fetch.DataDirectory;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code clarq} command: {@code java -jar examples/target/clarq.jar <subcommand> --help}. */
@Command(
    name = "clarq",
    mixinStandardHelpOptions = true,
    versionProvider = BuildVersion.class,
    description = "Benchmarks for agents that ask clarifying questions: ClarQ-LLM, ClariQ, fact-level masking.",
    subcommands = {
      DemoCommand.class,
      PlayCommand.class,
      RunCommand.class,
      MergeCommand.class,
      EvaluateCommand.class,
      ConformanceCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      JudgeAgreementCommand.class,
      ProviderAuditCommand.class,
      ClariqCommand.class,
      RetrievalCommand.class,
      FlmCommand.class,
      ToaCommand.class,
      CqCommand.class,
      DataCommand.class,
      CommandLine.HelpCommand.class,
    })
public final class ClarqCommand implements Runnable {
  /** The levels {@code --log-level} takes, as slf4j-simple names them. */
  static final java.util.List<String> LOG_LEVELS = java.util.List.of("error", "warn", "info", "debug", "trace", "off");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final DataDirectory dataDirectory;

  ClarqCommand(DataDirectory dataDirectory) {
    this.dataDirectory = dataDirectory;
  }

  /** Where fetched data sets are found when a command's path options are not given. */
  DataDirectory dataDirectory() {
    return dataDirectory;
  }

  @Option(names = "--log-level", paramLabel = "LEVEL", scope = CommandLine.ScopeType.INHERIT,
      description = "Log messages at this level and above on stderr: error, warn, info, debug, trace or off."
          + " Default: info.")
  void logLevel(String level) {
    String l = level.toLowerCase(Locale.ROOT);
    if (!LOG_LEVELS.contains(l)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--log-level " + level + ": expected one of "
          + String.join(", ", LOG_LEVELS));
    }
    // slf4j-simple reads this when its first logger is made, which is after the command line is parsed
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", l);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The command line with clarq's error handling: a failure prints its message (no stack trace) and exits 1. */
  public static CommandLine commandLine() {
    return commandLine(DataDirectory.ofEnvironment());
  }

  /** The command line reading fetched data from {@code data} (tests give a temporary one). */
  public static CommandLine commandLine(DataDirectory data) {
    CommandLine cl = new CommandLine(new ClarqCommand(data));
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      err.println("clarq " + commandLine.getCommandName() + ": " + describe(ex));
      err.flush();
      return CommandLine.ExitCode.SOFTWARE;
    });
    return cl;
  }

  static String describe(Throwable ex) {
    StringBuilder sb = new StringBuilder(String.valueOf(ex.getMessage() == null ? ex : ex.getMessage()));
    for (Throwable c = ex.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c.getMessage() != null && !sb.toString().contains(c.getMessage())) {
        sb.append(": ").append(c.getMessage());
      }
    }
    return sb.toString();
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }
}
