package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyAst.Assign;
import io.clarq.datasets.clarqllm.reference.PyAst.DictLit;
import io.clarq.datasets.clarqllm.reference.PyAst.Expr;
import io.clarq.datasets.clarqllm.reference.PyAst.If;
import io.clarq.datasets.clarqllm.reference.PyAst.Name;
import io.clarq.datasets.clarqllm.reference.PyAst.Stmt;
import io.clarq.datasets.clarqllm.reference.PyAst.Str;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * String literals read out of Python source with the same lexer and parser that derive the ClarQ-LLM reference pack:
 * for other benchmarks whose prompts live in a reference code's Python files (MediQ). Holds no prompt text.
 */
public final class PythonStrings {
  private PythonStrings() {}

  /**
   * The string entries of the dictionary literal assigned to {@code variable} at the top of a module, by key, in
   * source order; entries whose value is not a plain string (a nested dictionary) are left out.
   *
   * @param where the file's name, for messages
   * @throws IllegalArgumentException naming the file when there is no such assignment or the source cannot be read
   */
  public static Map<String, String> dictionary(String source, String where, String variable) {
    for (Stmt s : PyParser.module(source, where)) {
      if (s instanceof Assign a && a.target() instanceof Name n && n.id().equals(variable)) {
        if (!(a.value() instanceof DictLit d)) {
          throw new IllegalArgumentException(where + ", line " + a.line() + ": " + variable + " is not a dict literal");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < d.keys().size(); i++) {
          if (d.keys().get(i) instanceof Str k && d.values().get(i) instanceof Str v) {
            out.put(literal(k, where), literal(v, where));
          }
        }
        return out;
      }
    }
    throw new IllegalArgumentException(where + ": no top-level assignment to " + variable
        + ": the file is not the pinned reference code");
  }

  /**
   * The string assigned to {@code variable} in {@code function} ("Class.method" or "function"), the
   * {@code occurrence}-th such assignment (0 the first) in source order, branches included, with each f-string
   * expression replaced by {@code {name}} where {@code placeholders} maps the expression's source text to name.
   *
   * @throws IllegalArgumentException naming the file when there is no such assignment, its value is not a string, or
   *     an f-string expression has no placeholder
   */
  public static String assigned(String source, String where, String function, String variable, int occurrence,
      Map<String, String> placeholders) {
    List<Stmt> body = PyAst.body(PyParser.module(source, where), function, where);
    List<Assign> found = new ArrayList<>();
    collect(body, variable, found);
    if (found.size() <= occurrence) {
      throw new IllegalArgumentException(where + " " + function + ": " + variable + " is assigned " + found.size()
          + " time(s), not " + (occurrence + 1) + ": the file is not the pinned reference code");
    }
    Assign a = found.get(occurrence);
    if (!(a.value() instanceof Str str)) {
      throw new IllegalArgumentException(where + ", line " + a.line() + ": " + variable + " is not a string literal");
    }
    StringBuilder sb = new StringBuilder();
    for (Object part : str.parts()) {
      if (part instanceof String text) {
        sb.append(text);
      } else {
        String src = ((Expr) part).src().strip();
        String name = placeholders.get(src);
        if (name == null) {
          throw new IllegalArgumentException(where + ", line " + a.line() + ": f-string expression {" + src
              + "} has no placeholder; known: " + placeholders.keySet());
        }
        sb.append('{').append(name).append('}');
      }
    }
    return sb.toString();
  }

  private static String literal(Str s, String where) {
    StringBuilder sb = new StringBuilder();
    for (Object part : s.parts()) {
      if (!(part instanceof String text)) {
        throw new IllegalArgumentException(where + ": " + s.src() + " is an f-string, expected a plain string");
      }
      sb.append(text);
    }
    return sb.toString();
  }

  private static void collect(List<Stmt> body, String variable, List<Assign> found) {
    for (Stmt s : body) {
      if (s instanceof Assign a && a.target() instanceof Name n && n.id().equals(variable)) {
        found.add(a);
      } else if (s instanceof If f) {
        f.bodies().forEach(b -> collect(b, variable, found));
        collect(f.orelse(), variable, found);
      }
    }
  }

}
