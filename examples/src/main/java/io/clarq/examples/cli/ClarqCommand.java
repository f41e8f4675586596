package io.clarq.examples.cli;

import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.examples.cli.clariq.ClariqCommand;
import io.clarq.examples.cli.clariq.RetrievalCommand;
import io.clarq.examples.cli.clarqllm.ConformanceCommand;
import io.clarq.examples.cli.clarqllm.DemoCommand;
import io.clarq.examples.cli.clarqllm.EvaluateCommand;
import io.clarq.examples.cli.clarqllm.JudgeAgreementCommand;
import io.clarq.examples.cli.clarqllm.MergeCommand;
import io.clarq.examples.cli.clarqllm.PlayCommand;
import io.clarq.examples.cli.clarqllm.ProviderAuditCommand;
import io.clarq.examples.cli.clarqllm.RejudgeCommand;
import io.clarq.examples.cli.clarqllm.ReportCommand;
import io.clarq.examples.cli.clarqllm.RunCommand;
import io.clarq.examples.cli.cq.CqCommand;
import io.clarq.examples.cli.toa.FlmCommand;
import io.clarq.examples.cli.toa.ToaCommand;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code clarq} command: {@code java -jar examples/target/clarq.jar <subcommand> --help}. */
@Command(
    name = "clarq",
    mixinStandardHelpOptions = true,
    versionProvider = BuildVersion.class,
    description = "Benchmarks for agents that ask clarifying questions: ClarQ-LLM, ClariQ, fact-level masking.")
public final class ClarqCommand implements Runnable {
  /**
   * The subcommands, in the order the help lists them. They are added when the command line is built rather than
   * named in the annotation, so that {@link #main} can build only the ones a command line needs: picocli reads every
   * option of every command it is given, which took about 0.3 s of each start.
   */
  static final List<Class<?>> COMMANDS = List.of(
      DemoCommand.class,
      PlayCommand.class,
      RunCommand.class,
      MergeCommand.class,
      EvaluateCommand.class,
      RejudgeCommand.class,
      ConformanceCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      LeaderboardCommand.class,
      ScorecardCommand.class,
      JudgeAgreementCommand.class,
      ProviderAuditCommand.class,
      ClariqCommand.class,
      RetrievalCommand.class,
      FlmCommand.class,
      ToaCommand.class,
      CqCommand.class,
      io.clarq.examples.cli.mediq.MediqCommand.class,
      io.clarq.examples.cli.serve.ServeCommand.class,
      io.clarq.examples.cli.study.StudyCommand.class,
      io.clarq.examples.cli.suite.SuiteCommand.class,
      DataCommand.class,
      HelpCommand.class);

  /** The levels {@code --log-level} takes. */
  static final List<String> LOG_LEVELS = List.of("error", "warn", "info", "debug", "trace", "off");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final DataDirectory dataDirectory;

  ClarqCommand(DataDirectory dataDirectory) {
    this.dataDirectory = dataDirectory;
  }

  /** Where fetched data sets are found when a command's path options are not given. */
  public DataDirectory dataDirectory() {
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
    CliLogging.level(l);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The command line with clarq's error handling: a failure prints its message (no stack trace) and exits 1. */
  public static CommandLine commandLine() {
    return commandLine(DataDirectory.ofEnvironment());
  }

  /**
   * The command line reading fetched data from {@code data} (tests give a temporary one). Every message on stderr
   * starts with the full command ({@code clarq clariq eval: ...}); a bad argument prints its one-line message and
   * where the help is, never the usage text (exit 2); a failure prints its message without a stack trace (exit 1);
   * help is laid out by {@link HelpLayout}; library log lines come out through {@link CliLogging}.
   */
  public static CommandLine commandLine(DataDirectory data) {
    return commandLine(data, COMMANDS);
  }

  /**
   * The subcommands the command line {@code args} needs: the one they name (after any {@code --log-level LEVEL}), none
   * for {@code --version}, else all of them ({@code --help}, {@code help}, a misspelt name and no name at all list
   * them). What a subcommand parses, prints and does is the same in any of these trees.
   */
  static List<Class<?>> needed(String... args) {
    int i = 0;
    while (i < args.length && args[i].startsWith("-")) {
      if (args[i].equals("--log-level")) {
        i += 2;
      } else if (args[i].startsWith("--log-level=")) {
        i++;
      } else if (args[i].equals("--version") || args[i].equals("-V")) {
        return List.of();
      } else {
        return COMMANDS;   // another root option: --help, a typo
      }
    }
    if (i >= args.length) {
      return COMMANDS;
    }
    String name = args[i];
    return COMMANDS.stream()
        .filter(c -> c != HelpCommand.class && c.getAnnotation(Command.class).name().equals(name))
        .findFirst()
        .<List<Class<?>>>map(List::of)
        .orElse(COMMANDS);
  }

  static CommandLine commandLine(DataDirectory data, List<Class<?>> commands) {
    CliLogging.reset();
    return tree(data, commands);
  }

  /**
   * A command line for running one of clarq's commands from inside another ({@code clarq suite} runs each entry's
   * command through it): the same tree and error handling as {@link #commandLine(DataDirectory)}, but the log level
   * the outer command line was given ({@code --log-level}) is kept.
   */
  public static CommandLine nested(DataDirectory data) {
    return tree(data, COMMANDS);
  }

  private static CommandLine tree(DataDirectory data, List<Class<?>> commands) {
    CommandLine cl = new CommandLine(new ClarqCommand(data));
    for (Class<?> c : commands) {
      cl.addSubcommand(c);
    }
    HelpLayout.apply(cl);
    cl.setParameterExceptionHandler((ex, args) -> {
      CommandLine at = ex.getCommandLine();
      String path = path(at);
      PrintWriter err = at.getErr();
      StringBuilder line = new StringBuilder(path).append(": ").append(oneLine(ex.getMessage()));
      if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
        line.append(" (did you mean ").append(String.join(" or ", u.getSuggestions())).append("?)");
      }
      err.println(line);
      err.println(path + ": see `" + path + " --help`");
      err.flush();
      return at.getCommandSpec().exitCodeOnInvalidInput();
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      err.println(path(commandLine) + ": " + oneLine(describe(ex)));
      err.flush();
      return CommandLine.ExitCode.SOFTWARE;
    });
    cl.setExecutionStrategy(parseResult -> {
      // picocli keeps words it cannot place when --help is given (clarq nosuch --help): still an error, not help
      boolean help = false;
      for (CommandLine.ParseResult r = parseResult; r != null; r = r.subcommand()) {
        help |= r.isUsageHelpRequested();
      }
      for (CommandLine.ParseResult r = parseResult; help && r != null; r = r.subcommand()) {
        if (!r.unmatched().isEmpty()) {
          CommandLine at = r.commandSpec().commandLine();
          String first = r.unmatched().get(0);
          if (!at.getSubcommands().isEmpty() && !first.startsWith("-")) {
            throw new CommandLine.ParameterException(at, "unknown command '" + first + "'; the commands: "
                + String.join(", ", new java.util.TreeSet<>(at.getSubcommands().keySet())));
          }
          throw new CommandLine.UnmatchedArgumentException(at, r.unmatched());
        }
      }
      CommandLine leaf = parseResult.asCommandLineList().get(parseResult.asCommandLineList().size() - 1);
      PrintWriter original = leaf.getErr();
      CommandPrefixWriter prefixed = new CommandPrefixWriter(original, path(leaf));
      leaf.setErr(prefixed);
      CliLogging.route(path(leaf), prefixed);
      try {
        return new CommandLine.RunLast().execute(parseResult);
      } finally {
        prefixed.flush();
        leaf.setErr(original);
        CliLogging.route(path(leaf), original);
      }
    });
    return cl;
  }

  /** The full command a message starts with: {@code clarq toa run}. */
  static String path(CommandLine cl) {
    return cl.getCommandSpec().qualifiedName(" ");
  }

  /** A message as one line: picocli joins several errors with line breaks. */
  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", "; ");
  }

  static String describe(Throwable ex) {
    StringBuilder sb = new StringBuilder(ex instanceof com.fasterxml.jackson.core.JsonProcessingException j
        ? io.clarq.core.files.JsonErrors.describe(j) : String.valueOf(ex.getMessage() == null ? ex : ex.getMessage()));
    for (Throwable c = ex.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      // a JSON error in words (line, column), never Jackson's "[Source: REDACTED ...]"
      String m = c instanceof com.fasterxml.jackson.core.JsonProcessingException j
          ? io.clarq.core.files.JsonErrors.describe(j) : c.getMessage();
      if (m != null && !sb.toString().contains(m)) {
        sb.append(": ").append(m);
      }
    }
    return sb.toString();
  }

  public static void main(String[] args) {
    System.exit(commandLine(DataDirectory.ofEnvironment(), needed(args)).execute(args));
  }
}
