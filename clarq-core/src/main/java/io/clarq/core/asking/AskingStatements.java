package io.clarq.core.asking;

import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.Map;

/**
 * The task statement each benchmark renders for askers, from template {@code statement/BENCHMARK} of clarq's own
 * asking pack ({@link PackLayout#ASKING}): the words are in this module's resources, never in code.
 */
public final class AskingStatements {
  /** The benchmarks that render a statement, as {@link AskingTurn#benchmark()} names them. */
  public static final java.util.List<String> BENCHMARKS = java.util.List.of("clarq-llm", "mediq", "toa", "cq");

  private AskingStatements() {}

  /** clarq's own asking pack. */
  public static PromptPack pack() {
    return PromptPack.builtIn(PackLayout.ASKING);
  }

  /**
   * The statement of {@code benchmark} made from {@code fields} ({@link AskingTurn#fields()}).
   *
   * @throws IllegalArgumentException naming the benchmark or the missing field
   */
  public static String render(String benchmark, Map<String, String> fields) {
    if (!BENCHMARKS.contains(benchmark)) {
      throw new IllegalArgumentException("no asking statement for benchmark \"" + benchmark + "\"; known: "
          + BENCHMARKS);
    }
    return pack().template("statement/" + benchmark).render(fields);
  }

  /** A turn of {@code benchmark} whose statement is rendered from its fields. */
  public static AskingTurn turn(String benchmark, String dialogueKey, Map<String, String> fields,
      java.util.List<Message> messages, java.util.Set<ActionKind> allowed, java.util.List<Choice> choices,
      int trial) {
    return new AskingTurn(benchmark, dialogueKey, render(benchmark, fields), fields, messages, allowed, choices,
        trial);
  }
}
