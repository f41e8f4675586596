package io.clarq.datasets.clarqllm.reference;

import java.util.List;
import java.util.Map;

/** The symbolic values {@link PyTemplateEval} computes while it runs a prompt builder of the reference code. */
final class PyValue {
  private PyValue() {}

  /** A symbolic value. */
  sealed interface Val permits Text, Items, Sym, Dict, Indexed, Index, None, Bool, Int, Unknown, Tuple {}

  /** A string: {@code literal} when it holds no placeholder (so {@code str.format} may read its braces). */
  record Text(String text, boolean literal) implements Val {}

  /** A concrete list. */
  record Items(List<Val> items) implements Val {}

  /**
   * A list standing for an input: its elements are {@code element}, any join of it (or of a comprehension over it)
   * is {@code {join}}, its last element {@code {last}}; each may be null when the template never needs it.
   */
  record Sym(Val element, String join, String last) implements Val {}

  /** A mapping whose every value is the placeholder {@code {value}}. */
  record Dict(String value) implements Val {}

  /** A sequence with known elements at some indices (e.g. the task's background fields). */
  record Indexed(Map<Long, Val> items) implements Val {}

  /** The counter of {@code enumerate}: {@code i+1} is {@code {index}}. */
  record Index() implements Val {}

  record None() implements Val {}

  record Bool(boolean value) implements Val {}

  record Int(long value) implements Val {}

  record Tuple(List<Val> items) implements Val {}

  /** What could not be computed, and why. */
  record Unknown(String why) implements Val {}
}
