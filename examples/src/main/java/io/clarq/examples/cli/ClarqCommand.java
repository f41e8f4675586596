package io.clarq.examples.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code clarq} command: {@code java -jar examples/target/clarq.jar <subcommand> --help}. */
@Command(
    name = "clarq",
    mixinStandardHelpOptions = true,
    version = "clarq 0.1.0",
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
      CommandLine.HelpCommand.class,
    })
public final class ClarqCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The command line with clarq's error handling: a failure prints its message (no stack trace) and exits 1. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new ClarqCommand());
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
