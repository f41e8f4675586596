package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.task.TaskId;
import java.util.BitSet;
import picocli.CommandLine;

/** A set of task types given on the command line: {@code 1-13}, {@code 14-26}, {@code 1,3,5-7}. */
public final class TypeRange {
  private final BitSet types;

  private TypeRange(BitSet types) {
    this.types = types;
  }

  boolean contains(int type) {
    return types.get(type);
  }

  /** @throws CommandLine.ParameterException naming the option and the bad part */
  static TypeRange parse(CommandLine cl, String option, String text) {
    BitSet set = new BitSet();
    for (String part : text.split(",", -1)) {
      String p = part.trim();
      try {
        int dash = p.indexOf('-');
        int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
        int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1).trim());
        if (from < 1 || to > TaskId.TYPES || from > to) {
          throw new NumberFormatException();
        }
        set.set(from, to + 1);
      } catch (NumberFormatException e) {
        throw new CommandLine.ParameterException(cl, option + " " + text + ": \"" + p + "\" is not a task type or"
            + " range of types within 1-" + TaskId.TYPES + " (e.g. 1-13 or 1,3,5-7)");
      }
    }
    return new TypeRange(set);
  }
}
