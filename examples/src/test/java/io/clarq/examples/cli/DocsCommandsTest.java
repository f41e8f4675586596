package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Every {@code clarq} command line printed in a code block of README.md and docs/*.md runs as printed, unless it
 * needs a model, the network or a person, or is a full benchmark sweep (the rule below). Each page's lines run in
 * order (a later line may read what an earlier one wrote), in this JVM through {@link ClarqCommand#commandLine}, as
 * a shell would pass them: {@code T=...} assignments above a line in its block are expanded, line continuations
 * joined, quotes and {@code # comments} taken off. They run as if from the project root beside {@code
 * ../shared/data}: an argument starting {@code ../shared/data} names the reference data, the data directory of
 * lines that give no path is the reference data too, and any other relative path given to a file or folder option
 * or parameter lands in a temporary folder (except a published run's short name, {@code provider.Chat.En}). Each
 * must exit 0.
 *
 * <p>docs/cli.md is left out: its blocks are the commands' help, not commands.
 *
 * <p>A line is skipped when it contains any of {@link #NEEDS_MORE}: a model ({@code openai:}, a URL, a judge model
 * named by placeholder), a file the reader supplies (named by placeholder: {@code COLLECTION.tar.gz}), the network ({@code data fetch}), a person ({@code play}, the console), the output of a
 * model run shown above it ({@code runs/}), an output too large for a test (ClariQ's synthetic training
 * conversations, about 865 MB), or a sweep over the whole benchmark that the command's own tests cover on a part
 * ({@code demo --tasks}: 520 dialogues; {@code provider-audit --types 1-13} and {@code 14-26}: thousands of turns),
 * or a server that runs until stopped ({@code serve}).
 */
class DocsCommandsTest {
  private static final String JAR = "java -jar examples/target/clarq.jar";
  private static final Pattern BLOCK = Pattern.compile("(?ms)^```[^\\n]*\\n(.*?)^```");
  private static final Pattern VARIABLE = Pattern.compile("\\$(?:\\{(\\w+)\\}|(\\w+))");
  /** The short name of a published run that {@code --transcripts} takes in place of a path (provider.Chat.En). */
  private static final Pattern PUBLISHED_RUN = Pattern.compile("(multi_info_)?provider\\.\\w+\\.\\w+");
  private static final Pattern ASSIGNMENT = Pattern.compile("^[A-Z_][A-Z0-9_]*=\\S+$");
  static final List<String> NEEDS_MORE = List.of("openai:", "http://", "https://", "--base-url", "JUDGE_MODEL",
      "COLLECTION.tar.gz",
      "data fetch", " play ", "console", "runs/", "synthesize --split train", "demo --tasks", "--types 1-13",
      "--types 14-26", " serve ");

  @TempDir Path tmp;

  /** A page's runnable lines, each with the variable assignments above it in its block. */
  record Line(Path page, String prelude, String command) {}

  static Path root() {
    return Path.of("").toAbsolutePath().getParent();
  }

  static List<Line> lines(Path page) throws IOException {
    String text = Files.readString(page, StandardCharsets.UTF_8);
    List<Line> lines = new ArrayList<>();
    Matcher m = BLOCK.matcher(text);
    while (m.find()) {
      StringBuilder prelude = new StringBuilder();
      for (String raw : m.group(1).replace("\\\n", " ").split("\n")) {
        String line = raw.strip();
        if (line.startsWith("$ ")) {
          line = line.substring(2);
        }
        if (ASSIGNMENT.matcher(line).matches()) {
          prelude.append(line).append('\n');
          continue;
        }
        int and = line.lastIndexOf("&& " + JAR);
        if (and >= 0) {
          line = line.substring(and + 3);   // the build before it is the test's own
        }
        if (line.startsWith("clarq ")) {
          line = JAR + line.substring("clarq".length());
        }
        if (line.startsWith(JAR + " ")) {
          lines.add(new Line(page, prelude.toString(), line));
        }
      }
    }
    return lines;
  }

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(root().resolve("README.md"));
    try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("cli.md")).sorted()
          .forEach(pages::add);
    }
    return pages;
  }

  static boolean runnable(Line l) {
    return NEEDS_MORE.stream().noneMatch(l.command()::contains);
  }

  @Test
  void testTheDocsHaveCommandsOfBothKinds() throws IOException {
    List<Line> all = new ArrayList<>();
    for (Path p : pages()) {
      all.addAll(lines(p));
    }
    assertThat(all).filteredOn(DocsCommandsTest::runnable).hasSizeGreaterThan(10);
    assertThat(all).filteredOn(l -> !runnable(l)).isNotEmpty();
    assertThat(all).as("optional parts are separate examples, not in brackets")
        .noneMatch(l -> l.command().matches(".*\\s\\[--?\\w.*"));
  }

  @TestFactory
  List<DynamicTest> testEveryCommandInTheDocsRunsAsPrinted() throws IOException {
    Path data = SharedData.require("clarq-llm").getParent();
    List<DynamicTest> tests = new ArrayList<>();
    for (Path page : pages()) {
      Path project = Files.createDirectories(tmp.resolve(page.getFileName().toString()));
      for (Line l : lines(page)) {
        if (runnable(l)) {
          tests.add(DynamicTest.dynamicTest(root().relativize(page) + ": " + l.command(),
              () -> run(project, data, l)));
        }
      }
    }
    return tests;
  }

  private static void run(Path project, Path data, Line l) {
    List<String> words = words(l.prelude(), l.command().substring(JAR.length()));
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(data));
    String[] args = localized(cl, words, project, data).toArray(String[]::new);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    assertThat(code).as("%s%nran as %s%n%s%s", l.command(), List.of(args), err, out).isZero();
  }

  /** The words a shell makes of {@code line}: variables of {@code prelude} expanded, quotes and comment taken off. */
  static List<String> words(String prelude, String line) {
    Map<String, String> vars = new HashMap<>();
    for (String a : prelude.split("\n")) {
      if (!a.isBlank()) {
        vars.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
      }
    }
    List<String> words = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else if (c == '#' && !inWord) {
        break;
      } else if (c == '$') {
        Matcher v = VARIABLE.matcher(line).region(i, line.length());
        assertThat(v.lookingAt()).as("a variable at %d of %s", i, line).isTrue();
        String name = v.group(1) != null ? v.group(1) : v.group(2);
        assertThat(vars).as("%s is set above the line in its block", name).containsKey(name);
        w.append(vars.get(name));
        inWord = true;
        i = v.end() - 1;
      } else {
        w.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(w.toString());
    }
    return words;
  }

  /**
   * The words with paths made absolute as from the project root: {@code ../shared/data...} into {@code data}, a file
   * the project ships under {@code docs/} to that file, and other relative values of file and folder options and
   * parameters into {@code project}.
   */
  private static List<String> localized(CommandLine cl, List<String> words, Path project, Path data) {
    List<String> out = new ArrayList<>();
    CommandSpec spec = cl.getCommandSpec();
    int positional = 0;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      CommandLine sub = spec.subcommands().get(word);
      if (sub != null && out.size() == i && positional == 0) {
        spec = sub.getCommandSpec();
        out.add(word);
        continue;
      }
      if (word.startsWith("-")) {
        String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        OptionSpec o = spec.findOption(name);
        if (o != null && o.arity().max() > 0) {
          if (word.contains("=")) {
            out.add(name + "=" + localPath(word.substring(name.length() + 1), isPath(o), project, data));
          } else {
            out.add(word);
            if (i + 1 < words.size()) {
              out.add(localPath(words.get(++i), isPath(o), project, data));
            }
          }
          continue;
        }
        out.add(word);
        continue;
      }
      List<PositionalParamSpec> params = spec.positionalParameters();
      boolean path = !params.isEmpty() && isPath(params.get(Math.min(positional, params.size() - 1)));
      positional++;
      out.add(localPath(word, path, project, data));
    }
    return out;
  }

  private static boolean isPath(CommandLine.Model.ArgSpec a) {
    if (a.type() == Path.class || a.type() == File.class) {
      return true;
    }
    for (Class<?> t : a.auxiliaryTypes()) {
      if (t == Path.class || t == File.class) {
        return true;
      }
    }
    return false;
  }

  private static String localPath(String value, boolean path, Path project, Path data) {
    if (value.equals("../shared/data") || value.startsWith("../shared/data/")) {
      return data.resolve(value.substring("../shared/data".length()).replaceFirst("^/", "")).toString();
    }
    if (path && value.startsWith("docs/") && Files.exists(root().resolve(value))) {
      return root().resolve(value).toString();   // a file the project ships beside its docs (docs/examples/...)
    }
    if (path && !Path.of(value).isAbsolute() && !PUBLISHED_RUN.matcher(value).matches()) {
      return project.resolve(value).toString();
    }
    return value;
  }
}
