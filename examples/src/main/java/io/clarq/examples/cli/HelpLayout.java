package io.clarq.examples.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * How every {@code clarq ... --help} is laid out: {@value #WIDTH} columns, text wrapped at spaces only (picocli's own
 * wrapping breaks after '.' and '/', splitting names such as {@code summary.md} or {@code e.g.}), descriptions written
 * as several source lines joined back into sentences, and the command list giving each command's whole first
 * sentence rather than the first source line of its description.
 */
public final class HelpLayout {
  /** The help's width in columns. */
  static final int WIDTH = 100;

  /** The widest option-name column before the description moves to the next line. */
  private static final int MAX_NAME_COLUMN = 32;

  private HelpLayout() {}

  /** Applies the layout to {@code cl} and every subcommand below it. */
  static void apply(CommandLine cl) {
    cl.setUsageHelpWidth(WIDTH);
    Map<String, CommandLine.IHelpSectionRenderer> sections = cl.getHelpSectionMap();
    sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER, help -> paragraphs(help.commandSpec()
        .usageMessage().header(), 0));
    sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION, help -> paragraphs(help.commandSpec()
        .usageMessage().description(), 0));
    sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS, help -> synopsis(help.commandSpec()));
    sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> optionList(help.commandSpec()));
    sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST,
        help -> parameterList(help.commandSpec()));
    sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, help -> commandList(help.commandSpec()));
    cl.setHelpSectionMap(sections);
    for (CommandLine sub : cl.getSubcommands().values()) {
      apply(sub);
    }
  }

  /**
   * The source lines of a header or description joined into paragraphs (a line not ending a sentence continues on
   * the next; an empty line separates paragraphs), each wrapped at {@link #WIDTH}.
   */
  static String paragraphs(String[] lines, int indent) {
    StringBuilder out = new StringBuilder();
    for (String p : joined(lines)) {
      for (String line : wrap(p, WIDTH - indent)) {
        out.append(" ".repeat(indent)).append(line).append('\n');
      }
    }
    return out.toString();
  }

  private static List<String> joined(String[] lines) {
    List<String> paragraphs = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String raw : lines) {
      String line = raw.strip();
      if (line.isEmpty()) {
        if (current.length() > 0) {
          paragraphs.add(current.toString());
          current.setLength(0);
        }
        paragraphs.add("");
        continue;
      }
      if (current.length() > 0) {
        current.append(' ');
      }
      current.append(line);
      if (endsSentence(line)) {
        paragraphs.add(current.toString());
        current.setLength(0);
      }
    }
    if (current.length() > 0) {
      paragraphs.add(current.toString());
    }
    return paragraphs;
  }

  private static boolean endsSentence(String line) {
    char last = line.charAt(line.length() - 1);
    return last == '.' || last == '!' || last == '?' || last == ':';
  }

  /** {@code text} broken into lines of at most {@code width} columns at spaces only; a longer word stands alone. */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" +")) {
      if (word.isEmpty()) {
        continue;
      }
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0 || lines.isEmpty()) {
      lines.add(line.toString());
    }
    return lines;
  }

  private static String optionList(CommandSpec spec) {
    List<OptionSpec> options = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        options.add(o);
      }
    }
    if (spec.usageMessage().sortOptions()) {
      options.sort(Comparator.comparing(o -> sortKey(o)));
    }
    List<String[]> rows = new ArrayList<>();
    for (OptionSpec o : options) {
      rows.add(new String[] {names(spec, o), String.join(" ", o.description())});
    }
    return table(rows, nameColumn(spec));
  }

  private static String sortKey(OptionSpec o) {
    String shortest = o.shortestName().replaceFirst("^-+", "");
    return shortest.toLowerCase(Locale.ROOT) + " " + shortest;
  }

  private static String names(CommandSpec spec, OptionSpec o) {
    String shortName = null;
    List<String> longNames = new ArrayList<>();
    for (String n : o.names()) {
      if (n.length() == 2 && n.charAt(0) == '-' && n.charAt(1) != '-' && shortName == null) {
        shortName = n;
      } else {
        longNames.add(n);
      }
    }
    String label = "";
    if (o.arity().max() > 0 && !o.paramLabel().isEmpty()) {
      label = spec.parser().separator() + o.paramLabel();
      label = o.arity().min() == 0 ? "[" + label + "]" : label;
    }
    List<String> named = new ArrayList<>();
    for (String n : longNames) {
      named.add(n + label);   // each name with its value: --llm-cache=FILE, --cache=FILE
    }
    StringBuilder sb = new StringBuilder();
    sb.append(shortName == null ? "    " : shortName + (longNames.isEmpty() ? label : ", "));
    sb.append(String.join(", ", named));
    return sb.toString();
  }

  private static String parameterList(CommandSpec spec) {
    List<String[]> rows = new ArrayList<>();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        rows.add(new String[] {"    " + p.paramLabel(), String.join(" ", p.description())});
      }
    }
    return table(rows, nameColumn(spec));
  }

  private static String commandList(CommandSpec spec) {
    List<String[]> rows = new ArrayList<>();
    for (Map.Entry<String, CommandLine> e : spec.subcommands().entrySet()) {
      CommandSpec sub = e.getValue().getCommandSpec();
      if (sub.usageMessage().hidden() || !e.getKey().equals(sub.name())) {
        continue;   // aliases are listed once, under the command's name
      }
      String[] header = sub.usageMessage().header();
      List<String> text = joined(header.length > 0 ? header : sub.usageMessage().description());
      rows.add(new String[] {e.getKey(), text.isEmpty() ? "" : firstSentence(text.get(0))});
    }
    return table(rows, 0);
  }

  /** The option and parameter names' column: the widest name, up to {@link #MAX_NAME_COLUMN}. */
  private static int nameColumn(CommandSpec spec) {
    int column = 0;
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        column = Math.max(column, Math.min(MAX_NAME_COLUMN, names(spec, o).length()));
      }
    }
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        column = Math.max(column, Math.min(MAX_NAME_COLUMN, 4 + p.paramLabel().length()));
      }
    }
    return column;
  }

  /** Up to the first full stop followed by a capital letter (so "e.g. x" does not end it). */
  static String firstSentence(String paragraph) {
    for (int i = paragraph.indexOf(". "); i >= 0; i = paragraph.indexOf(". ", i + 1)) {
      if (i + 2 < paragraph.length() && Character.isUpperCase(paragraph.charAt(i + 2))) {
        return paragraph.substring(0, i + 1);
      }
    }
    return paragraph;
  }

  /**
   * The usage line: the command, its required options, {@code [OPTIONS]} for the others (listed below it), its
   * parameters and {@code [COMMAND]}; wrapped between these words, never inside one.
   */
  private static String synopsis(CommandSpec spec) {
    List<String> words = new ArrayList<>();
    boolean optional = false;
    for (OptionSpec o : spec.options()) {
      if (o.hidden()) {
        continue;
      }
      if (o.required()) {
        words.add(o.longestName() + (o.arity().max() > 0 ? spec.parser().separator() + o.paramLabel() : ""));
      } else {
        optional = true;
      }
    }
    if (optional) {
      words.add("[OPTIONS]");
    }
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        String label = p.paramLabel() + (p.arity().max() > 1 ? "..." : "");
        words.add(p.required() ? label : "[" + label + "]");
      }
    }
    if (!spec.subcommands().isEmpty()) {
      words.add("[COMMAND]");
    }
    String name = spec.qualifiedName(" ");
    int indent = "Usage: ".length() + name.length() + 1;
    StringBuilder out = new StringBuilder(name);
    int column = indent - 1;
    for (String w : words) {
      if (column + 1 + w.length() > WIDTH && column > indent) {
        out.append('\n').append(" ".repeat(indent - 1));
        column = indent - 1;
      }
      out.append(' ').append(w);
      column += 1 + w.length();
    }
    return out.append('\n').toString();
  }

  /** Rows of name and text: the names in a column, each text wrapped beside it at spaces. */
  private static String table(List<String[]> rows, int minColumn) {
    int column = minColumn;
    for (String[] r : rows) {
      column = Math.max(column, Math.min(MAX_NAME_COLUMN, r[0].length()));
    }
    int indent = 2 + column + 2;
    StringBuilder out = new StringBuilder();
    for (String[] r : rows) {
      List<String> text = wrap(r[1], WIDTH - indent);
      out.append("  ").append(r[0]);
      int from = 0;
      if (r[0].length() > column && !r[1].isEmpty()) {
        out.append('\n');
      } else {
        out.append(r[1].isEmpty() ? "" : " ".repeat(column - r[0].length() + 2) + text.get(0)).append('\n');
        from = 1;
      }
      for (int i = from; i < text.size(); i++) {
        out.append(" ".repeat(indent)).append(text.get(i)).append('\n');
      }
    }
    return out.toString();
  }
}
