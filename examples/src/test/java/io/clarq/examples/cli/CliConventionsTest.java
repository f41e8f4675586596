package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.examples.cli.clarqllm.RunCommand;
import io.clarq.examples.cli.toa.ToaCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The rules every {@code clarq} command keeps, checked on each command and subcommand of the tree (walked from the
 * command line itself, so a new command is checked without being listed here): its {@code --help} fits the width,
 * shows no {@code <fieldName>} placeholder, and holds every description whole (no sentence cut, no line break inside
 * a word such as {@code summary.md}); a bad invocation prints one message starting with the full command and where
 * its help is, never the usage text, and exits 2.
 */
class CliConventionsTest {
  private static final Pattern PLACEHOLDER = Pattern.compile("<[a-z][A-Za-z0-9]*>");

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(List<String> args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args.toArray(String[]::new));
  }

  /** Every command below {@code clarq}, as the words that name it, {@code clarq} itself first. */
  static List<List<String>> commands() {
    List<List<String>> all = new ArrayList<>();
    walk(ClarqCommand.commandLine(), new ArrayList<>(), all);
    return all;
  }

  private static void walk(CommandLine cl, List<String> path, List<List<String>> all) {
    all.add(List.copyOf(path));
    for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
      if (e.getKey().equals(e.getValue().getCommandName())) {   // each command once, not under its aliases
        List<String> sub = new ArrayList<>(path);
        sub.add(e.getKey());
        walk(e.getValue(), sub, all);
      }
    }
  }

  @Test
  void testTheTreeHoldsEveryCommand() {
    List<String> names = commands().stream().map(p -> String.join(" ", p)).toList();
    assertThat(names).contains("", "run", "toa run", "clariq eval", "data verify", "cq generate")
        .hasSizeGreaterThan(25);
  }

  /**
   * {@code main} builds only the subcommand a command line names ({@link ClarqCommand#needed}): for every command its
   * help and the message of a bad invocation are the same as from the whole tree, and the tree is whole wherever the
   * root's list is printed.
   */
  @Test
  void testTheTreeOfOneCommandAnswersAsTheWholeTree() {
    for (List<String> command : commands()) {
      if (command.isEmpty()) {
        continue;
      }
      for (String last : List.of("--help", "--no-such-option")) {
        List<String> args = new ArrayList<>(command);
        args.add(last);
        int whole = run(args);
        String wholeOut = out.toString() + err;
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        String[] argv = args.toArray(String[]::new);
        CommandLine cl = ClarqCommand.commandLine(io.clarq.datasets.fetch.DataDirectory.ofEnvironment(),
            ClarqCommand.needed(argv));
        assertThat(cl.getSubcommands()).as("tree for %s", args)
            .hasSize(command.get(0).equals("help") ? ClarqCommand.COMMANDS.size() : 1);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute(argv)).as("exit of %s", args).isEqualTo(whole);
        assertThat(out.toString() + err).as("output of %s", args).isEqualTo(wholeOut);
      }
    }
    assertThat(ClarqCommand.needed("--log-level", "debug", "toa", "run")).containsExactly(ToaCommand.class);
    assertThat(ClarqCommand.needed("--log-level=off", "run")).containsExactly(RunCommand.class);
    assertThat(ClarqCommand.needed("--version")).isEmpty();
    for (String[] all : List.of(new String[0], new String[] {"--help"}, new String[] {"help", "run"},
        new String[] {"rnu"}, new String[] {"--log-level", "info"})) {
      assertThat(ClarqCommand.needed(all)).as(String.join(" ", all)).isEqualTo(ClarqCommand.COMMANDS);
    }
    assertThat(run(List.of("rnu"))).isEqualTo(2);
    assertThat(err.toString()).contains("clarq: Unmatched argument at index 0: 'rnu'");
  }

  @TestFactory
  List<DynamicTest> testHelpOfEveryCommand() {
    List<DynamicTest> tests = new ArrayList<>();
    for (List<String> command : commands()) {
      tests.add(DynamicTest.dynamicTest("clarq " + String.join(" ", command) + " --help", () -> {
        List<String> args = new ArrayList<>(command);
        args.add("--help");
        assertThat(run(args)).as(err.toString()).isZero();
        String help = out.toString();
        assertThat(help).as("help of " + command).contains("Usage: clarq");
        assertThat(help.lines().filter(l -> l.startsWith("Usage:") || l.startsWith("  -")))
            .as("help of " + command).noneMatch(l -> PLACEHOLDER.matcher(l).find());
        assertThat(labels(command)).as("parameter labels of " + command).noneMatch(l -> PLACEHOLDER.matcher(l).find());
        assertThat(help.lines()).as("help of " + command)
            .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(HelpLayout.WIDTH));
        String flat = flat(help);
        for (String text : descriptions(command)) {
          assertThat(flat).as("help of %s holds, whole: %s", command, text).contains(flat(text));
        }
      }));
    }
    return tests;
  }

  private static CommandSpec spec(List<String> command) {
    CommandLine cl = ClarqCommand.commandLine();
    for (String word : command) {
      cl = cl.getSubcommands().get(word);
    }
    return cl.getCommandSpec();
  }

  /** The labels of the values every option and parameter of {@code command} takes. */
  private static List<String> labels(List<String> command) {
    List<String> labels = new ArrayList<>();
    for (OptionSpec o : spec(command).options()) {
      if (o.arity().max() > 0) {
        labels.add(o.longestName() + "=" + o.paramLabel());
      }
    }
    for (PositionalParamSpec p : spec(command).positionalParameters()) {
      labels.add(p.paramLabel());
    }
    return labels;
  }

  /** What the help of {@code command} must show whole: its options' and parameters' descriptions and its commands'. */
  private static List<String> descriptions(List<String> command) {
    CommandSpec spec = spec(command);
    List<String> texts = new ArrayList<>();
    texts.add(String.join(" ", spec.usageMessage().description()));
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        texts.add(String.join(" ", o.description()));
      }
    }
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        texts.add(String.join(" ", p.description()));
      }
    }
    for (CommandLine sub : spec.subcommands().values()) {
      CommandSpec s = sub.getCommandSpec();
      String[] header = s.usageMessage().header();
      String text = String.join(" ", header.length > 0 ? header : s.usageMessage().description());
      texts.add(HelpLayout.firstSentence(flat(text)));
    }
    return texts;
  }

  /** Text with every run of white space (line breaks and the indentation after them) made one space. */
  private static String flat(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }

  @TestFactory
  List<DynamicTest> testBadInvocationOfEveryCommand() {
    List<DynamicTest> tests = new ArrayList<>();
    for (List<String> command : commands()) {
      String path = String.join(" ", "clarq", String.join(" ", command)).strip();
      tests.add(DynamicTest.dynamicTest(path + " --no-such-option", () -> {
        List<String> args = new ArrayList<>(command);
        args.add("--no-such-option");
        assertThat(run(args)).as(err.toString()).isEqualTo(2);
        String message = err.toString();
        assertThat(out.toString()).as("stdout of a bad invocation").isEmpty();
        assertThat(message).doesNotContain("Usage:").doesNotContain("--log-level")
            .endsWith("see `" + path + " --help`" + System.lineSeparator());
        assertThat(message.lines()).as(message).hasSize(2)
            .allSatisfy(l -> assertThat(l).startsWith(path + ": "));
      }));
    }
    return tests;
  }

  @Test
  void testAFailureNamesTheWholeCommand() {
    assertThat(run(List.of("toa", "run", "--flm", "/no/such/flm.jsonl", "--asker", "offline", "--primary",
        "offline", "--out", "/no/such/dir"))).isNotZero();
    assertThat(err.toString()).startsWith("clarq toa run: ").doesNotContain("Usage:");
  }

  @Test
  void testLibraryLogLinesComeOutInTheCommandsFormAtTheChosenLevel() {
    assertThat(LoggerFactory.getILoggerFactory().getClass().getName()).startsWith(CliLogging.class.getName());
    StringWriter log = new StringWriter();
    Logger logger = LoggerFactory.getLogger("io.clarq.eval.toa.ToaRun");
    try {
      CliLogging.route("clarq toa run", new PrintWriter(log, true));
      CliLogging.level("info");
      logger.info("{} examples", 3);
      logger.debug("not shown at info");
      logger.warn("slow server", new IllegalStateException("timed out"));
      CliLogging.level("warn");
      logger.info("not shown at warn");
      CliLogging.level("off");
      logger.error("not shown when off");
    } finally {
      CliLogging.reset();
    }
    assertThat(log.toString().lines()).containsExactly("clarq toa run: 3 examples",
        "clarq toa run: warning: slow server: timed out");
  }

  @Test
  void testHelpCommand() {
    assertThat(run(List.of("help", "toa", "run"))).isZero();
    assertThat(out.toString()).contains("Usage: clarq toa run ");
    assertThat(run(List.of("help", "toa", "walk"))).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("clarq help: unknown command 'walk' in clarq toa; its commands: run, merge"
        + System.lineSeparator() + "clarq help: see `clarq help --help`" + System.lineSeparator());
  }

  @Test
  void testLogLevelIsChecked() {
    assertThat(run(List.of("--log-level", "loud", "data", "list"))).isEqualTo(2);
    assertThat(err.toString()).contains("--log-level loud: expected one of error, warn, info, debug, trace, off");
  }
}
