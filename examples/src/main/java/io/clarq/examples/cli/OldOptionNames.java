package io.clarq.examples.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The old names of options ({@code --threads} for {@code --concurrency}, {@code --output} for {@code --out}): a value
 * given under the old name is taken exactly as if given under the new one, so it meets the same checks; both names
 * at once are refused, naming the one to keep.
 */
public final class OldOptionNames {
  private OldOptionNames() {}

  /**
   * The value of option {@code newName}: {@code oldValue} when the old name was given (null when it was not),
   * otherwise {@code newValue} (the new name's value or its default).
   */
  public static <T> T resolve(CommandSpec spec, String newName, T newValue, String oldName, T oldValue) {
    if (oldValue == null) {
      return newValue;
    }
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    if (parsed != null && parsed.hasMatchedOption(newName)) {
      throw new CommandLine.ParameterException(spec.commandLine(), oldName + " " + oldValue + " and " + newName + " "
          + newValue + ": " + oldName + " is the old name of " + newName + "; give " + newName + " only");
    }
    return oldValue;
  }
}
